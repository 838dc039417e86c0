import { type Kysely, sql } from 'kysely';
import { renderAudit } from '../../contract/audit';
import type { CaseDetail } from '../../contract/case-api';
import { CASE_EVENTS, type CaseEventName } from '../../contract/cases';
import { ledgerView, type RepaymentChannel } from '../../contract/ledger';
import type { Language } from '../../contract/messages';
import type { Database } from '../db/schema';
import { fail } from '../http/errors';
import { attachmentUrl } from './attachments';
import { ledgerOfCase } from './ledger/read';
import { PUSH_COLUMNS, pushesVisibleTo, pushOf } from './pushes';
import { casesWithNames, toCaseRow } from './rows';
import { type CaseViewer, visibleCondition } from './scope';

/** Everything the detail pages show about one case. */
export async function caseDetail(
  db: Kysely<Database>,
  viewer: CaseViewer,
  id: number,
  lang: Language = 'zh-CN',
): Promise<CaseDetail> {
  const row = await casesWithNames(db)
    .select('cases.description')
    .where('cases.id', '=', id)
    .where(visibleCondition(viewer))
    .executeTakeFirst();
  if (!row) throw fail.notFound('case.notFound');
  // Whose pushes the viewer reads: every firm's, or their own firm's only (server/cases/pushes.ts).
  const firms = pushesVisibleTo(viewer);
  // No firm of one's own: no push is one's own (ids start at 1).
  const ownFirm = firms === 'all' ? 0 : (firms ?? 0);
  const shownEntry = (action: string, params: string | null) => {
    if (firms === 'all') return true;
    const firm = firmOfEntry(action, params);
    return firm === null || firm === ownFirm;
  };
  const [attachments, followUps, repayments, pushes, auditTrail, ledger] = await Promise.all([
    db
      .selectFrom('case_attachments as a')
      .leftJoin('users as u', 'u.id', 'a.uploaded_by')
      .select(['a.id', 'a.name', 'a.url', 'a.size', 'a.created_at', 'u.name as uploader'])
      .where('a.case_id', '=', id)
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .execute(),
    followUpsOf(db, id),
    db
      .selectFrom('repayments')
      .selectAll()
      .where('case_id', '=', id)
      // Newest entry first: a repayment recorded just now tops the list even when it was paid long ago.
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('case_pushes as p')
      .innerJoin('law_firms as f', 'f.id', 'p.law_firm_id')
      .leftJoin('users as u', 'u.id', 'p.operator_id')
      .select(PUSH_COLUMNS)
      .where('p.case_id', '=', id)
      .$if(firms !== 'all', (q) => q.where('p.law_firm_id', '=', ownFirm))
      .orderBy('p.pushed_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute(),
    db
      .selectFrom('audit_log as l')
      .leftJoin('users as u', 'u.id', 'l.actor_id')
      .select(['l.id', 'l.at', 'l.action', 'l.summary', 'l.params', 'l.actor_role', 'u.name as actor_name'])
      // The case's own entries, and those of the letters written on it (written, decided,
      // resubmitted), of the reader's firm only unless they read every firm's pushes.
      .where((eb) =>
        eb.or([
          eb.and([eb('l.entity', '=', 'case'), eb('l.entity_id', '=', String(id))]),
          eb.and([
            eb('l.entity', '=', 'letter'),
            eb(
              'l.entity_id',
              'in',
              eb
                .selectFrom('law_firm_letters as lt')
                .select(sql<string>`cast(lt.id as text)`.as('id'))
                .where('lt.case_id', '=', id)
                .$if(firms !== 'all', (q) => q.where('lt.law_firm_id', '=', ownFirm)),
            ),
          ]),
        ]),
      )
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(200)
      .execute(),
    ledgerOfCase(db, id, viewer.role),
  ]);
  const repaidFen = repayments.reduce((sum, r) => sum + Number(r.amount_fen), 0);
  return {
    ...toCaseRow(row, viewer),
    description: row.description,
    attachments: attachments.map((a) => ({
      id: a.id,
      caseId: id,
      name: a.name,
      // The download route, also for rows recorded before files were stored (those answer 404).
      url: attachmentUrl(id, a.id),
      size: a.size,
      uploadedBy: a.uploader,
      createdAt: a.created_at,
    })),
    followUps,
    repayments: repayments.map((r) => ({
      id: r.id,
      caseId: r.case_id,
      amountFen: Number(r.amount_fen),
      repaidOn: r.repaid_on,
      note: r.note,
      channel: r.channel as RepaymentChannel | null,
      voucherAttachmentId: r.voucher_attachment_id,
      createdAt: r.created_at,
    })),
    // The repayments in force (the view leaves out reversed ones); outstanding is the case's own column.
    repaidFen,
    ledger: ledgerView(ledger),
    pushes: pushes.map(pushOf),
    auditTrail: auditTrail
      .filter((a) => shownEntry(a.action, a.params))
      .map((a) => ({
        id: a.id,
        at: a.at,
        action: a.action,
        summary: a.summary,
        ...(({ label, detail }) => ({ actionLabel: label, detail }))(renderAudit(lang, a.action, a.params)),
        actorName: a.actor_name,
        actorRole: a.actor_role,
        ...decisionOf(a.action, a.params),
      })),
  };
}

/**
 * The firm a case's audit entry is about, read from its stored parameters, or null when it is
 * about none: a decline or a withdrawal is the history of the firm the case left
 * (`fromLawFirmId`), a push, an acceptance or a hand-over that of the firm it went to
 * (`lawFirmId`). A viewer who reads only their own firm's pushes sees only those entries.
 */
function firmOfEntry(action: string, params: string | null): number | null {
  if (!action.startsWith('case.') || !params) return null;
  let stored: { lawFirmId?: unknown; fromLawFirmId?: unknown };
  try {
    stored = JSON.parse(params) as typeof stored;
  } catch {
    return null;
  }
  const id = (value: unknown) => (typeof value === 'number' ? value : null);
  const event = action.slice(5).toUpperCase();
  if (event === 'DECLINE' || event === 'RELEASE') return id(stored.fromLawFirmId);
  return id(stored.lawFirmId) ?? id(stored.fromLawFirmId);
}

/** The case event an audit entry records (`case.return` is RETURN) and the reason stored with it. */
function decisionOf(
  action: string,
  params: string | null,
): Pick<CaseDetail['auditTrail'][number], 'event' | 'reason'> {
  const name = action.startsWith('case.') ? action.slice(5).toUpperCase() : '';
  const event = (CASE_EVENTS as readonly string[]).includes(name) ? (name as CaseEventName) : null;
  let reason: string | null = null;
  if (event && params) {
    try {
      const stored = JSON.parse(params) as { reason?: unknown };
      if (typeof stored.reason === 'string' && stored.reason) reason = stored.reason;
    } catch {
      // An entry written by hand without JSON parameters shows no reason.
    }
  }
  return { event, reason };
}

async function followUpsOf(db: Kysely<Database>, caseId: number): Promise<CaseDetail['followUps']> {
  const rows = await db
    .selectFrom('payment_follow_ups as f')
    .leftJoin('users as u', 'u.id', 'f.operator_id')
    .select(['f.id', 'f.case_id', 'f.followed_at', 'f.note', 'f.payment_status', 'u.name as operator_name'])
    .where('f.case_id', '=', caseId)
    .orderBy('f.followed_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  return rows.map((f) => ({
    id: f.id,
    caseId: f.case_id,
    followedAt: f.followed_at,
    note: f.note,
    paymentStatus: f.payment_status as CaseDetail['followUps'][number]['paymentStatus'],
    operatorName: f.operator_name,
  }));
}
