import { spawn } from 'node:child_process';

/**
 * `npm test`: the typecheck, the lint and every vitest project, failing when any of them fails.
 * The typecheck (one thread for minutes) and the lint run beside vitest at a lower priority, so
 * they use what CPU the test files leave idle (server start-ups, the global setups, the last
 * files) instead of running before them; their output follows vitest's, each under its name.
 * Vitest's own output streams as it comes. Extra arguments go to vitest (`npm test -- <files>`).
 */

/**
 * Runs an npm script, resolving with its exit code and its output (kept, or streamed). In the
 * background it runs under `nice` (where there is one): what it starts inherits the priority.
 */
function run(script, { stream = false, background = false, args = [] } = {}) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const command = [npm, 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])];
  if (background && process.platform !== 'win32') command.unshift('nice', '-n', '10');
  const child = spawn(command[0], command.slice(1), {
    stdio: ['ignore', stream ? 'inherit' : 'pipe', stream ? 'inherit' : 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ script, code: 1, output: `${output}${error}\n`, seconds: 0 }));
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const checks = [run('typecheck', { background: true }), run('lint', { background: true })];
const tests = await run('test:unit', { stream: true, args: process.argv.slice(2) });
const results = [...(await Promise.all(checks)), tests];

for (const { script, code, output, seconds } of results.slice(0, -1)) {
  console.log(`\n> npm run ${script} (${seconds.toFixed(0)} s): ${code === 0 ? 'passed' : 'FAILED'}`);
  if (output.trim() !== '') console.log(output.trimEnd());
}
const failed = results.filter((r) => r.code !== 0).map((r) => r.script);
if (failed.length > 0) {
  console.error(`\nnpm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
