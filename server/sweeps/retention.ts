import type { Kysely } from 'kysely';
import { maskPhone } from '../../contract/access';
import { maskAddress, maskPartyIdNumber } from '../../contract/parties';
import { statusesTagged } from '../../machines/caseRules';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { DailySweep } from './daily';

const DAY_MS = 86_400_000;
/** Cases erased per transaction: a first run over years of closed cases stays many short writes. */
const BATCH = 200;

/**
 * Personal data kept no longer than needed (issue 19, "Retention"): on a case closed longer than
 * PII_RETENTION_DAYS, each party keeps its name and the masked forms of its ID number and phones
 * (written over the full values, hashes gone, so the case list no longer finds it by them), its
 * addresses keep their first characters, and the SMS outbox's rows to those phones keep the
 * masked number. A case counts as closed since its last change (`updated_at`): a closed case
 * changes only when reopened, so this never erases early. The refused rows of a case import
 * keep their cells IMPORT_ROWS_RETENTION_DAYS. Each erasure is an audit row, as actor `system`.
 */
export async function eraseExpiredPersonalData(
  app: AppContext,
  now: Date,
): Promise<{ cases: number; parties: number; importRows: number }> {
  const closedBefore = new Date(now.getTime() - app.config.piiRetentionDays * DAY_MS).toISOString();
  let cases = 0;
  let parties = 0;
  for (;;) {
    const due = await app.db
      .selectFrom('cases as c')
      .select(['c.id', 'c.case_no'])
      .where('c.status', 'in', statusesTagged('finished'))
      .where('c.updated_at', '<', closedBefore)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('case_parties as p')
            .select('p.id')
            .whereRef('p.case_id', '=', 'c.id')
            .where('p.pii_erased_at', 'is', null),
        ),
      )
      .orderBy('c.id')
      .limit(BATCH)
      .execute();
    for (const c of due) {
      parties += await app.db.transaction().execute((trx) => eraseCase(trx, c, now));
      cases++;
    }
    if (due.length < BATCH) break;
  }
  const importRows = await eraseImportRows(app, now);
  return { cases, parties, importRows };
}

async function eraseCase(
  trx: Kysely<Database>,
  c: { id: number; case_no: string },
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const parties = await trx
    .selectFrom('case_parties')
    .select(['id', 'id_number'])
    .where('case_id', '=', c.id)
    .where('pii_erased_at', 'is', null)
    .execute();
  const ids = parties.map((p) => p.id);
  for (const p of parties) {
    await trx
      .updateTable('case_parties')
      .set({
        id_number: p.id_number === null ? null : maskPartyIdNumber(p.id_number),
        id_number_hash: null,
        pii_erased_at: at,
      })
      .where('id', '=', p.id)
      .execute();
  }
  const phones = await trx
    .selectFrom('party_phones')
    .select(['id', 'number'])
    .where('party_id', 'in', ids)
    .execute();
  for (const phone of phones) {
    const masked = maskPhone(phone.number);
    await trx
      .updateTable('party_phones')
      .set({ number: masked, number_hash: '' })
      .where('id', '=', phone.id)
      .execute();
    await trx.updateTable('sms_outbox').set({ phone: masked }).where('phone', '=', phone.number).execute();
  }
  const addresses = await trx
    .selectFrom('party_addresses')
    .select(['id', 'text'])
    .where('party_id', 'in', ids)
    .execute();
  for (const a of addresses) {
    await trx
      .updateTable('party_addresses')
      .set({ text: maskAddress(a.text) })
      .where('id', '=', a.id)
      .execute();
  }
  await recordAudit(
    trx,
    { caller: null, requestId: null, at: now, actorRole: 'system' },
    {
      action: 'party.piiErased',
      entity: 'case',
      entityId: c.id,
      summary: `${c.case_no}: ID numbers, phones and addresses of ${parties.length} parties erased (retention)`,
      params: { caseNo: c.case_no, count: parties.length },
    },
  );
  return parties.length;
}

/** Empties the cells of refused import rows older than IMPORT_ROWS_RETENTION_DAYS, one audit row per import. */
async function eraseImportRows(app: AppContext, now: Date): Promise<number> {
  const before = new Date(now.getTime() - app.config.importRowsRetentionDays * DAY_MS).toISOString();
  const imports = await app.db
    .selectFrom('case_imports as i')
    .select(['i.id', 'i.file_name'])
    .where('i.created_at', '<', before)
    .where('i.status', '!=', 'running')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('case_import_rows as r')
          .select('r.id')
          .whereRef('r.import_id', '=', 'i.id')
          .where('r.cells', '!=', '[]'),
      ),
    )
    .execute();
  let rows = 0;
  for (const i of imports) {
    rows += await app.db.transaction().execute(async (trx) => {
      const erased = await trx
        .updateTable('case_import_rows')
        .set({ cells: '[]' })
        .where('import_id', '=', i.id)
        .where('cells', '!=', '[]')
        .executeTakeFirst();
      const count = Number(erased.numUpdatedRows);
      await recordAudit(
        trx,
        { caller: null, requestId: null, at: now, actorRole: 'system' },
        {
          action: 'import.rowsErased',
          entity: 'case_import',
          entityId: i.id,
          summary: `import ${i.id}: cells of ${count} refused rows erased (retention)`,
          params: { importId: i.id, count },
        },
      );
      return count;
    });
  }
  return rows;
}

export const retentionSweep: DailySweep = {
  name: 'retention',
  async run(app, now) {
    const done = await eraseExpiredPersonalData(app, now);
    return `${done.parties} parties on ${done.cases} cases, ${done.importRows} import rows erased`;
  },
};
