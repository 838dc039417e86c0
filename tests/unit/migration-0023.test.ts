import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest, migrationProvider } from '../../server/db/migrate';
import { seedDemoData } from '../../server/seed/seed';
import { directoryStorage } from '../../server/storage/directory';

/**
 * 0023 gives self-registered firm contact persons and lawyers the user_roles row of their role
 * (registered before the one account door wrote it), on SQLite and on PostgreSQL (PGlite) alike.
 */
describe.each(['sqlite', 'pglite'] as const)('0023: registered roles on %s', (kind) => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `casedesk-0023-${kind}-`));
    handle = connectDatabase(
      kind === 'sqlite' ? `sqlite:${join(dir, 'db.sqlite')}` : 'pglite:',
      PROJECT_ROOT,
      {
        dataDir: join(dir, 'pg'),
      },
    );
    await migrateToLatest(handle.db);
    await seedDemoData(handle.db, {
      cases: 10,
      now: new Date('2026-06-01T08:00:00Z'),
      storage: directoryStorage(join(dir, 'uploads')),
    });
  }, 120_000);
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the demo seed gives every account the row of its own role', async () => {
    const missing = await handle.db
      .selectFrom('users as u')
      .select('u.id')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('user_roles as r')
              .select('r.user_id')
              .whereRef('r.user_id', '=', 'u.id')
              .whereRef('r.role', '=', 'u.role'),
          ),
        ),
      )
      .execute();
    expect(missing).toEqual([]);
  });

  it("adds the missing row of a contact person's and a lawyer's own role, and no other", async () => {
    const db = handle.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const all = await migrator.getMigrations();
    const previous = all[all.findIndex((m) => m.name === '0023_registered_roles') - 1].name;
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    const pick = (role: string) =>
      db.selectFrom('users').select('id').where('role', '=', role).orderBy('id').executeTakeFirstOrThrow();
    const contact = await pick('lawfirmContactPerson');
    const lawyer = await pick('lawyer');
    const operator = await pick('caseOperation');
    // As registration left them before: the role on the user only.
    await db.deleteFrom('user_roles').where('user_id', 'in', [contact.id, lawyer.id, operator.id]).execute();
    const before = await db.selectFrom('user_roles').select(['user_id', 'role']).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rolesOf = async (id: number) =>
      (await db.selectFrom('user_roles').select('role').where('user_id', '=', id).execute()).map(
        (r) => r.role,
      );
    expect(await rolesOf(contact.id)).toEqual(['lawfirmContactPerson']);
    expect(await rolesOf(lawyer.id)).toEqual(['lawyer']);
    // Staff accounts were never self-registered: left as found.
    expect(await rolesOf(operator.id)).toEqual([]);
    const after = await db.selectFrom('user_roles').select(['user_id', 'role']).execute();
    expect(after).toHaveLength(before.length + 2);
    // Applied again (down is a no-op), it adds nothing twice.
    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('user_roles').select(['user_id', 'role']).execute()).toHaveLength(
      after.length,
    );
  });
});
