/**
 * A turn of the event loop for everyone else, between two pieces of long background work (a
 * sweep's transactions, a bulk job's batches). On SQLite every statement runs synchronously:
 * awaiting one resolves in a microtask, so a loop of transactions never lets a request in until
 * it ends. At 1,000,000 cases the first deadline sweep after a start acted on 41,000 deadlines
 * and held every request (sign-in, the workplace) for two seconds without these turns.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
