/**
 * An import's rows, read and judged on a worker thread of their own (thread-judge.ts), handed
 * to the passes (passes.ts) one at a time as judged-rows.ts would: the parse of the file and
 * the form's schemas, most of an import's CPU, run beside the event loop that answers other
 * requests and writes the batches, so reading the next rows and writing the last ones overlap.
 * The thread asks which of a batch's case numbers are stored (`taken`) before it sends the
 * batch, so that only those rows bring their texts. Its heap is capped (resourceLimits): its
 * garbage is collected as it goes instead of growing the server, and a file that would hold
 * more than the cap ends that import, not the server. The thread ends with the rows, or when
 * the pass stops taking them.
 */
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { MessageKey } from '../../../contract/messages';
import type { Database } from '../../db/schema';
import { storedCaseNos } from '../intake';
import type { JudgedRow } from './judged-rows';
import type { ReceivedImport } from './receive';
import { type SheetLimits, SheetRefused, UnreadableSheet } from './sheet-limits';
import type { FromJudge, JudgeData, ToJudge, WireRow } from './thread-judge';

/** A judged row from the thread; a valid row's texts are null unless its number was taken when the thread asked. */
export type ThreadRow =
  | (Omit<Extract<JudgedRow, { ok: true }>, 'texts'> & { texts: (() => string[]) | null })
  | Extract<JudgedRow, { ok: false }>;

/**
 * The judging thread's heap. What it keeps grows with the file: the 当事人 rows waiting for their
 * case (0.7 KB each) and the case numbers seen (100,000 cases and 50,000 parties kept about
 * 90 MB live, the packed shared strings beside it), and V8 lets the heap grow to several times
 * what is live before it collects, so the cap is what keeps the server's memory in bounds: at
 * 1.5 MiB per 1,000 of `IMPORT_MAX_ROWS` (192 MiB at least, 300 at the default 200,000) an honest
 * file of that many rows fits, and one that would hold more ends its import, not the server.
 */
export function judgeHeapMb(maxRows: number): number {
  return Math.max(192, Math.ceil((maxRows / 1000) * 1.5));
}

/**
 * The judging thread's young generation, in MiB. The parse and the schemas make short-lived
 * objects by the million; with V8's default for a thread of this heap they were scavenged so
 * often that its collector took a third of the thread's time. At 32 MiB, on the 2-vCPU machine
 * of bench/README.md (100,000 rows + 50,000 parties, SQLite): the thread's CPU 18.8 -> 16.5 s,
 * the import 35.3 -> 31.4 s, the server's peak RSS about 30 MiB higher (64 MiB: 29-31 s, about
 * 60 MiB higher).
 */
export const JUDGE_YOUNG_MB = 32;

export async function* judgedRowsOffThread(
  db: Kysely<Database>,
  file: ReceivedImport,
  limits: SheetLimits,
  maxRows: number,
  ahead: number,
): AsyncGenerator<ThreadRow> {
  const worker = new Worker(new URL('./judge-worker.mjs', import.meta.url), {
    workerData: { file, limits, ahead } satisfies JudgeData,
    resourceLimits: {
      maxOldGenerationSizeMb: judgeHeapMb(maxRows),
      maxYoungGenerationSizeMb: JUDGE_YOUNG_MB,
    },
  });
  const queue: FromJudge[] = [];
  let wake: (() => void) | null = null;
  let ended = false;
  const push = (message: FromJudge) => {
    queue.push(message);
    const resume = wake;
    wake = null;
    resume?.();
  };
  const tell = (message: ToJudge) => {
    if (!ended) worker.postMessage(message);
  };
  worker.on('message', (message: FromJudge) => {
    if (message.type !== 'numbers') return push(message);
    storedCaseNos(db, message.caseNos).then(
      (stored) => tell({ type: 'taken', id: message.id, caseNos: [...stored] }),
      (err: Error) => push({ type: 'error', kind: 'other', message: err.stack ?? String(err) }),
    );
  });
  worker.on('error', (err) => push({ type: 'error', kind: 'other', message: err.stack ?? String(err) }));
  worker.on('exit', (code) => {
    if (!ended)
      push({ type: 'error', kind: 'other', message: `the judging thread stopped (exit code ${code})` });
  });
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift() as FromJudge;
      if (message.type === 'done') {
        ended = true;
        return;
      }
      if (message.type === 'error') {
        ended = true;
        if (message.kind === 'refused') throw new SheetRefused(message.key as MessageKey, message.params);
        if (message.kind === 'unreadable') throw new UnreadableSheet(message.message);
        throw new Error(message.message);
      }
      if (message.type !== 'rows') continue;
      // Taken: the thread may send one batch more while these are written.
      tell({ type: 'more' });
      for (const row of message.json.flatMap((json) => JSON.parse(json) as WireRow[])) {
        const cells = row.cells;
        const texts = cells === undefined ? null : () => JSON.parse(cells) as string[];
        yield row.ok
          ? { sheet: row.sheet, rowNo: row.rowNo, ok: true, value: row.value, texts }
          : {
              sheet: row.sheet,
              rowNo: row.rowNo,
              ok: false,
              reasons: row.reasons,
              texts: texts ?? (() => []),
            };
      }
    }
  } finally {
    ended = true;
    await worker.terminate();
  }
}
