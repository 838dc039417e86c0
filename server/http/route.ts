import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AccessRule, can } from '../../contract/access';
import type { Language } from '../../contract/messages';
import type { Role } from '../../contract/roles';
import type { ServerConfig, ThrottleName } from '../config';
import type { AppContext } from '../context';

/**
 * Who may call a route, declared next to the route: `public` (no session), `signedIn` (any
 * valid session: one's own profile, messages, password), or a rule of contract/access.ts
 * (`cases.edit`), which the caller's active role must hold. That table is the only place that
 * says which roles hold what; superAdmin gets nothing it does not list.
 */
export type Access = 'public' | 'signedIn' | AccessRule;

/** A server setting that can open a route to anyone (a yes/no field of the config). */
export type PublicSwitch = {
  [K in keyof ServerConfig]: ServerConfig[K] extends boolean ? K : never;
}[keyof ServerConfig];

/** The rule a route is served under: its `access`, or public while its `publicWhen` switch is on. */
export function accessOf(
  route: Pick<ApiRoute, 'access' | 'publicWhen'>,
  config: Pick<ServerConfig, PublicSwitch>,
): Access {
  return route.publicWhen && config[route.publicWhen] ? 'public' : route.access;
}

export function isAllowed(rule: Access, role: Role | null): boolean {
  if (rule === 'public') return true;
  if (rule === 'signedIn') return role !== null;
  return can(rule, role);
}

/** The signed-in caller, as resolved from the session (the role is the session's active role). */
export interface Caller {
  userId: number;
  sessionId: number;
  role: Role;
  roles: Role[];
  phone: string;
  name: string;
  lawFirmId: number | null;
  /**
   * The user's lawyer record, read with the session (null: not a lawyer). Absent on a caller
   * made without a session lookup; viewerOf then reads it.
   */
  lawyer?: { id: number; lawFirmId: number | null } | null;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  lang: Language;
  requestId: string;
  ip: string;
  userAgent: string | null;
  app: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

type CallerOf<A extends Access> = A extends 'public' ? { caller: Caller | null } : { caller: Caller };

type Infer<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface RouteSpec<A extends Access, P, Q, B, R> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api, in Fastify syntax (`/users/enable/:id`). */
  url: string;
  summary: string;
  tags: string[];
  access: A;
  /**
   * A server setting that, when on, serves the route to anyone instead (the handler then
   * gets no caller, whatever `access` says).
   */
  publicWhen?: PublicSwitch;
  params?: P;
  query?: Q;
  body?: B;
  /** Schema of `data` in the ok envelope; checked in tests, documented in OpenAPI. */
  response?: R;
  /** The handler writes the reply itself (file downloads, streams); no envelope. */
  raw?: boolean;
  /**
   * Where the session comes from: the Authorization header (default), or a one-time ticket in
   * the `ticket` query parameter for what cannot send headers (EventSource; notifications/tickets.ts).
   */
  credential?: 'header' | 'ticket';
  /** Requests per client address are limited by this throttle (server/http/throttle.ts). */
  throttle?: ThrottleName;
  handler: (
    input: RouteInput<Infer<P>, Infer<Q>, Infer<B>> & CallerOf<A>,
  ) => Promise<R extends z.core.$ZodType ? z.input<R> : unknown>;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  access: Access;
  publicWhen?: PublicSwitch;
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  response?: z.core.$ZodType;
  raw?: boolean;
  credential?: 'header' | 'ticket';
  throttle?: ThrottleName;
  // biome-ignore lint/suspicious/noExplicitAny: the typed spec above is erased once registered
  handler: (input: any) => Promise<unknown>;
}

/** Declares a route; the type parameters flow from the schemas into the handler. */
export function defineRoute<
  A extends Access,
  P extends z.core.$ZodType | undefined = undefined,
  Q extends z.core.$ZodType | undefined = undefined,
  B extends z.core.$ZodType | undefined = undefined,
  R extends z.core.$ZodType | undefined = undefined,
>(spec: RouteSpec<A, P, Q, B, R>): ApiRoute {
  return spec as unknown as ApiRoute;
}
