import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/config';
import { connectDatabase } from '../../server/db/connect';

/** The API's connections to a PostgreSQL server (TEST_PG_URL), as connect.ts opens them. */
describe.skipIf(!process.env.TEST_PG_URL)('connections to a PostgreSQL server', () => {
  const adminUrl = process.env.TEST_PG_URL as string;

  async function setting(url: string): Promise<string> {
    const handle = connectDatabase(url, PROJECT_ROOT);
    try {
      const { rows } = await sql<{
        value: string;
      }>`select current_setting('max_parallel_workers_per_gather') as value`.execute(handle.db);
      return rows[0].value;
    } finally {
      await handle.close();
    }
  }

  it('plan without parallel workers, whose start costs more than an API statement', async () => {
    expect(await setting(adminUrl)).toBe('0');
  });

  it("keep a URL's own options", async () => {
    const url = new URL(adminUrl);
    url.searchParams.set('options', '-c max_parallel_workers_per_gather=3');
    expect(await setting(url.toString())).toBe('3');
  });
});
