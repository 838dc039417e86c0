import cluster from 'node:cluster';
import { ensureBrowserBuild } from './build-app-bundle';
import { setPiiHashSecret } from './cases/parties/pii-hash';
import { runPrimary } from './cluster';
import { PROJECT_ROOT, readConfig } from './config';
import { connectDatabase } from './db/connect';
import { prepareDatabase, serve } from './startup';

/**
 * `npm start`: build the browser app when stale, migrate, seed an empty database, and serve
 * the API and the app: from this one process, or with `WORKERS=N` from N worker processes on
 * one port (cluster.ts), this process only preparing and watching over them.
 */
async function main() {
  const config = readConfig();
  // The seed hashes party numbers with the key the server searches by.
  setPiiHashSecret(config.piiHashSecret);
  const tag = cluster.isWorker ? `casedesk ${cluster.worker?.id}` : 'casedesk';
  const say = (msg: string) => console.info(`[${tag}] ${msg}`);
  const connect = () => connectDatabase(config.databaseUrl, PROJECT_ROOT, config);

  // A worker: the primary has built, migrated and seeded already.
  if (cluster.isWorker) return serve(config, connect(), say);

  if (process.env.SKIP_BUILD !== '1') await ensureBrowserBuild(say);
  const database = connect();
  await prepareDatabase(database, config.storage, say);
  if (config.workers > 1) {
    const location = database.describe().location;
    await database.close();
    return runPrimary(config, location, say);
  }
  await serve(config, database, say);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
