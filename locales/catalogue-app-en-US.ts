import { mergeCatalogue } from './merge';

/**
 * Every other en-US area: loaded with the signed-in frame. The page areas (index.ts
 * `PAGE_AREAS`) load with their own pages, the keyed areas (`KEYED_AREAS`) with their keys.
 */
export default mergeCatalogue(
  import.meta.glob<{ default: Record<string, string> }>(
    [
      './en-US/*.ts',
      '!./en-US/{common,login,register,reset,exception,http}.ts',
      '!./en-US/{settings,editors,monitor,inspector,account,user-center,case-intake,routing}.ts',
      '!./en-US/{cases,creditors,firms,ledger,operations,parties,plans,bulk-jobs}.ts',
    ],
    { eager: true },
  ),
);
