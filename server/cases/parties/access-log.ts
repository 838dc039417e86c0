import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { businessDayEnd, businessDayStart, formatDateTime } from '../../../contract/dates';
import type { Language } from '../../../contract/messages';
import type { Paged } from '../../../contract/paging';
import type { PiiAccessQuery, PiiAccessRow } from '../../../contract/parties';
import type { Database } from '../../db/schema';
import { containsText } from '../../db/text-search';
import { label } from '../labels';

/**
 * The record of reveals (`pii_access`), for those who watch compliance (`pii.audit`): the list
 * (GET /api/pii-access) and its CSV (GET /api/pii-access/export). A record names who looked at
 * which field of which party, why and when; it never held the value, so no export can carry it.
 */
function filtered(db: Kysely<Database>, query: Omit<PiiAccessQuery, 'page' | 'pageSize'>) {
  let base = db
    .selectFrom('pii_access')
    .innerJoin('users', 'users.id', 'pii_access.user_id')
    .innerJoin('cases', 'cases.id', 'pii_access.case_id')
    .innerJoin('case_parties', 'case_parties.id', 'pii_access.party_id');
  if (query.userId !== undefined) base = base.where('pii_access.user_id', '=', query.userId);
  if (query.userName) base = base.where(containsText('users.name', query.userName));
  if (query.caseId !== undefined) base = base.where('pii_access.case_id', '=', query.caseId);
  if (query.caseNo) base = base.where('cases.case_no', '=', query.caseNo.trim());
  const from = query.dayFrom ?? query.day;
  const to = query.dayTo ?? query.day;
  if (from) base = base.where('pii_access.at', '>=', businessDayStart(from));
  if (to) base = base.where('pii_access.at', '<', businessDayEnd(to));
  return base;
}

const COLUMNS = [
  'pii_access.id',
  'pii_access.user_id',
  'users.name as user_name',
  'pii_access.role',
  'pii_access.case_id',
  'cases.case_no',
  'pii_access.party_id',
  'case_parties.name as party_name',
  'pii_access.field',
  'pii_access.reason',
  'pii_access.note',
  'pii_access.client_ip',
  'pii_access.at',
] as const;

type Row = {
  id: number;
  user_id: number;
  user_name: string;
  role: string;
  case_id: number;
  case_no: string;
  party_id: number;
  party_name: string;
  field: string;
  reason: string;
  note: string | null;
  client_ip: string | null;
  at: string;
};

const toRow = (r: Row): PiiAccessRow => ({
  id: r.id,
  user: { id: r.user_id, name: r.user_name },
  role: r.role,
  caseId: r.case_id,
  caseNo: r.case_no,
  partyId: r.party_id,
  partyName: r.party_name,
  field: r.field as PiiAccessRow['field'],
  reason: r.reason as PiiAccessRow['reason'],
  note: r.note,
  clientIp: r.client_ip,
  at: r.at,
});

/** GET /api/pii-access: newest first, paged. */
export async function listPiiAccess(
  db: Kysely<Database>,
  query: PiiAccessQuery,
): Promise<Paged<PiiAccessRow>> {
  const base = filtered(db, query);
  const [rows, total] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('pii_access.at', 'desc')
      .orderBy('pii_access.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), list: rows.map(toRow) };
}

/** Rows read per query while the CSV streams. */
const BATCH = 500;

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const line = (cells: Array<string | number | null>) => `${cells.map(cell).join(',')}\r\n`;

const HEADERS = [
  'pii.column.at',
  'pii.column.user',
  'pii.column.role',
  'pii.column.caseNo',
  'pii.column.party',
  'pii.column.field',
  'pii.column.reason',
  'pii.column.note',
  'pii.column.clientIp',
] as const;

/** GET /api/pii-access/export: the filtered records as CSV (UTF-8 with BOM), headers and labels in `lang`. */
export function piiAccessCsv(
  db: Kysely<Database>,
  query: Omit<PiiAccessQuery, 'page' | 'pageSize'>,
  lang: Language,
): Readable {
  async function* lines() {
    yield `\uFEFF${line(HEADERS.map((h) => label(lang, h)))}`;
    for (let offset = 0; ; offset += BATCH) {
      const rows = await filtered(db, query)
        .select(COLUMNS)
        .orderBy('pii_access.at', 'desc')
        .orderBy('pii_access.id', 'desc')
        .limit(BATCH)
        .offset(offset)
        .execute();
      yield rows
        .map((r) =>
          line([
            formatDateTime(r.at),
            r.user_name,
            label(lang, `enum.role.${r.role}`),
            r.case_no,
            r.party_name,
            label(lang, `enum.revealField.${r.field}`),
            label(lang, `enum.revealReason.${r.reason}`),
            r.note,
            r.client_ip,
          ]),
        )
        .join('');
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
