import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beat,
  failInterruptedImports,
  IMPORT_STALE_MS,
  importOwner,
} from '../../server/cases/imports/owners';
import { importTempDir } from '../../server/cases/imports/receive';
import { startServer, type TestServer } from './harness';
import { caseNo, finished, row, tempFiles, upload, useImportServer, xlsx, zh } from './import-fixtures';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  useImportServer(server);
});
afterAll(() => server.close());

describe('an import cut short by a stop of the server', () => {
  const MINUTE = 60_000;
  let userId: number;
  beforeAll(async () => {
    userId = await server.userId('13800000002');
  });

  /** A job another process left running: its owner, its last heartbeat and its file here. */
  async function runningJob(owner: string | null, heartbeatAt: Date | null, file: string | null) {
    if (file) {
      const dir = importTempDir(server.app);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, file), 'x');
    }
    return server.app.db
      .insertInto('case_imports')
      .values({
        user_id: userId,
        file_name: 'cut.xlsx',
        mode: 'valid',
        status: 'running',
        total: 10,
        created_at: server.clock.now().toISOString(),
        owner,
        heartbeat_at: heartbeatAt?.toISOString() ?? null,
        temp_file: file,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }
  const statusOf = async (id: number) =>
    (
      await server.app.db
        .selectFrom('case_imports')
        .select(['status', 'failure'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;
  const start = () => failInterruptedImports(server.app.db, server.app.database.filesDir, server.clock.now());

  it('is marked failed at the next start, and its temporary file removed (no heartbeat: before 0018)', async () => {
    const job = await runningJob(null, null, 'left-over.xlsx');
    expect(await start()).toBe(1);
    const report = await finished(job.id);
    expect(report).toMatchObject({ status: 'failed', failure: zh('import.interrupted') });
    expect(tempFiles()).toEqual([]);
  });

  it('survives the start of another process while its owner elsewhere keeps its heartbeat fresh', async () => {
    const now = server.clock.now();
    const alive = await runningJob('other-host 4242 aaaaaaaaaaaa', now, 'alive.xlsx');
    const stale = await runningJob(
      'other-host 4243 bbbbbbbbbbbb',
      new Date(now.getTime() - IMPORT_STALE_MS - 1000),
      'stale.xlsx',
    );
    expect(await start()).toBe(1);
    expect(await statusOf(alive.id)).toBe('running');
    expect(await statusOf(stale.id)).toBe('failed');
    expect(tempFiles()).toEqual(['alive.xlsx']);
    // Once its owner stops saying so for longer than the bound, the next start fails it too.
    server.clock.advance(IMPORT_STALE_MS + MINUTE);
    expect(await start()).toBe(1);
    expect(await statusOf(alive.id)).toBe('failed');
    expect(tempFiles()).toEqual([]);
  });

  it('keeps a fresh heartbeat as long as its owner beats', async () => {
    const job = await runningJob('other-host 4244 cccccccccccc', server.clock.now(), null);
    server.clock.advance(IMPORT_STALE_MS - MINUTE);
    await beat(server.app.db, job.id, server.clock.now());
    server.clock.advance(2 * MINUTE);
    expect(await start()).toBe(0);
    expect(await statusOf(job.id)).toBe('running');
    await server.app.db.deleteFrom('case_imports').where('id', '=', job.id).execute();
  });

  it('fails at once an import of an earlier process on this host that is gone, fresh heartbeat or not', async () => {
    const [host, pid] = importOwner().split(' ');
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    const now = server.clock.now();
    const gone = await runningJob(`${host} ${ended} dddddddddddd`, now, null);
    // A restarted container's process often has the same pid (1): another boot id, another process.
    const samePid = await runningJob(`${host} ${pid} eeeeeeeeeeee`, now, null);
    const mine = await runningJob(importOwner(), now, null);
    expect(await start()).toBe(2);
    expect(await statusOf(gone.id)).toBe('failed');
    expect(await statusOf(samePid.id)).toBe('failed');
    expect(await statusOf(mine.id)).toBe('running');
    await server.app.db.deleteFrom('case_imports').where('id', '=', mine.id).execute();
  });

  it('records who runs an import and when it last said so', async () => {
    const before = server.clock.now().toISOString();
    const res = await upload({ name: 'cases.xlsx', bytes: await xlsx([row(caseNo())]) }, 'valid');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id;
    expect((await finished(id)).status).toBe('done');
    const stored = await server.app.db
      .selectFrom('case_imports')
      .select(['owner', 'heartbeat_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.owner).toBe(importOwner());
    expect((stored.heartbeat_at ?? '') >= before).toBe(true);
  });
});
