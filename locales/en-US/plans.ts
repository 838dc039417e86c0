import type zh from '../zh-CN/plans';

export default {
  'plan.section': 'Repayment plan',
  'plan.section.instalments': 'Instalments',
  'plan.status': 'Plan status',
  'plan.total': 'Plan total',
  'plan.outstandingAtProposal': 'Outstanding when proposed',
  'plan.reduction': 'Reduction',
  'plan.paid': 'Paid into the plan',
  'plan.reason': 'Reason for the reduction',
  'plan.instalmentCount': 'Instalments',
  'plan.proposedAt': 'Proposed at',
  'plan.caseNo': 'Case no.',
  'plan.debtor': 'Debtor',
  'plan.lawyer': 'Handling lawyer',
  'plan.seq': 'No.',
  'plan.dueOn': 'Due on',
  'plan.amount': 'Amount due',
  'plan.paidFen': 'Paid',
  'plan.instalmentStatus': 'Status',
  'plan.action.download': 'Download agreement',
  'plan.action.openCase': 'Open case',
} satisfies Record<keyof typeof zh, string>;
