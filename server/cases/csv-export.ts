import { Readable } from 'node:stream';
import type { CaseExportQuery } from '../../contract/case-api';
import { formatDateTime } from '../../contract/dates';
import type { Language } from '../../contract/messages';
import { regionName } from '../../contract/regions';
import type { AppContext } from '../context';
import { caseFilterConditions } from './filters';
import { label } from './labels';
import { orderOf, walkIds } from './list';
import { casesWithNames } from './rows';
import { type CaseViewer, visibleParts } from './scope';

/** Rows read per query: the connection is free between batches, memory stays flat. */
const BATCH = 500;

type Row = Awaited<ReturnType<ReturnType<typeof casesWithNames>['execute']>>[number];

/** Excel reads a leading =, +, - or @ as a formula: such text is prefixed with a quote. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Fen as yuan with two decimals, no separators, so a spreadsheet reads a number. */
function yuan(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

const COLUMNS: ReadonlyArray<
  readonly [header: string, value: (row: Row, lang: Language) => string | number | null]
> = [
  ['case.caseNo', (r) => r.case_no],
  ['case.title', (r) => r.title],
  ['case.type', (r, lang) => label(lang, `enum.caseType.${r.type}`)],
  ['case.status', (r, lang) => label(lang, `enum.caseStatus.${r.status}`)],
  ['case.stage', (r, lang) => label(lang, `enum.caseStage.${r.stage}`)],
  [
    'case.closeResult',
    (r, lang) => (r.close_result ? label(lang, `enum.closeResult.${r.close_result}`) : null),
  ],
  ['case.debtorName', (r) => r.debtor_name],
  ['case.clientName', (r) => r.client_name],
  ['case.region', (r) => regionName(r.region_code) ?? r.region_code],
  ['case.amountYuan', (r) => yuan(Number(r.amount_fen))],
  ['case.entrustExpiresOn', (r) => r.entrust_expires_on],
  ['case.lawyer', (r) => r.lawyer_name],
  ['case.lawFirm', (r) => r.law_firm_name],
  ['case.court', (r) => r.court],
  ['case.courtSessionAt', (r) => formatDateTime(r.court_session_at) || null],
  ['case.createdAt', (r) => formatDateTime(r.created_at) || null],
];

const line = (cells: string[]) => `${cells.join(',')}\r\n`;

/**
 * The case list of the current filter as CSV, UTF-8 with a byte-order mark so Excel opens
 * the Chinese text, header in the caller's language. Streamed: batches are read by keyset
 * (after the last case of the previous batch, in the list's order) only as fast as the
 * client takes them, so a million rows never sit in memory and never hold the database.
 */
export function caseCsv(
  app: AppContext,
  viewer: CaseViewer,
  query: CaseExportQuery,
  lang: Language,
): Readable {
  const parts = visibleParts(viewer, query);
  const order = orderOf(query);
  async function* lines() {
    yield `\uFEFF${line(COLUMNS.map(([header]) => cell(label(lang, header))))}`;
    if (parts.length === 0) return;
    const where = await caseFilterConditions(app.db, query, 'page');
    if (query.ids) {
      const ids = query.ids;
      where.push((eb) => eb('cases.id', 'in', ids));
    }
    for await (const window of walkIds(app.db, parts, where, order, BATCH)) {
      const rows = await casesWithNames(app.db)
        .where(
          'cases.id',
          'in',
          window.map((c) => c.id),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      yield window
        .flatMap(({ id }) => {
          const row = byId.get(id);
          return row ? [line(COLUMNS.map(([, value]) => cell(value(row, lang))))] : [];
        })
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
