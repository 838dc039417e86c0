// The SQLite database's checkpointer (server/db/connect.ts starts one per process on a file
// database): a connection of its own in a worker thread that copies the write-ahead log back
// into the database file, so that a commit on the main connection only appends to the log.
// With SQLite's automatic checkpoint the commit that takes the log past 1,000 pages copies it
// there and then, on the event loop: an import's every batch did (a fifth of its time). Plain
// JavaScript, so it runs the same under tsx, vitest and plain node.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const { file, everyMs } = workerData;
const sqlite = new SQLite(file, { fileMustExist: true });
sqlite.pragma('busy_timeout = 0');
sqlite.pragma('wal_autocheckpoint = 0');

let stopped = false;
function checkpoint() {
  if (stopped) return;
  try {
    // PASSIVE: copies what no reader still needs, waits for no lock, stops no writer.
    sqlite.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another process checkpoints): the next round copies it.
  }
  timer = setTimeout(checkpoint, everyMs);
}
let timer = setTimeout(checkpoint, everyMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  stopped = true;
  clearTimeout(timer);
  sqlite.close();
  parentPort.postMessage('stopped');
});
