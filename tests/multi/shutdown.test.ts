import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  killAll,
  login,
  type ServerProcess,
  type SharedDatabase,
  sharedDatabase,
  startProcess,
} from './processes';

/**
 * A graceful stop (SIGTERM, server/startup.ts `serve`) with a request in flight. The request is
 * held by what the server genuinely waits for: the rest of its body. It is sent with
 * `Expect: 100-continue`, so the server's "100 Continue" proves it has read the headers (the
 * request is in flight, not an idle connection) before half the body goes out and SIGTERM
 * follows. The test then waits until a new connection is refused, sends the rest of the body
 * and expects the whole answer; an open message stream ends; the process exits 0.
 */

let database: SharedDatabase;
let server: ServerProcess;

beforeAll(async () => {
  database = await sharedDatabase(true);
  server = await startProcess(database.url, { NOTIFY_HEARTBEAT_SECONDS: '3600' });
});
afterAll(async () => {
  await killAll();
  await database?.drop();
});

/** A POST whose body goes out in two parts: the first once the server has read the headers. */
function slowPost(url: string, path: string, token: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const { hostname, port } = new URL(url);
  const req = http.request({
    host: hostname,
    port,
    path,
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': String(bytes.length),
      expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  const headersRead = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  req.flushHeaders();
  return {
    answer,
    /** Resolves once the server has read the headers and the first half of the body is out. */
    firstHalf: headersRead.then(
      () => new Promise<void>((resolve) => req.write(bytes.subarray(0, half), () => resolve())),
    ),
    rest: () => req.end(bytes.subarray(half)),
  };
}

/** Whether a new TCP connection to the server's port is refused (the listener is closed). */
function refused(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** Reads a message stream to its end; resolves with what it received. */
async function openStream(url: string, ticket: string) {
  const res = await fetch(`${url}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`);
  expect(res.status).toBe(200);
  if (!res.body) throw new Error('no stream body');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  let readyNow: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    readyNow = resolve;
  });
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += value;
        if (text.includes('event: ready')) readyNow();
      }
    } catch {
      return text;
    }
  })();
  return { ready, ended };
}

describe('SIGTERM with a request in flight', () => {
  it('finishes the request with its whole answer, refuses new connections, ends streams, exits 0', async () => {
    const token = await login(server.url, '13800000002');
    const ticket = await call<{ ticket: string }>(server.url, 'POST', '/api/notifications/ticket', { token });
    const stream = await openStream(server.url, ticket.body.data.ticket);
    await stream.ready;

    const caseNo = `SD${String(process.pid % 100_000).padStart(5, '0')}001`;
    const post = slowPost(
      server.url,
      '/api/cases',
      token,
      JSON.stringify({
        caseNo,
        title: '停机时仍在传输的案件',
        type: 'civil',
        debtorName: '李四',
        clientName: '深圳市某小额贷款有限公司',
        regionCode: '440305',
        amountFen: 100_000,
        entrustExpiresOn: '2027-06-30',
        court: '深圳市南山区人民法院',
        description: '请求体分两次发送，第二次在 SIGTERM 之后',
      }),
    );
    await post.firstHalf;

    const exitCode = server.stop();
    // Wait, as a client would find out, until the server takes no new connection.
    while (!(await refused(server.url))) await new Promise((r) => setImmediate(r));
    // Open streams end as the server closes (their browsers reconnect elsewhere).
    await stream.ended;

    post.rest();
    const answer = await post.answer;
    expect(answer.status, answer.text).toBe(200);
    const body = JSON.parse(answer.text) as { status: string; data: { caseNo: string } };
    expect(body).toMatchObject({ status: 'ok', data: { caseNo } });
    expect(await exitCode).toBe(0);

    const stored = await database.rows<{ case_no: string }>(
      `select case_no from cases where case_no = '${caseNo}'`,
    );
    expect(stored).toEqual([{ case_no: caseNo }]);
  });
});
