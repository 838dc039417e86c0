/**
 * A turn of the event loop for everyone else, between two pieces of long background work (a
 * sweep's transactions, a bulk job's batches). On SQLite every statement runs synchronously:
 * awaiting one resolves in a microtask, so a loop of transactions never lets a request in until
 * it ends. At 1,000,000 cases the first deadline sweep after a start acted on 41,000 deadlines
 * and held every request (sign-in, the workplace) for two seconds without these turns.
 *
 * A turn is also where background work stops when its process does: once `stopBackgroundWork`
 * was called for the app, the next turn throws `Stopping` (what was committed stays; each
 * sweep's claims and each bulk job's progress are in the database), so the process closes its
 * database only after the work has let go of it, never under a sweep's next statement.
 */
const stopping = new WeakSet<object>();

/** Thrown at a turn once the work's app is stopping. */
export class Stopping extends Error {
  constructor() {
    super('the process is stopping');
    this.name = 'Stopping';
  }
}

/** From now on, every turn of this app's background work throws `Stopping`. */
export function stopBackgroundWork(app: object): void {
  stopping.add(app);
}

export const nextTurn = (app: object) =>
  new Promise<void>((resolve, reject) =>
    setImmediate(() => (stopping.has(app) ? reject(new Stopping()) : resolve())),
  );
