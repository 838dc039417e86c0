import { DEADLINE_NOTICES_EN_US } from './notices-deadlines-en-US';
import { PLAN_NOTICES_EN_US } from './notices-plans-en-US';
import type { NoticeKind } from './notices-zh-CN';

/** The en-US half of contract/notices.ts. */
export const NOTICES_EN_US: Record<NoticeKind, { title: string; content: string }> = {
  ...PLAN_NOTICES_EN_US,
  ...DEADLINE_NOTICES_EN_US,
  'case.approved': { title: 'Case approved', content: 'Case {{caseNo}} passed review and is in the pool.' },
  'case.returned': {
    title: 'Case returned for correction',
    content:
      'Case {{caseNo}} did not pass review and was returned. Correct it on its edit page, then choose "Resubmit for review". Reason: {{reason}}',
  },
  'case.pushed': {
    title: 'A case was pushed to your firm',
    content: 'Case {{caseNo}} ({{title}}) was pushed to your firm: accept or decline it.',
  },
  'push.accepted': { title: 'Push accepted', content: '{{firm}} accepted case {{caseNo}}.' },
  'push.declined': {
    title: 'Push declined',
    content: '{{firm}} declined case {{caseNo}}: {{reason}}. The case is back in the pool.',
  },
  'case.assigned': {
    title: 'A case was assigned to you',
    content: 'Case {{caseNo}} ({{title}}) is yours to handle.',
  },
  'case.repaid': {
    title: 'Case closed as repaid',
    content: 'Repayments on case {{caseNo}} reached the amount claimed; the case is closed as repaid.',
  },
  'import.done': {
    title: 'Case import finished',
    content: '{{fileName}}: {{imported}} cases imported, {{invalid}} invalid rows.',
  },
  'import.failed': {
    title: 'Case import failed',
    content: '{{fileName}} failed: {{imported}} cases imported, {{invalid}} invalid rows.',
  },
  'letter.submitted': {
    title: "A lawyer's letter to review",
    content: '{{firm}} submitted letter {{letterNo}} for case {{caseNo}}; please review it.',
  },
  'letter.passed': {
    title: 'Letter passed',
    content: 'Letter {{letterNo}} for case {{caseNo}} passed review.',
  },
  'letter.rejected': {
    title: 'Letter sent back',
    content:
      'Letter {{letterNo}} for case {{caseNo}} did not pass review: {{reason}}. Edit it and submit it again.',
  },
  'certification.passed': {
    title: 'Certification passed',
    content: 'Your enterprise certification ({{enterprise}}) passed review.',
  },
  'certification.rejected': {
    title: 'Certification rejected',
    content: 'Your enterprise certification ({{enterprise}}) did not pass review: {{reason}}.',
  },
  'law_firm.passed': {
    title: 'Law firm approved',
    content: '{{name}} passed review and can now receive pushed cases.',
  },
  'law_firm.rejected': {
    title: 'Law firm not approved',
    content: '{{name}} did not pass review: {{reason}}. Please correct the details and submit again.',
  },
  'lawyer.passed': { title: 'Lawyer approved', content: 'Lawyer {{name}} passed review.' },
  'lawyer.rejected': {
    title: 'Lawyer not approved',
    content: 'Lawyer {{name}} did not pass review: {{reason}}. Please correct the details and submit again.',
  },
  'law_firm.suspended': {
    title: 'Law firm suspended',
    content:
      '{{name}} is suspended: {{reason}}. While suspended its contact persons cannot sign in and it receives no pushed cases.',
  },
  'law_firm.suspendedLawyer': {
    title: 'Your law firm is suspended',
    content:
      'Your law firm {{name}} is suspended: {{reason}}. You keep the cases in your hands; please go on with them.',
  },
  'law_firm.casesReleased': {
    title: "A suspended firm's cases are back in the pool",
    content:
      '{{name}} is suspended: {{reason}}. Its {{count}} case(s) without a lawyer are back in the case pool; please push them again.',
  },
  'law_firm.resumed': {
    title: 'Law firm resumed',
    content:
      '{{name}} is no longer suspended: its contact persons can sign in and it can receive pushed cases.',
  },
  'law_firm.resumedLawyer': {
    title: 'Your law firm is resumed',
    content: 'Your law firm {{name}} is no longer suspended.',
  },
  'law_firm.resumedOperations': {
    title: 'Law firm resumed',
    content: '{{name}} is no longer suspended; cases can be pushed to it again.',
  },
  'lawyer.suspended': {
    title: 'Lawyer suspended',
    content:
      "Lawyer {{name}}'s account is suspended: {{reason}}. While suspended the lawyer cannot sign in; the cases in the lawyer's hands stay until operations reassign them.",
  },
  'lawyer.resumed': {
    title: 'Lawyer resumed',
    content: "Lawyer {{name}}'s account is no longer suspended and can sign in again.",
  },
};
