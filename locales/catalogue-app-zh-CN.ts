import { mergeCatalogue } from './merge';

/**
 * Every other zh-CN area: loaded with the signed-in frame. The page areas (index.ts
 * `PAGE_AREAS`) load with their own pages, the keyed areas (`KEYED_AREAS`) with their keys.
 */
export default mergeCatalogue(
  import.meta.glob<{ default: Record<string, string> }>(
    [
      './zh-CN/*.ts',
      '!./zh-CN/{common,login,register,reset,exception,http}.ts',
      '!./zh-CN/{settings,editors,monitor,inspector,account,user-center,case-intake,routing}.ts',
      '!./zh-CN/{cases,creditors,firms,ledger,operations,parties,plans,bulk-jobs}.ts',
    ],
    { eager: true },
  ),
);
