import { describe, expect, it } from 'vitest';
import { BUILTIN_PAGE_COMPONENTS } from '../../../contract/pages/builtins';
import { registerBuiltinPages } from '../../../src/pages/builtins';
import { defaultRegistry } from '../../../ui-registry';

/**
 * The app's half of the built-in page names (contract/pages/builtins.ts): the app registers a
 * page under every name of the list and under no other, so no descriptor the server may serve
 * falls on the placeholder. tests/unit/builtin-pages.test.ts holds the server's half.
 */
describe('built-in page names in the app', () => {
  it('registers exactly the names of the contract list', () => {
    registerBuiltinPages();
    expect(defaultRegistry.types('builtin').sort()).toEqual([...BUILTIN_PAGE_COMPONENTS].sort());
    for (const name of BUILTIN_PAGE_COMPONENTS) expect(defaultRegistry.has('builtin', name)).toBe(true);
  });
});
