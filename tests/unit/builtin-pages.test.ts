import { describe, expect, it } from 'vitest';
import { BUILTIN_PAGE_COMPONENTS, isBuiltinPageComponent } from '../../contract/pages/builtins';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { checkPage } from '../../server/pages/store';

/**
 * The server's half of the built-in page names (contract/pages/builtins.ts): the catalogue
 * names only components of the list, uses each of them, and a saved page naming another is
 * refused at `component`. tests/components/builtin-pages/builtin-names.test.tsx holds the app's.
 */
const builtins = [...PAGE_CATALOG.values()].flatMap((page) => (page.type === 'builtin' ? [page] : []));

describe('built-in page names on the server', () => {
  it('names only components of the contract list, and each of them', () => {
    expect(builtins.length).toBeGreaterThan(0);
    expect(builtins.filter((p) => !isBuiltinPageComponent(p.component)).map((p) => p.id)).toEqual([]);
    expect([...new Set(builtins.map((p) => p.component))].sort()).toEqual(
      [...BUILTIN_PAGE_COMPONENTS].sort(),
    );
  });

  it('refuses to save a page naming a component the app does not register', () => {
    const known = builtins[0];
    expect(checkPage({ ...known }, []).ok).toBe(true);
    const check = checkPage({ ...known, component: 'Nowhere' }, []);
    expect(check).toEqual({ ok: false, errors: [{ path: 'component', message: 'page.unknownBuiltin' }] });
  });
});
