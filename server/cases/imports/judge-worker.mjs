// The thread an import's rows are read and judged on (judging.ts starts it): the file's XML
// parse and the form's schemas run here, beside the event loop that answers requests and
// writes the batches. Plain JavaScript that loads the TypeScript through tsx, so it runs the
// same under `npm start`, vitest and plain node.
import { parentPort, workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { judgeOnThisThread } = await tsImport('./thread-judge.ts', import.meta.url);
await judgeOnThisThread(parentPort, workerData);
