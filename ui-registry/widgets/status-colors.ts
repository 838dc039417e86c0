import type { ENUMS, EnumName } from '../../contract/pages/enums';

/** Arco Tag colours (presets of the design system). */
export type TagColor =
  | 'red'
  | 'orangered'
  | 'orange'
  | 'gold'
  | 'lime'
  | 'green'
  | 'cyan'
  | 'arcoblue'
  | 'purple'
  | 'gray';

/**
 * The one map of status colours: waiting is orange, under way blue, good green, refused or
 * failed red, set aside gray. Values not listed show gray.
 */
export const STATUS_COLORS: { [E in EnumName]?: Partial<Record<(typeof ENUMS)[E][number], TagColor>> } = {
  caseStatus: { pending: 'orange', processing: 'arcoblue', suspended: 'gray', closed: 'green' },
  closeResult: { mediated: 'green', repaid: 'cyan', failed: 'red', withdrawn: 'gray' },
  reviewStatus: { auditing: 'orange', passed: 'green', rejected: 'red' },
  standing: { auditing: 'orange', passed: 'green', rejected: 'red', suspended: 'gray' },
  letterStatus: { auditing: 'orange', passed: 'green', rejected: 'red' },
  planStatus: {
    pendingApproval: 'orange',
    active: 'arcoblue',
    broken: 'red',
    completed: 'green',
    rejected: 'gray',
  },
  instalmentStatus: { due: 'gray', paid: 'green', partial: 'gold', overdue: 'red' },
  certificationStatus: { auditing: 'orange', passed: 'green', rejected: 'red', withdrawn: 'gray' },
  paymentStatus: { unpaid: 'red', promised: 'orange', partial: 'gold', paid: 'green' },
  pushStatus: { pushed: 'orange', accepted: 'green', declined: 'red', withdrawn: 'gray' },
  casePosition: { awaitingReview: 'orange', pool: 'cyan', pushed: 'arcoblue', accepted: 'green' },
  enabled: { true: 'green', false: 'gray' },
  accessScope: { all: 'green', firm: 'arcoblue', own: 'orange' },
};

export function statusColor(name: EnumName | undefined, value: string): TagColor {
  if (!name) return 'gray';
  const colors = STATUS_COLORS[name] as Record<string, TagColor> | undefined;
  return (colors && Object.hasOwn(colors, value) ? colors[value] : undefined) ?? 'gray';
}
