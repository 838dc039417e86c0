import { CORE_MESSAGES_EN_US } from '../contract/messages-en-US';
import { mergeCatalogue } from './merge';

/**
 * The en-US areas the public pages need, with the server's and the rules' messages but those of an area (contract/message-areas.ts), which load on demand. The
 * registration pages' own area (register.ts) loads with those pages.
 */
export default {
  ...CORE_MESSAGES_EN_US,
  ...mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>('./en-US/{common,login,reset,exception,http}.ts', {
      eager: true,
    }),
  ),
};
