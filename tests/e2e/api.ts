import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD } from './browser';

/**
 * Setup through the API, for the steps of a test that are not under test in the browser.
 * The e2e files share one server and database, two files at a time (run.ts): a file takes
 * the records it works on so that no other file can take the same ones (see the pickers below).
 */

/**
 * One call; fails the test unless it is answered 200 with `status: 'ok'`. `base` names another
 * server than the suite's (own-server.ts).
 */
export async function api<T>(
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  base = BASE_URL,
): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { status: string; data: T };
  assert.equal(res.status, 200, `${method} ${path}: ${JSON.stringify(answer)}`);
  assert.equal(answer.status, 'ok', `${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.data;
}

/** A demo account's token, signed in through the API. */
export async function tokenOf(phone: string, password = DEMO_PASSWORD, base = BASE_URL): Promise<string> {
  return (await api<{ token: string }>(null, 'POST', '/login', { phone, password }, base)).token;
}

export interface CaseRow {
  id: number;
  caseNo: string;
  title: string;
  debtorName: string;
  version: number;
  position: string | null;
  /** What the caller may do besides its events (machines/caseRules.ts), as far as the tests read it. */
  can: { proposePlan: boolean };
}

/**
 * A case in processing that the demo lawyer handles: the oldest, a seeded one. The newest may
 * be a case another file is taking through its whole life (case-journey closes its own).
 */
export async function lawyersProcessingCase(): Promise<CaseRow> {
  const token = await tokenOf('13800000005');
  const mine = await api<{ list: CaseRow[] }>(
    token,
    'GET',
    '/cases/mine?status=processing&sortOrder=ascend&pageSize=1',
  );
  const [first] = mine.list;
  assert.ok(first, 'the demo lawyer handles a case in processing');
  return first;
}
