import type { ActionDescriptor, BULK_CASE_EVENTS, CASE_EVENTS } from '../../../contract/pages/descriptor';
import { EVENT_ABILITY } from '../../../machines/caseStatusMachine';
import { col } from './builders';

// What the case lists (cases.ts) and the pages of one case (case-record.ts) share.

const EVENT_LABELS = {
  APPROVE: 'case.event.approve',
  RETURN: 'case.event.return',
  RESUBMIT: 'case.event.resubmit',
  PUSH: 'case.event.push',
  ACCEPT: 'case.event.accept',
  DECLINE: 'case.event.decline',
  TAKE: 'case.event.take',
  ASSIGN: 'case.event.assign',
  RELEASE: 'case.event.release',
  SUSPEND: 'case.event.suspend',
  RESUME: 'case.event.resume',
  CLOSE: 'case.event.close',
  REOPEN: 'case.event.reopen',
} as const satisfies Record<(typeof CASE_EVENTS)[number], string>;

const CONFIRMS: Partial<Record<(typeof CASE_EVENTS)[number], string>> = {
  APPROVE: 'case.confirm.approve',
  RESUBMIT: 'case.confirm.resubmit',
  ACCEPT: 'case.confirm.accept',
  TAKE: 'case.confirm.take',
  RELEASE: 'case.confirm.release',
  RESUME: 'case.confirm.resume',
  REOPEN: 'case.confirm.reopen',
};

export function transitions(...events: Array<(typeof CASE_EVENTS)[number]>): ActionDescriptor[] {
  return events.map((event) => ({
    kind: 'transition',
    key: event.toLowerCase(),
    label: EVENT_LABELS[event],
    event,
    ...(CONFIRMS[event] ? { confirm: CONFIRMS[event] } : {}),
    ...(event === 'RELEASE' || event === 'CLOSE' ? { danger: true } : {}),
  }));
}

/**
 * Bulk actions of a case list: one event for the ticked cases, shown to the roles whose
 * ability the event needs (the machine's own table); the server answers per case.
 */
export function bulkTransitions(...events: Array<(typeof BULK_CASE_EVENTS)[number]>): ActionDescriptor[] {
  return events.map((event) => ({
    kind: 'bulkTransition',
    key: `bulk${event[0]}${event.slice(1).toLowerCase()}`,
    label: EVENT_LABELS[event],
    event,
    access: EVENT_ABILITY[event],
    ...(event === 'CLOSE' ? { danger: true } : {}),
  }));
}

/** The case status as a coloured tag. */
// A closed case says how it ended under 已结案 (已还款, 调解成功 ...), in lists whose default
// columns leave the result's own column in the column settings.
export const status = col('status', 'case.status', {
  widget: 'status',
  enum: 'caseStatus',
  width: 100,
  note: { field: 'closeResult', enum: 'closeResult' },
});
