import os from 'node:os';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/server-process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../server/seed/demo-accounts';
import { benchBulk } from './bulk';
import { benchBundles } from './bundle';
import { benchCaseList } from './case-list';
import { benchContactRules } from './contact-rules';
import { benchFigures } from './figures';
import { benchImport } from './import';
import { load, percentile } from './load';
import { benchProfile } from './profile';
import { benchRender } from './render';
import { benchReplay } from './replay';
import { benchReport } from './report';
import { benchScale, benchWorkers, postgresTarget, sqliteTarget } from './scale';
import {
  BENCH_DB_FILE,
  BENCH_PG_ADMIN_URL,
  BENCH_PG_NAME,
  BENCH_PG_URL,
  ensureBenchDatabase,
  ensurePostgresBenchDatabase,
} from './seed-db';

/**
 * `npm run bench`: figures for the README's performance section. Prints; asserts nothing
 * about time. Sections: seed, sign-in, browser bundles, case list, table render, case import,
 * case replay, bulk push (`bulk`), batch report (`report`).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      reseed: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '10' },
      only: { type: 'string' },
      'load-seconds': { type: 'string', default: '20' },
      dbs: { type: 'string', default: 'sqlite,postgres' },
    },
  });
  const seconds = Number(values.seconds);
  const wants = (section: string) => !values.only || values.only.split(',').includes(section);
  const say = (msg: string) => console.info(msg);

  say(`# CaseDesk bench — ${new Date().toISOString()}`);
  say(
    `machine: ${os.cpus()[0]?.model ?? 'unknown cpu'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, node ${process.version}`,
  );

  // Builds and serves its own page: needs neither the bench database nor the API server.
  if (wants('render')) await benchRender(say);
  // Serves a throw-away demo database: page weight does not depend on the number of cases.
  if (wants('bundle')) await benchBundles(say);
  // Its own throw-away database and server: needs neither the bench database nor the build.
  if (wants('import')) await benchImport(say, { dbs: values.dbs.split(',') });
  // Its own throw-away SQLite file: the contact-rule check's budget (issue 19).
  if (wants('contacts')) await benchContactRules(say);
  // A bulk push of 10,000 pooled cases by filter on a copy of the bench database (issue 20).
  if (values.only?.split(',').includes('bulk')) {
    const dbs = values.dbs.split(',');
    if (dbs.includes('sqlite')) {
      await ensureBenchDatabase(values.reseed, say);
      await benchBulk({ name: 'SQLite', file: BENCH_DB_FILE }, say);
    }
    if (dbs.includes('postgres')) {
      await ensurePostgresBenchDatabase(values.reseed, say);
      await benchBulk({ name: 'PostgreSQL', adminUrl: BENCH_PG_ADMIN_URL, database: BENCH_PG_NAME }, say);
    }
  }
  // The progress report of a 100,000-case batch on a copy of the bench database (issue 20).
  if (values.only?.split(',').includes('report')) {
    const dbs = values.dbs.split(',');
    if (dbs.includes('sqlite')) {
      await ensureBenchDatabase(values.reseed, say);
      await benchReport({ name: 'SQLite', file: BENCH_DB_FILE }, say);
    }
    if (dbs.includes('postgres')) {
      await ensurePostgresBenchDatabase(values.reseed, say);
      await benchReport({ name: 'PostgreSQL', adminUrl: BENCH_PG_ADMIN_URL, database: BENCH_PG_NAME }, say);
    }
  }
  if (!['seed', 'auth', 'cases', 'scale', 'workers', 'profile', 'figures', 'replay'].some(wants)) return;

  const seed = await ensureBenchDatabase(values.reseed, say);
  say(
    `\n## seed\nseed of ${seed.cases.toLocaleString()} cases: ${seed.seconds.toFixed(1)} s${seed.reused ? ` (measured when the bench database was seeded, ${seed.seededAt}; --reseed measures again)` : ''}`,
  );

  if (wants('replay')) benchReplay(`sqlite:${BENCH_DB_FILE}`, say);

  // The sign-in figure measures logins, not the per-client throttle (all load comes from one address).
  const server =
    wants('auth') || wants('cases')
      ? await startServerProcess(`sqlite:${BENCH_DB_FILE}`, { LOGIN_RATE_PER_MIN: '1000000' })
      : null;
  try {
    if (server && wants('auth')) {
      const phone = DEMO_ACCOUNTS[0].phone;
      const logins = await load({
        url: `${server.url}/api/login`,
        method: 'POST',
        body: () => JSON.stringify({ phone, password: DEMO_PASSWORD }),
        concurrency: 4,
        seconds,
      });
      say(
        `\n## sign-in\nPOST /api/login: ${logins.perSecond.toFixed(1)} logins/s (concurrency 4, ${logins.requests} requests, ${logins.errors} errors, median ${percentile(logins.latenciesMs, 50).toFixed(1)} ms; scrypt N=16384 dominates)`,
      );

      const token = (await (
        await fetch(`${server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone, password: DEMO_PASSWORD }),
        })
      ).json()) as { data: { token: string } };
      const info = await load({
        url: `${server.url}/api/user/info`,
        headers: { authorization: `Bearer ${token.data.token}` },
        concurrency: 16,
        seconds,
      });
      say(
        `GET /api/user/info: ${info.perSecond.toFixed(0)} requests/s (concurrency 16, ${info.errors} errors, median ${percentile(info.latenciesMs, 50).toFixed(2)} ms, p99 ${percentile(info.latenciesMs, 99).toFixed(2)} ms)`,
      );
    }
    if (server && wants('cases')) await benchCaseList(server.url, BENCH_DB_FILE, seconds, say);
  } finally {
    await server?.stop();
  }

  if (wants('profile')) {
    await benchProfile(`sqlite:${BENCH_DB_FILE}`, seconds, say);
    await ensurePostgresBenchDatabase(values.reseed, say);
    await benchProfile(BENCH_PG_URL, seconds, say, ['2']);
  }

  // Issue 20's figures from summary rows, first request on a fresh server, both databases.
  if (wants('figures')) {
    const dbs = values.dbs.split(',');
    if (dbs.includes('sqlite')) await benchFigures(sqliteTarget(BENCH_DB_FILE), say);
    if (dbs.includes('postgres')) {
      await ensurePostgresBenchDatabase(values.reseed, say);
      await benchFigures(postgresTarget(BENCH_PG_URL), say);
    }
  }

  // Issue 9's figures, SQLite and PostgreSQL side by side (the machine's PostgreSQL server).
  // `--only workers`: (d) of the scale section alone, WORKERS=1 against WORKERS=2.
  if (wants('scale') || wants('workers')) {
    const opts = { seconds, loadSeconds: Number(values['load-seconds']) };
    const bench = wants('scale') ? benchScale : benchWorkers;
    const dbs = values.dbs.split(',');
    if (dbs.includes('sqlite')) await bench(sqliteTarget(BENCH_DB_FILE), opts, say);
    if (!dbs.includes('postgres')) return;
    const pgSeed = await ensurePostgresBenchDatabase(values.reseed, say);
    say(
      `\nseed of ${pgSeed.cases.toLocaleString()} cases on PostgreSQL: ${pgSeed.seconds.toFixed(1)} s${pgSeed.reused ? ` (measured when seeded, ${pgSeed.seededAt})` : ''}`,
    );
    await bench(postgresTarget(BENCH_PG_URL), opts, say);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
