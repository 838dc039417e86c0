import { mergeCatalogue } from './merge';

/** Every other en-US area: loaded with the signed-in frame. */
export default mergeCatalogue(
  import.meta.glob<{ default: Record<string, string> }>(
    ['./en-US/*.ts', '!./en-US/{common,login,register,reset,exception,http}.ts'],
    { eager: true },
  ),
);
