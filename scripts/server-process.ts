import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PROJECT_ROOT } from '../server/config';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The real server (`server/main.ts`) in its own process, so load and server do not share a thread. */
export async function startServerProcess(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
  /** Options for node itself (the bench's --cpu-prof, which NODE_OPTIONS does not take). */
  nodeArgs: string[] = [],
) {
  // A fixed port when the caller names one (PORT in extraEnv), else any free one.
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    /** The server's process id (the import bench reads its memory). */
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
