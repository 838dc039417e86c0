import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNoticeKind } from '../../contract/notices';
import type { Message } from '../../contract/notifications';
import { startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

type List = { list: Message[]; unread: number };
const HAN = /\p{Script=Han}/u;

describe('the seeded demo messages', () => {
  it('are all notices the product sends: a known kind, its parameters and a link', async () => {
    const rows = await server.app.db.selectFrom('messages').select(['kind', 'params', 'link']).execute();
    expect(rows.length).toBeGreaterThan(0);
    const prose = rows.filter((r) => !r.kind || !isNoticeKind(r.kind) || !r.params || !r.link);
    expect(prose).toEqual([]);
  });

  it('tell a reader of each thing once', async () => {
    const rows = await server.app.db.selectFrom('messages').select(['user_id', 'kind', 'params']).execute();
    const seen = rows.map((r) => `${r.user_id} ${r.kind} ${r.params}`);
    expect(seen.length - new Set(seen).size).toBe(0);
  });

  it('read in English for an en-US reader and in Chinese for a zh-CN one', async () => {
    for (const role of ['lawyer', 'lawfirmContactPerson', 'caseOperation'] as const) {
      const token = await server.sessionFor(role);
      const en = await server.call<List>('GET', '/api/message/list?limit=100', {
        token,
        headers: { 'accept-language': 'en-US' },
      });
      expect(en.status).toBe(200);
      expect(en.body.data.list.length, role).toBeGreaterThan(0);
      // Parameters (firm names, case titles) may be Chinese; the sentence around them is not.
      for (const m of en.body.data.list) {
        expect(m.title, `${role}: ${m.title}`).not.toMatch(HAN);
        expect(m.content, role).toMatch(/\b[Cc]ase\b|certification/);
      }
      const zh = await server.call<List>('GET', '/api/message/list?limit=100', {
        token,
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.body.data.list.every((m) => HAN.test(m.title))).toBe(true);
    }
  });

  it('link to a case the reader may open', async () => {
    const token = await server.sessionFor('lawyer');
    const list = await server.call<List>('GET', '/api/message/list?limit=100', { token });
    const link = list.body.data.list.find((m) => m.link?.startsWith('/case/processing/'))?.link;
    expect(link).toBeTruthy();
    const id = link?.split('/').pop();
    const detail = await server.call('GET', `/api/cases/${id}`, { token });
    expect(detail.status).toBe(200);
  });
});
