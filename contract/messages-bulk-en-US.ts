import type { BULK_MESSAGES_ZH_CN } from './messages-bulk-zh-CN';

/** The messages of bulk jobs, en-US (the twin of messages-bulk-zh-CN.ts). */
export const BULK_MESSAGES_EN_US: Record<keyof typeof BULK_MESSAGES_ZH_CN, string> = {
  'bulk.selectionRequired': 'Give either a filter or case ids (caseIds), not both',
  'bulk.tooMany': '{{count}} cases are selected; a bulk job takes at most {{max}}: narrow the filter',
  'bulk.nothingSelected': 'No case matches',
  'bulk.routeUnavailable': 'Routing by rules is not available yet: push to a firm instead',
  'bulk.notFound': 'The bulk job does not exist or was not started by you',
  'bulk.interrupted':
    'The server process running the job stopped, so the job was interrupted: the cases it finished keep their outcome',
  'bulk.failed': 'The job stopped on a server error: the cases it finished keep their outcome',
  'bulk.starterLost':
    'The person who started the job was disabled or no longer holds that role: the job stopped',
  'bulk.lawFirmRequired': 'A bulk push needs a law firm',
  'bulk.lawyerRequired': 'A bulk assignment needs a lawyer',
  'bulk.resultRequired': 'A bulk close needs a close result',
  'bulk.results.sheet': 'Bulk job results',
  'bulk.results.caseNo': 'Case no.',
  'bulk.results.caseId': 'Case ID',
  'bulk.results.outcome': 'Outcome',
  'bulk.results.reason': 'Reason',
  'bulk.results.code': 'Reason code',
  'bulk.results.ok': 'Done',
  'bulk.results.refused': 'Refused',
  'bulk.results.notDone': 'Not done (job interrupted)',
};
