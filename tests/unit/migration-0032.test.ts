import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../contract/menu';
import type { Role } from '../../contract/roles';
import { DEFAULT_ROUTES, filterMenuForRole } from '../../contract/routes';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrationProvider } from '../../server/db/migrate';
import { menuForRole } from '../../server/menus/store';

/** The pages migrations 0024-0029 brought (分期审核, 合规监控, 个人信息访问记录, 敏感词). */
const FOUR_PAGES = ['/list/plan-review', '/result/compliance', '/user/pii-access', '/user/sensitive-words'];
/** Routes the product gained after 0032 (issue 20's creditors, batches and routing, issue 21's inspector): no menu of that time held them. */
const ADDED_SINCE = [
  '/list/creditors',
  '/list/batches',
  '/list/batch-detail/:id',
  '/list/settlements',
  '/list/routing-rules',
  '/dev',
  '/dev/machines',
];

function without(tree: readonly MenuNode[], keys: readonly string[]): MenuNode[] {
  return tree
    .filter((node) => !keys.includes(node.key))
    .map((node) => (node.children ? { ...node, children: without(node.children, keys) } : node));
}
const keysOf = (tree: readonly MenuNode[]): string[] =>
  tree.flatMap((node) => [node.key, ...keysOf(node.children ?? [])]);
const find = (tree: readonly MenuNode[], key: string) => keysOf(tree).includes(key);

/**
 * 0032 records, for each menu saved before it, the routes it knew: those its tree holds and
 * every route of the product before 0024, so the four pages added since reach the roles that may
 * open them while what an administrator had removed stays removed. SQLite and PGlite alike.
 */
describe.each(['sqlite', 'pglite'] as const)('0032: the routes saved menus knew, on %s', (kind) => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `casedesk-0032-${kind}-`));
    handle = connectDatabase(
      kind === 'sqlite' ? `sqlite:${join(dir, 'db.sqlite')}` : 'pglite:',
      PROJECT_ROOT,
      { dataDir: join(dir, 'pg') },
    );
  }, 120_000);
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives each saved menu the routes it held and those of the product before 0024, and no other', async () => {
    const db = handle.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0029_sweeps_and_retention')).error).toBeUndefined();
    // As the product saved them then: the routes of that time, one page removed by an administrator.
    const savedThen = (role: Role, removed: string[] = []) =>
      without(filterMenuForRole(DEFAULT_ROUTES, role), [...FOUR_PAGES, ...ADDED_SINCE, ...removed]);
    const custom: MenuNode = {
      key: '/user/notes',
      path: '/user/notes',
      name: 'notes',
      title: 'menu.test',
      order: 9,
    };
    const superAdmin = savedThen('superAdmin');
    superAdmin.find((node) => node.key === '/user')?.children?.push(custom);
    const rows = [
      { role: 'superAdmin', tree: JSON.stringify(superAdmin) },
      {
        role: 'bussinessOperation',
        tree: JSON.stringify(savedThen('bussinessOperation', ['/result/letter-audit'])),
      },
      { role: 'lawyer', tree: JSON.stringify(savedThen('lawyer')) },
      { role: 'admin', tree: '{not json' },
    ];
    await db
      .insertInto('menus')
      .values(
        rows.map((row) => ({ ...row, updated_at: '2026-11-01T00:00:00.000Z', updated_by: null })) as never,
      )
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const known = async (role: string) => {
      const row = await db
        .selectFrom('menus')
        .select('known_routes')
        .where('role', '=', role)
        .executeTakeFirstOrThrow();
      return JSON.parse(row.known_routes as string) as string[];
    };
    const before0024 = keysOf(without(DEFAULT_ROUTES, [...FOUR_PAGES, ...ADDED_SINCE]));
    expect((await known('admin')).sort()).toEqual([...before0024].sort());
    expect((await known('superAdmin')).sort()).toEqual([...before0024, custom.key].sort());
    expect((await known('bussinessOperation')).sort()).toEqual([...before0024].sort());

    const superMenu = await menuForRole(db, 'superAdmin');
    for (const key of FOUR_PAGES) expect(find(superMenu, key)).toBe(true);
    expect(find(superMenu, custom.key)).toBe(true);
    expect(find(superMenu, '/dev/machines')).toBe(true);
    const business = await menuForRole(db, 'bussinessOperation');
    expect(find(business, '/result/compliance')).toBe(true);
    expect(find(business, '/user/pii-access')).toBe(true);
    expect(find(business, '/result/letter-audit')).toBe(false);
    expect(find(business, '/list/plan-review')).toBe(false);
    expect(await menuForRole(db, 'lawyer')).toEqual(filterMenuForRole(DEFAULT_ROUTES, 'lawyer'));

    // And back: the column goes, the menus stay.
    expect((await migrator.migrateTo('0029_sweeps_and_retention')).error).toBeUndefined();
    expect(await db.selectFrom('menus').select('role').execute()).toHaveLength(4);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  }, 120_000);
});
