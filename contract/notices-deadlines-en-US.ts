import type { DEADLINE_NOTICES_ZH_CN } from './notices-deadlines-zh-CN';

/** The notices of deadlines and routing in en-US; spread into contract/notices-en-US.ts. */
export const DEADLINE_NOTICES_EN_US: Record<
  keyof typeof DEADLINE_NOTICES_ZH_CN,
  { title: string; content: string }
> = {
  'push.expired': {
    title: 'Unanswered push withdrawn',
    content:
      'Case {{caseNo}} was pushed to {{firm}} and not answered within {{hours}} hours: the push is withdrawn.',
  },
  'push.expiredRouted': {
    title: 'Unanswered push moved on',
    content:
      'Case {{caseNo}} was pushed to {{firm}} and not answered within {{hours}} hours: the routing rules pushed it to {{nextFirm}}.',
  },
  'push.expiredPooled': {
    title: 'Unanswered push back in the pool',
    content:
      'Case {{caseNo}} was pushed to {{firm}} and not answered within {{hours}} hours; no other firm is left, so it is back in the case pool.',
  },
  'push.expiredDigest': {
    title: 'Unanswered pushes withdrawn',
    content:
      '{{count}} pushes were not answered within {{hours}} hours and are withdrawn: {{routed}} moved on by the routing rules, {{pooled}} back in the case pool.',
  },
  'push.expiredFirmDigest': {
    title: 'Unanswered pushes withdrawn',
    content:
      '{{count}} cases pushed to {{firm}} ({{caseNo}} and others) were not answered within {{hours}} hours: the pushes are withdrawn.',
  },
  'entrust.expiring': {
    title: 'Entrustment about to expire',
    content: 'The entrustment of case {{caseNo}} expires on {{expiresOn}} ({{days}} days left).',
  },
  'entrust.expired': {
    title: 'Entrustment expired',
    content:
      'The entrustment of case {{caseNo}} expired on {{expiresOn}}: close it as withdrawn or extend it.',
  },
  'entrust.expiringDigest': {
    title: 'Entrustments about to expire',
    content:
      'The entrustments of {{count}} cases expire within {{days}} days: extend them or have the cases closed.',
  },
  'entrust.expiredDigest': {
    title: 'Entrustments expired',
    content:
      'The entrustments of {{count}} cases in processing have expired: close them as withdrawn or extend them.',
  },
  'court.sessionSoon': {
    title: 'Court session coming',
    content: 'Case {{caseNo}} has a court session at {{court}} on {{at}} ({{days}} days left).',
  },
  'bulk.pushed': {
    title: 'New cases pushed',
    content:
      '{{count}} cases were pushed to your firm at once ({{caseNo}} and others): accept or decline them.',
  },
  'routing.pushed': {
    title: 'New cases pushed',
    content:
      'The routing rules pushed {{count}} cases to your firm ({{caseNo}} and others): accept or decline them.',
  },
};
