import { mergeCatalogue } from './merge';

/** Every other zh-CN area: loaded with the signed-in frame. */
export default mergeCatalogue(
  import.meta.glob<{ default: Record<string, string> }>(
    ['./zh-CN/*.ts', '!./zh-CN/{common,login,register,reset,exception,http}.ts'],
    { eager: true },
  ),
);
