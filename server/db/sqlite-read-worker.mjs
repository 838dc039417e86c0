// One reader of the SQLite read pool (server/db/sqlite-read-pool.ts): a read-only
// better-sqlite3 connection of its own in a worker thread, answering SELECTs one at a time.
// Plain JavaScript, so it runs the same under tsx, vitest and plain node.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, statementCacheSize } = workerData;
const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
sqlite.pragma('busy_timeout = 5000');

/** Prepared statements by their SQL text, least recently used dropped first (as on the main connection). */
const prepared = new Map();
function prepare(sql) {
  let statement = prepared.get(sql);
  if (statement) prepared.delete(sql);
  else statement = sqlite.prepare(sql);
  prepared.set(sql, statement);
  if (prepared.size > statementCacheSize) prepared.delete(prepared.keys().next().value);
  return statement;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    const statement = prepare(sql);
    if (!statement.reader) throw new Error('the SQLite read pool runs only statements that return rows');
    const started = performance.now();
    const rows = statement.all(parameters);
    parentPort.postMessage({ id, rows, ms: performance.now() - started });
  } catch (err) {
    parentPort.postMessage({
      id,
      error: { message: err instanceof Error ? err.message : String(err), code: err?.code },
    });
  }
});
