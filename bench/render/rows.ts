import type { CaseRow } from '../../contract/case-api';
import { CASE_NO_PREFIX, CASE_STATUSES, CASE_TYPES, type CaseStatus } from '../../contract/cases';

export const ROW_COUNT = 100;

/** What the case status machine allows a superAdmin on an owned case (machines/caseStatusMachine.ts). */
const EVENTS: Record<CaseStatus, CaseRow['allowedEvents']> = {
  pending: ['PUSH', 'ASSIGN'],
  processing: ['RELEASE', 'SUSPEND', 'CLOSE'],
  suspended: ['RESUME', 'CLOSE'],
  closed: ['REOPEN'],
};

const DEBTORS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周杰', '吴霞'];
const HOUR = 3_600_000;

/**
 * One page of the case list as GET /api/cases answers it: the same rows on every run, except
 * the court sessions, which lie ahead of `now` (some within the day, most days away, some
 * passed) so the countdown shows each of its forms.
 */
export function caseRows(now: number): CaseRow[] {
  const created = Date.UTC(2026, 0, 5, 1, 30);
  return Array.from({ length: ROW_COUNT }, (_, i) => {
    const id = 1000 + i;
    const type = CASE_TYPES[i % CASE_TYPES.length];
    const status = CASE_STATUSES[(i * 7) % CASE_STATUSES.length];
    const hasSession = i % 5 !== 4;
    return {
      id,
      caseNo: `${CASE_NO_PREFIX[type]}${String(20_260_000 + id).padStart(8, '0')}`,
      title: `关于${DEBTORS[i % DEBTORS.length]}信用卡欠款纠纷一案（第 ${i + 1} 号）`,
      type,
      status,
      stage: 'mediation',
      position: status === 'pending' ? 'pool' : null,
      closeResult: status === 'closed' ? 'mediated' : null,
      suspendReason: null,
      returnReason: null,
      debtorName: DEBTORS[(i * 3) % DEBTORS.length],
      clientName: '某商业银行股份有限公司信用卡中心',
      regionCode: '440300',
      // Up to about ¥2,000,000, with cents: thousands separators in every row.
      amountFen: ((i * 7_919_993) % 200_000_000) + 12_345,
      principalFen: ((i * 7_919_993) % 200_000_000) + 12_345,
      interestFen: 0,
      penaltyFen: 0,
      feesFen: 0,
      outstandingFen: ((i * 7_919_993) % 100_000_000) + 12_345,
      entrustExpiresOn: '2026-12-31',
      loanNo: null,
      lawyerId: status === 'pending' ? null : 7,
      lawyerName: status === 'pending' ? null : '李律师',
      lawFirmId: status === 'pending' ? null : 3,
      lawFirmName: status === 'pending' ? null : '深圳某某律师事务所',
      court: hasSession ? '深圳市福田区人民法院' : null,
      courtSessionAt: hasSession ? new Date(now + ((i % 9) - 1) * 13 * HOUR).toISOString() : null,
      createdAt: new Date(created + i * 7 * HOUR).toISOString(),
      updatedAt: new Date(created + i * 7 * HOUR).toISOString(),
      version: 1,
      allowedEvents: EVENTS[status],
      assignWithdrawsPush: false,
      can: {
        review: false,
        repay: false,
        followUp: false,
        writeLetter: false,
        proposePlan: false,
        editClaim: false,
        allocationOrder: false,
        extendEntrustment: false,
      },
      planStatus: null,
    };
  });
}
