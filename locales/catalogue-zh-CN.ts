import { MESSAGES } from '../contract/messages';
import { mergeCatalogue } from './merge';

/** The zh-CN areas the public pages need, with the server's and the rules' messages. */
export default {
  ...MESSAGES['zh-CN'],
  ...mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>(
      './zh-CN/{common,login,register,reset,exception,http}.ts',
      {
        eager: true,
      },
    ),
  ),
};
