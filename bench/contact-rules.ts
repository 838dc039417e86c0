import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { brokenRule } from '../server/cases/contacts/rules';
import { PROJECT_ROOT, readConfig } from '../server/config';
import { connectDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';

/**
 * The contact-rule check (server/cases/contacts/rules.ts) for a person with 10,000 contacts
 * among 100,000 others' (issue 19's budget: under 5 ms), on SQLite: median and p99 of the check
 * at a time of day with calls already logged. Prints; asserts nothing.
 */
export async function benchContactRules(say: (msg: string) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'casedesk-bench-contacts-'));
  const handle = connectDatabase(`sqlite:${join(dir, 'bench.db')}`, PROJECT_ROOT, { sqliteReadWorkers: 0 });
  try {
    const db = handle.db;
    await migrateToLatest(db);
    // Only the contacts table is measured: its case and party rows are not needed.
    await sql`pragma foreign_keys = off`.execute(db);
    const now = Date.now();
    const rows = (key: (i: number) => string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        case_id: 1 + (i % 50),
        channel: 'call',
        direction: 'outbound',
        at: new Date(now - (i % 365) * 86_400_000 - (i % 600) * 60_000).toISOString(),
        logged_at: new Date(now).toISOString(),
        outcome: i % 3 === 0 ? 'connected' : 'noAnswer',
        note: 'bench',
        person_key: key(i),
      }));
    const insert = async (all: ReturnType<typeof rows>) => {
      for (let i = 0; i < all.length; i += 2000)
        await db
          .insertInto('contacts')
          .values(all.slice(i, i + 2000))
          .execute();
    };
    await insert(rows(() => 'id:bench-person', 10_000));
    await insert(rows((i) => `id:other-${i % 20_000}`, 100_000));
    const rules = readConfig({}).contactRules;
    const keys = ['id:bench-person'];
    const at = new Date(now);
    for (let i = 0; i < 50; i++) await brokenRule(db, rules, keys, 'call', at);
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const started = performance.now();
      await brokenRule(db, rules, keys, 'call', at);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(3);
    say(
      `\n## contact rules\nrule check, a person with 10,000 contacts among 110,000 (SQLite): median ${ms(0.5)} ms, p99 ${ms(0.99)} ms`,
    );
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
