import type { Kysely } from 'kysely';
import type { CaseRow } from '../../contract/case-api';
import type { CaseEvent, CaseState } from '../../machines/caseStatusMachine';
import type { Database } from '../db/schema';
import { firmContacts, lawyerUser, type NoticeParams, notify, usersHolding } from '../notifications/notify';

/** Who acts next, told in the same transaction (server/notifications/notify.ts). */
export async function notifyNext(
  trx: Kysely<Database>,
  change: { event: CaseEvent; from: CaseRow; next: CaseState; createdBy: number | null; at: Date },
) {
  const { event, from, next, createdBy, at } = change;
  const caseNo = from.caseNo;
  const firmName = async (id: number | null) =>
    id === null
      ? ''
      : ((await trx.selectFrom('law_firms').select('name').where('id', '=', id).executeTakeFirst())?.name ??
        '');
  switch (event.type) {
    case 'APPROVE':
      if (createdBy !== null)
        await notify(
          trx,
          [createdBy],
          { kind: 'case.approved', params: { caseNo }, link: `/list/case-detail/${from.id}`, type: 'notice' },
          at,
        );
      return;
    case 'RETURN':
      if (createdBy !== null)
        await notify(
          trx,
          [createdBy],
          {
            kind: 'case.returned',
            params: { caseNo, reason: event.reason.trim() },
            link: `/list/case-edit/${from.id}`,
          },
          at,
        );
      return;
    case 'PUSH':
      if (next.lawFirmId !== null)
        await notify(
          trx,
          await firmContacts(trx, next.lawFirmId),
          // Straight to the case on the firm's own case page, where it is accepted or declined.
          { kind: 'case.pushed', params: { caseNo, title: from.title }, link: `/form/firm-case/${from.id}` },
          at,
        );
      return;
    case 'ACCEPT':
    case 'DECLINE': {
      const params: NoticeParams = { caseNo, firm: await firmName(from.lawFirmId) };
      if (event.type === 'DECLINE') params.reason = event.reason.trim();
      await notify(
        trx,
        await usersHolding(trx, 'cases.push:all'),
        {
          kind: event.type === 'ACCEPT' ? 'push.accepted' : 'push.declined',
          params,
          link: '/list/push-manage',
          type: 'notice',
        },
        at,
      );
      return;
    }
    case 'ASSIGN':
      if (next.lawyerId !== null && next.lawyerId !== from.lawyerId)
        await notify(
          trx,
          await lawyerUser(trx, next.lawyerId),
          {
            kind: 'case.assigned',
            params: { caseNo, title: from.title },
            link: `/case/processing/${from.id}`,
          },
          at,
        );
      return;
    default:
      return;
  }
}
