import { type Kysely, type Selectable, sql } from 'kysely';
import { can, maskPhone } from '../../contract/access';
import type { Creditor, CreditorRequest } from '../../contract/creditors';
import type { Paged } from '../../contract/paging';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import type { CreditorsTable } from '../db/schema-creditors';
import { containsText } from '../db/text-search';
import { uniqueViolation } from '../db/unique-violation';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';

/**
 * Creditors (委托方) as records: listed with their figures (summed over their batches' summary
 * rows, never over cases), created and edited by case operations. A creditor's name is also
 * `cases.client_name` of its cases (what lists, letters and search read); a rename rewrites it in
 * the same transaction.
 */

type Db = Kysely<Database>;

const nameTaken = () =>
  fail.conflict('creditor.nameTaken', {}, [{ path: 'name', message: 'creditor.nameTaken' }]);
const codeTaken = () =>
  fail.conflict('creditor.creditCodeTaken', {}, [
    { path: 'creditCode', message: 'creditor.creditCodeTaken' },
  ]);

export async function listCreditors(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number; keyword?: string },
): Promise<Paged<Creditor>> {
  let base = db.selectFrom('creditors as c');
  if (query.keyword) {
    const k = query.keyword;
    base = base.where((eb) => eb.or([containsText('c.name', k), containsText('c.credit_code', k)]));
  }
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('c')
    .orderBy('c.id', 'asc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { list: await withFigures(db, caller, rows), total: Number(total.n) };
}

export async function creditorById(db: Db, caller: Caller, id: number): Promise<Creditor> {
  const row = await db.selectFrom('creditors').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw fail.notFound('creditor.notFound');
  return (await withFigures(db, caller, [row]))[0];
}

type CreditorRow = Selectable<CreditorsTable>;

async function withFigures(db: Db, caller: Caller, rows: CreditorRow[]): Promise<Creditor[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const figures = await db
    .selectFrom('case_batches as b')
    .leftJoin('batch_figures as f', 'f.batch_id', 'b.id')
    .select((eb) => [
      'b.creditor_id',
      eb.fn.countAll<number>().as('batches'),
      sql<number>`coalesce(sum(f.cases), 0)`.as('cases'),
      sql<number>`coalesce(sum(f.claimed_fen), 0)`.as('claimed'),
      sql<number>`coalesce(sum(f.repaid_fen), 0)`.as('repaid'),
      sql<number>`coalesce(sum(f.outstanding_fen), 0)`.as('outstanding'),
    ])
    .where('b.creditor_id', 'in', ids)
    .groupBy('b.creditor_id')
    .execute();
  const rates = await db
    .selectFrom('creditor_fee_rates as r')
    .innerJoin('law_firms as f', 'f.id', 'r.law_firm_id')
    .select(['r.creditor_id', 'r.law_firm_id', 'r.rate_bp', 'f.name'])
    .where('r.creditor_id', 'in', ids)
    .orderBy('r.law_firm_id')
    .execute();
  // The contact's phone in full only to those who keep the record.
  const fullPhone = can('creditors.manage', caller.role);
  return rows.map((r) => {
    const f = figures.find((x) => x.creditor_id === r.id);
    return {
      id: r.id,
      name: r.name,
      creditCode: r.credit_code,
      contactName: r.contact_name,
      contactPhone: r.contact_phone && !fullPhone ? maskPhone(r.contact_phone) : r.contact_phone,
      reductionMaxPercent: r.reduction_max_percent,
      feeRates: rates
        .filter((x) => x.creditor_id === r.id)
        .map((x) => ({
          lawFirmId: x.law_firm_id,
          lawFirmName: x.name,
          ratePercent: Number(x.rate_bp) / 100,
        })),
      batches: Number(f?.batches ?? 0),
      cases: Number(f?.cases ?? 0),
      claimedFen: Number(f?.claimed ?? 0),
      repaidFen: Number(f?.repaid ?? 0),
      outstandingFen: Number(f?.outstanding ?? 0),
      version: r.version,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

/** The firms of the rates exist and passed review (400 at the first that does not). */
async function checkFirms(db: Db, body: CreditorRequest): Promise<void> {
  const ids = (body.feeRates ?? []).map((r) => r.lawFirmId);
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('law_firms')
    .select('id')
    .where('id', 'in', ids)
    .where('review_status', '=', 'passed')
    .execute();
  const known = new Set(found.map((f) => f.id));
  const at = ids.findIndex((id) => !known.has(id));
  if (at >= 0) throw fail.field(`feeRates.${at}.lawFirmId`, 'creditor.firmNotFound');
}

function writeError(err: unknown): unknown {
  const columns = uniqueViolation(err);
  if (columns?.includes('creditors.name')) return nameTaken();
  if (columns?.includes('creditors.credit_code')) return codeTaken();
  return err;
}

async function refuseTaken(db: Db, body: CreditorRequest, except: number | null): Promise<void> {
  const clash = await db
    .selectFrom('creditors')
    .select(['id', 'name', 'credit_code'])
    .where((eb) => eb.or([eb('name', '=', body.name), eb('credit_code', '=', body.creditCode)]))
    .execute();
  for (const c of clash) {
    if (c.id === except) continue;
    if (c.name === body.name) throw nameTaken();
    throw codeTaken();
  }
}

async function writeRates(trx: Db, creditorId: number, body: CreditorRequest): Promise<void> {
  if (body.feeRates === undefined) return;
  await trx.deleteFrom('creditor_fee_rates').where('creditor_id', '=', creditorId).execute();
  if (body.feeRates.length === 0) return;
  await trx
    .insertInto('creditor_fee_rates')
    .values(
      body.feeRates.map((r) => ({
        creditor_id: creditorId,
        law_firm_id: r.lawFirmId,
        rate_bp: Math.round(r.ratePercent * 100),
      })),
    )
    .execute();
}

export async function createCreditor(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  body: CreditorRequest,
): Promise<Creditor> {
  await checkFirms(app.db, body);
  await refuseTaken(app.db, body, null);
  const now = app.clock.now();
  try {
    const id = await app.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('creditors')
        .values({
          name: body.name,
          credit_code: body.creditCode,
          contact_name: body.contactName,
          contact_phone: body.contactPhone,
          reduction_max_percent: body.reductionMaxPercent ?? null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeRates(trx, id, body);
      await recordAudit(
        trx,
        { caller: who.caller, requestId: who.requestId, at: now },
        {
          action: 'creditor.create',
          entity: 'creditor',
          entityId: id,
          summary: `creditor ${body.name}`,
          params: { name: body.name },
        },
      );
      return id;
    });
    return creditorById(app.db, who.caller, id);
  } catch (err) {
    throw writeError(err);
  }
}

export async function updateCreditor(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  id: number,
  body: CreditorRequest,
): Promise<Creditor> {
  const current = await app.db
    .selectFrom('creditors')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) throw fail.notFound('creditor.notFound');
  await checkFirms(app.db, body);
  await refuseTaken(app.db, body, id);
  const now = app.clock.now();
  try {
    await app.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('creditors')
        .set((eb) => ({
          name: body.name,
          credit_code: body.creditCode,
          contact_name: body.contactName,
          contact_phone: body.contactPhone,
          reduction_max_percent: body.reductionMaxPercent ?? null,
          updated_at: now.toISOString(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      // The cases show the creditor's name from the record.
      if (current.name !== body.name)
        await trx
          .updateTable('cases')
          .set({ client_name: body.name })
          .where('creditor_id', '=', id)
          .execute();
      await writeRates(trx, id, body);
      await recordAudit(
        trx,
        { caller: who.caller, requestId: who.requestId, at: now },
        {
          action: 'creditor.edit',
          entity: 'creditor',
          entityId: id,
          summary: `creditor ${body.name}`,
          params: { name: body.name },
        },
      );
    });
  } catch (err) {
    throw writeError(err);
  }
  return creditorById(app.db, who.caller, id);
}
