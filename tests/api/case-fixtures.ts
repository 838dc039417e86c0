import { expect } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { Parts } from '../../contract/ledger';
import { MESSAGES, type MessageKey } from '../../contract/messages';
import { demoLawyer } from './fixtures';
import type { TestServer } from './harness';

/**
 * What the case write tests share (cases-writes.test.ts, case-transition-refusals.test.ts,
 * case-list-totals.test.ts, case-payments.test.ts): the file's server, cases taken from the
 * seed one at a time, transitions as the page sends them, and the 409 refusal they answer.
 */
let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;

export type Role = Parameters<TestServer['tokenFor']>[0];

export const stored = (id: number) =>
  server.app.db.selectFrom('cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Cases are taken one by one from the seeded data, so no two tests share one. */
const used = new Set<number>();
export async function freshCase(where: {
  status: string;
  lawyer?: 'none' | 'demo' | 'other';
  firm?: 'none' | 'demo' | 'other';
  /** A pending case's position; by default in the pool, or pushed when it has a firm. */
  position?: 'awaitingReview' | 'pool' | 'pushed' | 'accepted';
}) {
  let query = server.app.db.selectFrom('cases').select('id').where('status', '=', where.status);
  if (where.status === 'pending') {
    const position = where.position ?? (where.firm && where.firm !== 'none' ? 'pushed' : 'pool');
    query = query.where('position', '=', position);
  }
  if (where.lawyer === 'none') query = query.where('lawyer_id', 'is', null);
  if (where.lawyer === 'demo') query = query.where('lawyer_id', '=', demoLawyerId);
  if (where.lawyer === 'other') query = query.where('lawyer_id', '!=', demoLawyerId);
  if (where.firm === 'none') query = query.where('law_firm_id', 'is', null);
  if (where.firm === 'demo') query = query.where('law_firm_id', '=', demoFirmId);
  if (where.firm === 'other') query = query.where('law_firm_id', '!=', demoFirmId);
  const rows = await query.orderBy('id').execute();
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no unused case like ${JSON.stringify(where)}`);
  used.add(row.id);
  return stored(row.id);
}

/** A processing case of the demo lawyer with exactly this claim and no ledger entry yet. */
export async function caseWithClaim(claim: Parts) {
  const c = await freshCase({ status: 'processing', lawyer: 'demo' });
  const db = server.app.db;
  await db.deleteFrom('ledger_entries').where('case_id', '=', c.id).execute();
  const total = claim.principal + claim.interest + claim.penalty + claim.fees;
  await db
    .updateTable('cases')
    .set({
      amount_fen: total,
      claim_principal_fen: claim.principal,
      claim_interest_fen: claim.interest,
      claim_penalty_fen: claim.penalty,
      claim_fees_fen: claim.fees,
      outstanding_principal_fen: claim.principal,
      outstanding_interest_fen: claim.interest,
      outstanding_penalty_fen: claim.penalty,
      outstanding_fees_fen: claim.fees,
      outstanding_fen: total,
    })
    .where('id', '=', c.id)
    .execute();
  return c.id;
}

/** The audit entries the tests wrote about a case (the seed's history of it left out). */
export const caseAudit = (id: number) =>
  server.app.db
    .selectFrom('audit_log')
    .select(['id', 'action'])
    .where('entity', '=', 'case')
    .where('entity_id', '=', String(id))
    .where('id', '>', seededAuditUpTo)
    .orderBy('id')
    .execute();

/** The last audit entry of the seed (which writes every seeded case's history, as the product does). */
let seededAuditUpTo = 0;

export async function transition(role: Role, id: number, body: Record<string, unknown>) {
  return server.call<CaseRow>('POST', `/api/cases/${id}/transitions`, {
    token: await server.tokenFor(role),
    body,
  });
}

export function expectRefusal(res: { status: number; body: { msg: string } }, key: MessageKey) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.msg).toBe(MESSAGES['zh-CN'][key]);
}

/** Points the helpers at a file's server; answers the demo lawyer's id and firm. */
export async function useCaseServer(next: TestServer): Promise<{ demoLawyerId: number; demoFirmId: number }> {
  server = next;
  used.clear();
  const lawyer = await demoLawyer(server);
  demoLawyerId = lawyer.id;
  demoFirmId = lawyer.law_firm_id;
  const last = await server.app.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  seededAuditUpTo = Number(last?.id ?? 0);
  return { demoLawyerId, demoFirmId };
}

/** A province whose pool holds a handful of cases, so a filter job is small and its own. */
export async function smallPoolRegion(): Promise<{ region: string; ids: number[] }> {
  const cases = await server.app.db
    .selectFrom('cases')
    .select(['id', 'region_code'])
    .where('status', '=', 'pending')
    .where('position', '=', 'pool')
    .execute();
  const byProvince = new Map<string, number[]>();
  for (const c of cases) {
    const province = `${c.region_code.slice(0, 2)}0000`;
    byProvince.set(province, [...(byProvince.get(province) ?? []), c.id]);
  }
  const [region, ids] = [...byProvince.entries()]
    .filter(([, list]) => list.length >= 3 && list.length <= 60)
    .sort((a, b) => a[1].length - b[1].length)[0];
  return { region, ids };
}
