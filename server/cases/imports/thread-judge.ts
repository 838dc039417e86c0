/**
 * The worker thread's side of judging an import (judge-worker.mjs loads it): the rows of
 * judged-rows.ts sent to the main thread in batches, each batch as JSON texts of at most 48 Ki
 * characters (server/db/json-chunks.ts: a longer one is a large object, freed late). Before a
 * batch goes, its valid rows' case numbers are sent ahead (`numbers`), the main thread answers
 * which are stored already (`taken`), and only those rows (and the refused ones) carry their
 * cells for the errors download: making and sending every row's cells cost more than judging
 * them. The thread judges on while it waits, at most MESSAGES_AHEAD batches past what the main
 * thread has taken, so a slow writer holds the reading back instead of rows piling up.
 */
import type { MessagePort } from 'node:worker_threads';
import { jsonChunks } from '../../db/json-chunks';
import { type JudgedRow, judgedRows } from './judged-rows';
import type { Reason } from './reasons';
import type { ReceivedImport } from './receive';
import type { ImportedCase } from './row-check';
import { type SheetLimits, SheetRefused, UnreadableSheet } from './sheet-limits';

/** Rows per batch. */
export const ROWS_PER_MESSAGE = 1000;
/** Batches judged before the main thread has taken them, unless told otherwise (`ahead`). */
export const MESSAGES_AHEAD = 2;

/** A judged row as it crosses; `cells` (JSON of its texts) on a refused row and on a valid one whose number was taken. */
export type WireRow = { sheet: string; rowNo: number; cells?: string } & (
  | { ok: true; value: ImportedCase }
  | { ok: false; reasons: Reason[] }
);

export type FromJudge =
  | { type: 'numbers'; id: number; caseNos: string[] }
  | { type: 'rows'; json: string[] }
  | { type: 'done' }
  | {
      type: 'error';
      kind: 'refused' | 'unreadable' | 'other';
      key?: string;
      params?: Record<string, string | number>;
      message: string;
    };

export type ToJudge = { type: 'more' } | { type: 'taken'; id: number; caseNos: string[] };

export interface JudgeData {
  file: ReceivedImport;
  limits: SheetLimits;
  /** Batches the thread may judge ahead of what was taken: one write's worth and one more, so judging never waits for a write. */
  ahead?: number;
}

export async function judgeOnThisThread(
  port: MessagePort,
  { file, limits, ahead = MESSAGES_AHEAD }: JudgeData,
): Promise<void> {
  let credit = ahead;
  const pending: { id: number; rows: JudgedRow[] }[] = [];
  const answers = new Map<number, Set<string>>();
  let wake: (() => void) | null = null;
  port.on('message', (message: ToJudge) => {
    if (message.type === 'more') credit++;
    else if (message.type === 'taken') answers.set(message.id, new Set(message.caseNos));
    const resume = wake;
    wake = null;
    resume?.();
  });
  const nextMessage = () => new Promise<void>((resolve) => (wake = resolve));
  const send = (message: FromJudge) => port.postMessage(message);
  const sendReady = () => {
    while (pending.length > 0 && credit > 0 && answers.has(pending[0].id)) {
      const { id, rows } = pending.shift() as { id: number; rows: JudgedRow[] };
      const taken = answers.get(id) as Set<string>;
      answers.delete(id);
      credit--;
      const json = [...jsonChunks(rows, (row) => JSON.stringify(wire(row, taken)))].map((c) => c.json);
      send({ type: 'rows', json });
    }
  };
  let next = 0;
  const enqueue = async (rows: JudgedRow[]) => {
    const id = ++next;
    send({ type: 'numbers', id, caseNos: rows.flatMap((r) => (r.ok ? [r.value.caseNo] : [])) });
    pending.push({ id, rows });
    for (sendReady(); pending.length > ahead; sendReady()) await nextMessage();
  };
  try {
    let batch: JudgedRow[] = [];
    for await (const row of judgedRows(file, limits)) {
      batch.push(row);
      if (batch.length >= ROWS_PER_MESSAGE) {
        await enqueue(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await enqueue(batch);
    // What was answered while the last rows were read is sent before waiting for more.
    for (sendReady(); pending.length > 0; sendReady()) await nextMessage();
    send({ type: 'done' });
  } catch (err) {
    send({
      type: 'error',
      kind: err instanceof SheetRefused ? 'refused' : err instanceof UnreadableSheet ? 'unreadable' : 'other',
      ...(err instanceof SheetRefused ? { key: err.key, params: err.params } : {}),
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    });
  }
}

function wire(row: JudgedRow, taken: Set<string>): WireRow {
  const at = { sheet: row.sheet, rowNo: row.rowNo };
  if (!row.ok) return { ...at, ok: false, reasons: row.reasons, cells: JSON.stringify(row.texts()) };
  if (taken.has(row.value.caseNo))
    return { ...at, ok: true, value: row.value, cells: JSON.stringify(row.texts()) };
  return { ...at, ok: true, value: row.value };
}
