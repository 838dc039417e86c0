import type { Kysely } from 'kysely';
import type { CaseRow } from '../../contract/case-api';
import type { CaseIntake } from '../../contract/case-intake';
import { claimOf } from '../../contract/ledger';
import type { CaseCreateRequest, PartyInput } from '../../contract/parties';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import { placeFormCase } from '../creditors/placement';
import { bulkInsert } from '../db/bulk-insert';
import { dialectOf } from '../db/dialect-of';
import type { Database } from '../db/schema';
import { inTexts } from '../db/sql-portable';
import { uniqueViolation } from '../db/unique-violation';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { forgetCaseCounts } from './count-cache';
import { claimColumns } from './ledger/claim';
import { type PiiHasher, piiHasher } from './parties/pii-hash';
import { insertPartiesOfCases } from './parties/store';
import { caseRowsByIds } from './rows';
import type { CaseViewer } from './scope';
import { insertCaseTerms } from './search-terms';

/** The refusal of a case number someone already used (form: 409 naming the field). */
export const caseNoTaken = () =>
  fail.conflict('intake.caseNoTaken', {}, [{ path: 'caseNo', message: 'intake.caseNoTaken' }]);

/**
 * Writes new cases as intake makes them: pending, awaiting review, at the intake stage,
 * entered by `createdBy`, indexed for the keyword search (search-terms.ts), each with its
 * parties (server/cases/parties/: the ones given, else a main debtor named `debtorName`). The one
 * door for the form and the import; the caller holds the transaction and has checked each case
 * against contract/case-intake.ts (and contract/parties.ts); parties with numbers need `hash`.
 * The claim is split as given (contract/ledger.ts claimOf; all principal without parts) and
 * nothing is outstanding but the claim. Each case names its creditor and batch
 * (server/creditors/placement.ts); `clientName` is that creditor's name.
 */
export async function insertCases(
  trx: Kysely<Database>,
  cases: ReadonlyArray<
    CaseIntake & { parties?: readonly PartyInput[]; creditorId?: number | null; batchId?: number | null }
  >,
  createdBy: number,
  at: Date,
  hash?: PiiHasher,
): Promise<number[]> {
  if (cases.length === 0) return [];
  const now = at.toISOString();
  const claims = cases.map((c) => {
    const claim = claimOf(c);
    if ('mismatch' in claim) throw new Error(`insertCases: the claim's parts of ${c.caseNo} do not add up`);
    return claim.parts;
  });
  // One multi-row statement per table and chunk (an import writes its cases a batch at a time).
  const ids = await bulkInsert(
    trx,
    'cases',
    cases.map((c, i) => ({
      case_no: c.caseNo,
      title: c.title,
      type: c.type,
      debtor_name: c.debtorName,
      client_name: c.clientName,
      region_code: c.regionCode,
      amount_fen: c.amountFen,
      ...claimColumns(claims[i]),
      entrust_expires_on: c.entrustExpiresOn,
      court: c.court ?? null,
      description: c.description ?? null,
      loan_no: c.loanNo ?? null,
      creditor_id: c.creditorId ?? null,
      batch_id: c.batchId ?? null,
      status: 'pending',
      position: 'awaitingReview',
      stage: 'intake',
      created_by: createdBy,
      created_at: now,
      updated_at: now,
    })),
    { returnIds: true },
  );
  await insertCaseTerms(
    trx,
    ids,
    cases.map((c) => ({ title: c.title, debtor_name: c.debtorName, client_name: c.clientName })),
  );
  const withNumbers = cases.some((c) => c.parties?.some((p) => p.idNumber || p.phones.length > 0));
  if (withNumbers && !hash) throw new Error('insertCases: parties with numbers need the PII hasher');
  await insertPartiesOfCases(
    trx,
    hash ?? NO_NUMBERS,
    cases.map((c, i) => ({
      caseId: ids[i],
      parties: c.parties?.length
        ? c.parties
        : [{ role: 'debtor', name: c.debtorName, phones: [], addresses: [] }],
      position: 0,
    })),
    at,
  );
  return ids;
}

/** Parties without a number need no hash (a form or import without them). */
const NO_NUMBERS: PiiHasher = {
  idNumber: () => {
    throw new Error('no PII hasher');
  },
  phone: () => {
    throw new Error('no PII hasher');
  },
};

/** The case numbers of these that are already stored. */
export async function storedCaseNos(db: Kysely<Database>, caseNos: readonly string[]): Promise<Set<string>> {
  if (caseNos.length === 0) return new Set();
  const rows = await db
    .selectFrom('cases')
    .select('case_no')
    .where(inTexts(dialectOf(db), 'case_no', caseNos))
    .execute();
  return new Set(rows.map((r) => r.case_no));
}

/** POST /api/cases: one case from the form (with its parties), awaiting review, audited as `case.create`. */
export async function createCase(
  app: AppContext,
  who: { caller: Caller; viewer: CaseViewer; requestId: string },
  body: CaseCreateRequest,
): Promise<CaseRow> {
  if ('mismatch' in claimOf(body)) throw fail.field('amountFen', 'ledger.claimMismatch');
  if ((await storedCaseNos(app.db, [body.caseNo])).size > 0) throw caseNoTaken();
  const now = app.clock.now();
  const hash = await piiHasher(app.db);
  let id: number;
  try {
    id = await app.db.transaction().execute(async (trx) => {
      const placed = await placeFormCase(trx, who, body, now);
      const [created] = await insertCases(
        trx,
        [{ ...body, clientName: placed.clientName, creditorId: placed.creditorId, batchId: placed.batchId }],
        who.caller.userId,
        now,
        hash,
      );
      await recordAudit(
        trx,
        { caller: who.caller, requestId: who.requestId, at: now },
        {
          action: 'case.create',
          entity: 'case',
          entityId: created,
          summary: `created ${body.caseNo}`,
          params: { caseNo: body.caseNo, title: body.title },
        },
      );
      return created;
    });
  } catch (err) {
    // Two forms with the same number at once: the unique index refuses the second.
    if (uniqueViolation(err)?.includes('cases.case_no')) throw caseNoTaken();
    throw err;
  }
  forgetCaseCounts(app.db, { rows: 'inserted' });
  const [row] = await caseRowsByIds(app.db, [id], who.viewer);
  return row;
}
