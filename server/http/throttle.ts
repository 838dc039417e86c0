import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { ThrottleName } from '../config';
import type { AppContext, Clock } from '../context';
import { fail } from './errors';
import { API_PREFIX } from './register';
import type { ApiRoute } from './route';
import type { ThrottleStore } from './throttle-store';

const MINUTE_MS = 60_000;

/**
 * Per-client throttles with @fastify/rate-limit: a route that names a throttle (`throttle:
 * 'login'`) takes at most `config.ratePerMinute[name]` requests a minute from one client address
 * (`request.ip`: X-Forwarded-For counts only through TRUST_PROXY; IPv6 counted per /64). Routes
 * naming the same throttle share its count. Over the limit: 429 in the product's envelope, with
 * Retry-After. Counted before anything else runs, so refused requests cost nothing. Must be
 * registered before the routes.
 */
export async function registerThrottles(
  fastify: FastifyInstance,
  app: AppContext,
  routes: readonly ApiRoute[],
  store: ThrottleStore,
): Promise<void> {
  const throttleOf = new Map<string, ThrottleName>();
  for (const route of routes) {
    if (route.throttle) throttleOf.set(`${route.method} ${API_PREFIX}${route.url}`, route.throttle);
  }
  // Runs before the plugin's own onRoute hook, which reads this per-route setting. Fastify adds
  // a HEAD route for every GET, running the GET's handler: it shares the GET's throttle.
  fastify.addHook('onRoute', (routeOptions) => {
    const methods = [routeOptions.method].flat().map((m) => (m === 'HEAD' ? 'GET' : m));
    const name = methods.map((m) => throttleOf.get(`${m} ${routeOptions.url}`)).find(Boolean);
    if (!name) return;
    routeOptions.config = {
      ...routeOptions.config,
      rateLimit: { max: app.config.ratePerMinute[name], timeWindow: MINUTE_MS, groupId: `:${name}` },
    };
  });
  await fastify.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore(store, app.clock),
    errorResponseBuilder: (_request, context) =>
      fail.tooMany('http.rateLimited', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}

/** Our store as the plugin's store class: counted on the app's clock, so tests can move time. */
function rateLimitStore(store: ThrottleStore, clock: Clock) {
  return class implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const nowMs = clock.now().getTime();
      store.hit(key, timeWindow, nowMs).then(
        ({ count, resetAtMs }) => callback(null, { current: count, ttl: resetAtMs - nowMs }),
        (err: Error) => callback(err),
      );
    }
    child() {
      return this;
    }
  };
}
