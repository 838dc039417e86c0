import { CORE_MESSAGES_ZH_CN } from '../contract/messages-zh-CN';
import { mergeCatalogue } from './merge';

/**
 * The zh-CN areas the public pages need, with the server's and the rules' messages but those of an area (contract/message-areas.ts), which load on demand. The
 * registration pages' own area (register.ts) loads with those pages.
 */
export default {
  ...CORE_MESSAGES_ZH_CN,
  ...mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>('./zh-CN/{common,login,reset,exception,http}.ts', {
      eager: true,
    }),
  ),
};
