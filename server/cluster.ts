import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';
import type { Say } from './startup';

/**
 * `WORKERS=N`: this process (the primary) has already migrated and seeded; it now forks N
 * workers, each running main.ts again, building the app and listening on the same port (Node
 * hands the connections out in turn). Workers keep nothing of their own that matters: sessions,
 * lockouts, SMS cool-downs, stream tickets and throttle counters are in the database.
 *
 * A worker that dies is logged and replaced (the replacement fails the case imports the dead
 * one left running); one that dies before it ever listened means the
 * start itself is broken (port taken, database unreachable), so everything stops with exit 1
 * rather than forking forever. SIGTERM or SIGINT to the primary is passed on to every worker,
 * which stops gracefully (startup.ts `serve`); the primary exits once they all have.
 */
export function runPrimary(config: ServerConfig, location: string, say: Say): void {
  let stopping = false;
  let exitCode = 0;
  const listening = new Set<number>();
  let announced = false;

  // Our own count: cluster.workers may still list a worker when its 'exit' comes.
  const running = new Set<Worker>();
  // A replacement is told whose place it takes: it fails the imports the dead worker left
  // running (startup.ts `takeOver`) instead of leaving them until their heartbeat is stale.
  const fork = (replaces?: number) => {
    const worker = cluster.fork(replaces ? { CASEDESK_REPLACES_PID: String(replaces) } : {});
    running.add(worker);
    return worker;
  };
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    if (!announced && listening.size === config.workers) {
      announced = true;
      say(
        `CaseDesk is up on http://${config.host}:${address.port} (${config.workers} workers, database ${location})`,
      );
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    const how = signal ? `signal ${signal}` : `code ${code}`;
    running.delete(worker);
    if (stopping) {
      say(`worker ${worker.id} (pid ${worker.process.pid}) stopped (${how})`);
      if (running.size === 0) process.exit(exitCode);
      return;
    }
    if (!listening.has(worker.id)) {
      say(`worker ${worker.id} (pid ${worker.process.pid}) exited (${how}) before it listened: stopping`);
      stopAll('start failed', 1);
      return;
    }
    listening.delete(worker.id);
    const next = fork(worker.process.pid);
    say(
      `worker ${worker.id} (pid ${worker.process.pid}) died (${how}); started worker ${next.id} in its place`,
    );
  });

  const stopAll = (why: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    say(`${why}: stopping ${running.size} workers`);
    if (running.size === 0) process.exit(exitCode);
    for (const worker of running) worker.process.kill('SIGTERM');
  };
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}
