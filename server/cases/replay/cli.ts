import { PROJECT_ROOT, readConfig } from '../../config';
import { connectDatabase } from '../../db/connect';
import { checkCases } from './check';

/**
 * `npm run check:cases`: replays every stored case against `DATABASE_URL` and prints
 * `N cases replayed, M mismatches` (each mismatch on a line before it, the first 20 in full);
 * exits 1 when M > 0. Reads only; safe on a live database.
 */
async function main() {
  const config = readConfig();
  const database = connectDatabase(config.databaseUrl, PROJECT_ROOT, { ...config, sqliteReadWorkers: 0 });
  const shown = 20;
  let seen = 0;
  try {
    const started = performance.now();
    const { replayed, mismatches } = await checkCases(database.db, {
      onMismatch: (m) => {
        seen += 1;
        if (seen <= shown)
          console.info(
            `mismatch ${m.caseNo} (id ${m.id}): stored ${m.stored}, history [${m.events.join(', ')}]`,
          );
      },
    });
    if (seen > shown) console.info(`... and ${seen - shown} more`);
    console.info(`${replayed} cases replayed, ${mismatches} mismatches`);
    console.error(
      `(${((performance.now() - started) / 1000).toFixed(1)} s, ${database.describe().location})`,
    );
    process.exitCode = mismatches > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
