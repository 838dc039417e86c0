import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_sms_withheld';
import * as m0003 from './migrations/0003_cases';
import * as m0005 from './migrations/0005_page_descriptors';
import * as m0007 from './migrations/0007_operations';
import * as m0008 from './migrations/0008_attachment_files';
import * as m0009 from './migrations/0009_lockout_per_client';
import * as m0010 from './migrations/0010_case_journey';
import * as m0011 from './migrations/0011_case_imports';
import * as m0012 from './migrations/0012_letters_and_certification_review';
import * as m0013 from './migrations/0013_stream_tickets';
import * as m0014 from './migrations/0014_text_search';
import * as m0015 from './migrations/0015_stored_files';
import * as m0016 from './migrations/0016_shared_counters';
import * as m0017 from './migrations/0017_case_terms';
import * as m0018 from './migrations/0018_import_owners';
import * as m0020 from './migrations/0020_returned_position';
import * as m0021 from './migrations/0021_letter_versions';
import * as m0022 from './migrations/0022_review_versions';
import * as m0023 from './migrations/0023_registered_roles';
import * as m0024 from './migrations/0024_case_parties';
import * as m0025 from './migrations/0025_case_ledger';
import * as m0026 from './migrations/0026_contacts';
import * as m0027 from './migrations/0027_repayment_plans';
import * as m0028 from './migrations/0028_loan_numbers';
import * as m0029 from './migrations/0029_sweeps_and_retention';
import * as m0030 from './migrations/0030_term_counts';
import * as m0031 from './migrations/0031_creditors_and_batches';
import * as m0032 from './migrations/0032_menu_known_routes';
import * as m0033 from './migrations/0033_bulk_jobs';
import * as m0034 from './migrations/0034_deadlines';
import * as m0035 from './migrations/0035_routing';
import * as m0036 from './migrations/0036_descriptor_versions';
import * as m0037 from './migrations/0037_platform_figures';
import * as m0038 from './migrations/0038_editing_presence';
import * as m0039 from './migrations/0039_deadlines_in_hand';
import * as m0040 from './migrations/0040_batch_figure_statements';
import * as m0041 from './migrations/0041_redundant_case_indexes';
import type { Database } from './schema';

/** Listed by hand, not read from disk, so the order is explicit and bundling cannot lose one. */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_sms_withheld': m0002,
  '0003_cases': m0003,
  '0005_page_descriptors': m0005,
  '0007_operations': m0007,
  '0008_attachment_files': m0008,
  '0009_lockout_per_client': m0009,
  '0010_case_journey': m0010,
  '0011_case_imports': m0011,
  '0012_letters_and_certification_review': m0012,
  '0013_stream_tickets': m0013,
  '0014_text_search': m0014,
  '0015_stored_files': m0015,
  '0016_shared_counters': m0016,
  '0017_case_terms': m0017,
  '0018_import_owners': m0018,
  '0020_returned_position': m0020,
  '0021_letter_versions': m0021,
  '0022_review_versions': m0022,
  '0023_registered_roles': m0023,
  '0024_case_parties': m0024,
  '0025_case_ledger': m0025,
  '0026_contacts': m0026,
  '0027_repayment_plans': m0027,
  '0028_loan_numbers': m0028,
  '0029_sweeps_and_retention': m0029,
  '0030_term_counts': m0030,
  '0031_creditors_and_batches': m0031,
  '0032_menu_known_routes': m0032,
  '0033_bulk_jobs': m0033,
  '0034_deadlines': m0034,
  '0035_routing': m0035,
  '0036_descriptor_versions': m0036,
  '0037_platform_figures': m0037,
  '0038_editing_presence': m0038,
  '0039_deadlines_in_hand': m0039,
  '0040_batch_figure_statements': m0040,
  '0041_redundant_case_indexes': m0041,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Unordered: 0031 was reserved while 0032 shipped first, so a database migrated to 0032
  // takes 0031 afterwards.
  const migrator = new Migrator({ db, provider: migrationProvider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
