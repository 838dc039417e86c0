import { CASE_STATUSES, type CaseStatus } from '../../contract/cases';
import type { Role } from '../../contract/roles';
import { allowedEvents } from '../../machines/caseStatusMachine';
import type { RegistryUser } from '../context';
import { getField } from '../record';
import type { DataRecord } from '../registry';

const idOrNull = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * The case status events the current user may send to this case now. The server works them
 * out for each row and detail (`allowedEvents`); without them the browser asks the same case
 * status machine, for the actor the environment describes.
 */
export function allowedCaseEvents(
  record: DataRecord | undefined,
  role: Role | null,
  user: RegistryUser | null | undefined,
): readonly string[] {
  const carried = getField(record, 'allowedEvents');
  if (Array.isArray(carried)) return carried.filter((event): event is string => typeof event === 'string');
  const status = getField(record, 'status');
  if (!role || typeof status !== 'string' || !CASE_STATUSES.includes(status as CaseStatus)) return [];
  return allowedEvents(
    {
      status: status as CaseStatus,
      lawyerId: idOrNull(getField(record, 'lawyerId')),
      lawFirmId: idOrNull(getField(record, 'lawFirmId')),
    },
    {
      role,
      userId: Number(user?.id ?? 0),
      lawyerId: user?.lawyerId ?? null,
      lawFirmId: user?.lawFirmId ?? null,
    },
  );
}
