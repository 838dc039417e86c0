import http from 'node:http';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  latenciesMs: number[];
}

/**
 * A small closed-loop load generator: `concurrency` workers send requests back to back over
 * keep-alive connections for `seconds`, recording each latency.
 */
export async function load(opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: () => string;
  concurrency: number;
  seconds: number;
  expectStatus?: number;
  /** Stops early once this answers true (load that lasts as long as something else runs). */
  until?: () => boolean;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + opts.seconds * 1000;

  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const body = opts.body?.();
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: opts.method ?? 'GET',
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== (opts.expectStatus ?? 200)) errors++;
            latencies.push(performance.now() - started);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });

  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline && !opts.until?.()) await once();
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    latenciesMs: latencies,
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
