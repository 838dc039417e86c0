import type { ActionDescriptor, DetailPage, PageDescriptor } from '../../../contract/pages/descriptor';
import { PLAN_STATUSES } from '../../../contract/plans';
import { col, field, mayDo, table } from './builders';
import { review } from './reviews';

/** 案件处理's 分期还款: */
/** The case's latest repayment plan (分期还款) and its instalments as they stand today. */
const plan: DetailPage['sections'][number] = {
  kind: 'descriptions',
  title: 'plan.section',
  columns: 3,
  items: [
    col('plan.status', 'plan.status', { widget: 'status', enum: 'planStatus' }),
    col('plan.totalFen', 'plan.total', { widget: 'money' }),
    col('plan.paidFen', 'plan.paid', { widget: 'money' }),
    col('plan.outstandingFen', 'plan.outstandingAtProposal', { widget: 'money' }),
    col('plan.reason', 'plan.reason'),
  ],
};
const instalments: DetailPage['sections'][number] = {
  kind: 'table',
  title: 'plan.section.instalments',
  field: 'plan.instalments',
  columns: [
    col('seq', 'plan.seq', { widget: 'number' }),
    col('dueOn', 'plan.dueOn', { widget: 'date' }),
    col('amountFen', 'plan.amount', { widget: 'money' }),
    col('paidFen', 'plan.paidFen', { widget: 'money' }),
    col('status', 'plan.instalmentStatus', { widget: 'status', enum: 'instalmentStatus' }),
  ],
};
export const planSections = [plan, instalments];

/**
 * 制定分期: the handling lawyer proposes instalments on a case in processing (the row's
 * `can.proposePlan`); a total below what is outstanding (减免) needs the reason and waits for
 * 分期审核, an equal one is active at once.
 */
export const proposePlanAction: ActionDescriptor = {
  kind: 'api',
  key: 'proposePlan',
  label: 'plan.action.propose',
  method: 'POST',
  path: '/cases/:id/plans',
  body: 'form',
  form: [
    field('instalments', 'plan.instalments', { kind: 'instalments', max: 36 }, { required: true, span: 24 }),
    field(
      'reason',
      'plan.reason',
      { kind: 'textarea', maxLength: 200 },
      { placeholder: 'plan.reasonPlaceholder', span: 24 },
    ),
  ],
  successMessage: 'plan.proposed',
  when: mayDo('proposePlan'),
};

/** 下载协议: the latest plan's agreement (分期还款协议), shown while the case has a plan. */
export const agreementDownload: ActionDescriptor = {
  kind: 'export',
  key: 'planAgreement',
  label: 'plan.action.download',
  path: '/plans/:planId/pdf',
  when: { field: 'plan.status', in: [...PLAN_STATUSES] },
};

/**
 * 分期审核: reduced repayment plans (减免) waiting for case operations, oldest first; the
 * decision names the version the row showed (server/reviews/plan-review.ts).
 */
const planReview = table({
  id: 'plan-review',
  title: 'menu.planReview',
  source: { path: '/plans' },
  filters: [field('caseNo', 'plan.caseNo', { kind: 'input', maxLength: 40 })],
  columns: [
    col('caseNo', 'plan.caseNo', { width: 130 }),
    col('debtorName', 'plan.debtor', { width: 110 }),
    col('lawyerName', 'plan.lawyer', { width: 100 }),
    col('outstandingFen', 'plan.outstandingAtProposal', { widget: 'money', width: 130 }),
    col('totalFen', 'plan.total', { widget: 'money', width: 130 }),
    col('reductionFen', 'plan.reduction', { widget: 'money', width: 120 }),
    col('instalmentCount', 'plan.instalmentCount', { widget: 'number', width: 80 }),
    col('reason', 'plan.reason', { width: 220 }),
    col('createdAt', 'plan.proposedAt', { widget: 'datetime', width: 170 }),
  ],
  rowActions: [review('/plans/:id/review', 'reviewStatus')],
  toolbar: [],
  bulkActions: [],
  defaultSort: { field: 'createdAt', order: 'ascend' },
});

export const planPages: PageDescriptor[] = [planReview];
