import type { Kysely } from 'kysely';
import type {
  CertificationQueueQuery,
  CertificationReviewRow,
  CertificationState,
} from '../../contract/certifications';
import type { Paged } from '../../contract/paging';
import type { VersionedReviewDecision } from '../../contract/reviews';
import { phoneFor } from '../access/phones';
import { recordAudit } from '../audit/audit';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { containsText } from '../db/text-search';
import { fail } from '../http/errors';
import type { Caller } from '../http/route';
import { notify } from '../notifications/notify';
import { decide, REVIEWABLE } from '../reviews/decision';
import { toCertificationRecord } from './records';

/** The account's state once nothing is pending: certified when an application ever passed. */
export async function settledState(db: Kysely<Database>, userId: number): Promise<CertificationState> {
  const passed = await db
    .selectFrom('certifications')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'passed')
    .executeTakeFirst();
  return passed ? 'enterprise' : 'none';
}

function matching(db: Kysely<Database>, query: Partial<CertificationQueueQuery>) {
  let q = db.selectFrom('certifications as c');
  if (query.status?.length) q = q.where('c.status', 'in', query.status);
  const keyword = query.keyword;
  if (keyword)
    q = q.where((eb) => eb.or(['c.enterprise_name', 'c.credit_code'].map((c) => containsText(c, keyword))));
  return q;
}

function withPeople(q: ReturnType<typeof matching>) {
  return q
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as r', 'r.id', 'c.reviewer_id')
    .selectAll('c')
    .select([
      'u.name as applicant_name',
      'u.phone as applicant_phone',
      'u.law_firm_id as applicant_firm',
      'r.name as reviewer_name',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withPeople>['execute']>>[number];

function toRow(caller: Caller, row: Row): CertificationReviewRow {
  return {
    ...toCertificationRecord(row),
    // The contact phone on the application is a person's number too: masked alike.
    contactPhone: phoneFor(caller, row.contact_phone, { userId: row.user_id, lawFirmId: row.applicant_firm }),
    userId: row.user_id,
    applicantName: row.applicant_name,
    applicantPhone: phoneFor(caller, row.applicant_phone, {
      userId: row.user_id,
      lawFirmId: row.applicant_firm,
    }),
    reviewerName: row.reviewer_name,
    reason: row.reason,
    hasLicenceFile: row.licence_file_key !== null && row.licence_file_name !== null,
  };
}

/** A page of the applications (every user's), newest first. */
export async function listCertifications(
  db: Kysely<Database>,
  caller: Caller,
  query: CertificationQueueQuery,
): Promise<Paged<CertificationReviewRow>> {
  const [rows, count] = await Promise.all([
    withPeople(matching(db, query))
      .orderBy('c.submitted_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    matching(db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => toRow(caller, r)), total: Number(count.n) };
}

async function oneRow(db: Kysely<Database>, caller: Caller, id: number) {
  const row = await withPeople(matching(db, {}).where('c.id', '=', id)).executeTakeFirst();
  if (!row) throw fail.notFound('certification.notFound');
  return toRow(caller, row);
}

/**
 * Passes or rejects an application under review (a rejection says why), like every review in
 * the product (contract/reviews.ts): the application leaves 审核中, the account becomes
 * certified on a pass or falls back to its settled state on a rejection, and the applicant is
 * told. The one review guard (server/reviews/decision.ts) takes it on the version the reviewer
 * read: of two reviewers only one wins (409 with the stored figures), and an application
 * withdrawn meanwhile cannot be decided.
 */
export async function reviewCertification(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  id: number,
  decision: VersionedReviewDecision,
): Promise<CertificationReviewRow> {
  const record = await oneRow(app.db, who.caller, id);
  const now = app.clock.now();
  const reason = decision.status === 'rejected' ? (decision.reason ?? null) : null;
  await app.db.transaction().execute(async (trx) => {
    await decide(
      trx,
      { ...REVIEWABLE.certification, notUnderReview: 'certification.notReviewable' },
      id,
      decision,
      {
        userId: who.caller.userId,
        at: now,
      },
    );
    await trx
      .updateTable('users')
      .set({
        certification: decision.status === 'passed' ? 'enterprise' : await settledState(trx, record.userId),
        updated_at: now.toISOString(),
      })
      .where('id', '=', record.userId)
      .execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: `certification.review.${decision.status}`,
        entity: 'certification',
        entityId: id,
        summary: `${record.enterpriseName} (${record.creditCode}): ${decision.status}${reason ? ` (${reason})` : ''}`,
        params: { enterprise: record.enterpriseName, reason },
      },
    );
    await notify(
      trx,
      [record.userId],
      {
        kind: decision.status === 'passed' ? 'certification.passed' : 'certification.rejected',
        params: { enterprise: record.enterpriseName, reason },
        link: '/user/setting',
        type: 'notice',
      },
      now,
    );
  });
  return oneRow(app.db, who.caller, id);
}
