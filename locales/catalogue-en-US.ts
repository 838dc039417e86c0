import { MESSAGES_EN_US } from '../contract/messages-en-US';
import { mergeCatalogue } from './merge';

/** The en-US areas the public pages need, with the server's and the rules' messages. */
export default {
  ...MESSAGES_EN_US,
  ...mergeCatalogue(
    import.meta.glob<{ default: Record<string, string> }>(
      './en-US/{common,login,register,reset,exception,http}.ts',
      {
        eager: true,
      },
    ),
  ),
};
