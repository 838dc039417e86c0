import { readFile } from 'node:fs/promises';

/*
 * A server just started runs its first deadline sweep (over a bench database's old data, tens of
 * thousands of deadlines: 4.5 s on SQLite, 46 s on PostgreSQL at 1,000,000 cases). A figure
 * that is not the sweep's waits for it first.
 */

/** CPU time a process has used, in clock ticks (Linux `/proc/<pid>/stat` utime + stime). */
async function cpuTicksOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Waits until a process has used under 5% of a CPU for two seconds running (at most 180 s); answers the seconds waited. */
export async function settle(pid: number): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let last = await cpuTicksOf(pid);
  while (quiet < 4 && performance.now() - started < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await cpuTicksOf(pid);
    quiet = now - last < 3 ? quiet + 1 : 0;
    last = now;
  }
  return (performance.now() - started) / 1000;
}
