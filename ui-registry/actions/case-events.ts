import { CASE_STATUSES, type CaseStatus } from '../../contract/cases';
import type { RegistryEnvironment } from '../context';
import { getField } from '../record';
import type { DataRecord } from '../registry';

const idOrNull = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * The case status events the current user may send to this case now. The server works them
 * out for each row and detail (`allowedEvents`); without them the environment asks the same
 * case status machine (`caseEvents`), for the actor it describes.
 */
export function allowedCaseEvents(
  record: DataRecord | undefined,
  env: RegistryEnvironment,
): readonly string[] {
  const carried = getField(record, 'allowedEvents');
  if (Array.isArray(carried)) return carried.filter((event): event is string => typeof event === 'string');
  const status = getField(record, 'status');
  if (
    !env.role ||
    !env.caseEvents ||
    typeof status !== 'string' ||
    !CASE_STATUSES.includes(status as CaseStatus)
  ) {
    return [];
  }
  return env.caseEvents(
    {
      status: status as CaseStatus,
      lawyerId: idOrNull(getField(record, 'lawyerId')),
      lawFirmId: idOrNull(getField(record, 'lawFirmId')),
    },
    {
      role: env.role,
      userId: Number(env.user?.id ?? 0),
      lawyerId: env.user?.lawyerId ?? null,
      lawFirmId: env.user?.lawFirmId ?? null,
    },
  );
}
