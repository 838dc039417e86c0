import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import type { DatabaseHandle } from './db/connect';
import type { Database } from './db/schema';
import type { FileStorage } from './storage/storage';

/** The clock is injected so tests can move time (session expiry, lockouts, SMS validity). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The one seam where a real SMS provider plugs in later (sms/sender.ts has the log provider
 * used until one is contracted). Declared here, on the ground, so the context needs no feature.
 */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

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
