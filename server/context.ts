import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/connect';
import type { Database } from './db/schema';
import type { SmsSender } from './sms/sender';
import type { FileStorage } from './storage/storage';

/** The clock is injected so tests can move time (session expiry, lockouts, SMS validity). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Metrics {
  startedAt: Date;
  requests: number;
  errors: number;
}

/** Everything a service needs from the outside world, passed in one object. */
export interface AppContext {
  db: Kysely<Database>;
  database: DatabaseHandle;
  config: ServerConfig;
  clock: Clock;
  sms: SmsSender;
  /** Attachments and generated PDFs (STORAGE): server/storage. */
  storage: FileStorage;
  metrics: Metrics;
  log: FastifyBaseLogger;
}
