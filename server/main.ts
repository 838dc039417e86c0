import { buildApp } from './app';
import { ensureBrowserBuild } from './build-app-bundle';
import { failInterruptedImports } from './cases/imports/run';
import { PROJECT_ROOT, readConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { isDatabaseEmpty, seedDemoData } from './seed/seed';
import { createStorage } from './storage/create';

/**
 * `npm start`: build the browser app when stale, migrate, seed an empty database, and serve
 * the API and the app from this one process.
 */
async function main() {
  const config = readConfig();
  const say = (msg: string) => console.info(`[casedesk] ${msg}`);
  if (process.env.SKIP_BUILD !== '1') await ensureBrowserBuild(say);

  const database = connectDatabase(config.databaseUrl, PROJECT_ROOT, config);
  const applied = await migrateToLatest(database.db);
  if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
  say(`files (attachments, letter PDFs): STORAGE=${config.storage}`);
  if (await isDatabaseEmpty(database.db)) {
    say('empty database: seeding demo data');
    const counts = await seedDemoData(database.db, {
      storage: createStorage(config.storage, database),
    });
    say(`seeded ${counts.cases} cases, ${counts.lawFirms} law firms, ${counts.lawyers} lawyers`);
  }
  const interrupted = await failInterruptedImports(database.db, database.filesDir, new Date());
  if (interrupted) say(`${interrupted} case import(s) interrupted by the last stop marked failed`);

  const { fastify } = await buildApp({ config, database });
  const close = async (signal: string) => {
    say(`${signal}: shutting down`);
    await fastify.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await fastify.listen({ host: config.host, port: config.port });
  const address = fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  say(`CaseDesk is up on http://${config.host}:${port} (database ${database.describe().location})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
