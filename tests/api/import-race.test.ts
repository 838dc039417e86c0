import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { caseNo, finished, row, storedCount, upload, useImportServer, xlsx, zh } from './import-fixtures';

/**
 * Two `all`-mode imports of the same case numbers at once. On a PostgreSQL server both judge
 * every row valid, then the second one's insert waits on the unique index for the first and is
 * refused; it used to end as 导入因服务重启或出错而中断. Either way, one imports everything and
 * the other names each duplicate, as a second import a moment later does (SQLite and PGlite
 * run one transaction at a time, where the second usually judges after the first committed).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  useImportServer(server);
});
afterAll(() => server.close());

describe('two all-mode imports of the same cases at once', () => {
  it('imports them once; the other import names each row whose case number is taken', async () => {
    const nos = Array.from({ length: 600 }, () => caseNo());
    const bytes = await xlsx(nos.map((no) => row(no)));
    const started = await Promise.all([
      upload({ name: 'first.xlsx', bytes }, 'all'),
      upload({ name: 'second.xlsx', bytes }, 'all'),
    ]);
    expect(started.map((s) => s.status)).toEqual([200, 200]);
    const results = await Promise.all(started.map((s) => finished(s.body.data.id)));
    const winner = results.find((r) => r.imported > 0);
    const loser = results.find((r) => r.imported === 0);
    expect(winner).toMatchObject({ status: 'done', failure: null, imported: 600, invalid: 0 });
    expect(loser).toMatchObject({ status: 'done', failure: null, imported: 0, invalid: 600 });
    expect(loser?.errors).toHaveLength(100);
    expect(loser?.errors[0]).toEqual({ sheet: 'cases', row: 2, field: 'caseNo', reason: zh('intake.caseNoTaken') });
    expect(await storedCount(nos)).toBe(600);
  });
});
