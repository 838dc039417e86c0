import { once } from 'node:events';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { PROJECT_ROOT, readConfig } from '../../server/config';
import { connectDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { defineRoute } from '../../server/http/route';

/** Resolves when its `open` is called: a door the test opens when it is ready. */
function door() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

let database: DatabaseHandle | undefined;
afterEach(async () => {
  await database?.close().catch(() => {});
});

it('closes the database only after a handler whose client left has finished with it', async () => {
  database = connectDatabase('sqlite::memory:', PROJECT_ROOT);
  await migrateToLatest(database.db);
  const entered = door();
  const clientLeft = door();
  const gate = door();
  const events: string[] = [];
  const held = defineRoute({
    method: 'GET',
    url: '/held',
    summary: 'waits for the test, then reads the database',
    tags: ['test'],
    access: 'public',
    handler: async ({ app, request }) => {
      request.raw.once('close', clientLeft.open);
      entered.open();
      await gate.opened;
      try {
        const rows = await app.db.selectFrom('users').select('id').execute();
        events.push(`read ${rows.length} users`);
      } catch (err) {
        events.push(`read failed: ${(err as Error).message}`);
      }
      return null;
    },
  });
  const config = { ...readConfig({}), staticDir: null, logLevel: 'silent' };
  const { fastify } = await buildApp({ config, database, routes: [held] });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  // The client asks, then leaves while the handler is still at work (as a load generator
  // stopped mid-run, or a browser closed, leaves).
  const abort = new AbortController();
  const asked = fetch(`http://127.0.0.1:${port}/api/held`, { signal: abort.signal }).catch(() => 'left');
  await entered.opened;
  abort.abort();
  expect(await asked).toBe('left');
  await clientLeft.opened;

  // Stopping as SIGTERM does: close the server, then the database.
  const handle = database;
  let closed = false;
  const closing = fastify.close().then(async () => {
    closed = true;
    events.push('server closed');
    await handle.close();
  });
  // No connection is left, so the HTTP server itself closes; give the rest of close() turns
  // to run on, as many as it would need without a handler to wait for.
  await once(fastify.server, 'close');
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);

  gate.open();
  await closing;
  expect(events).toEqual(['read 0 users', 'server closed']);
  database = undefined;
});
