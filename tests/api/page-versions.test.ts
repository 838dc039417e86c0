import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../contract/codes';
import type { PageHistory, SavedPage } from '../../contract/page-api';
import type { Draft, VersionConflict } from '../../contract/versions';
import { startServer, type TestServer } from './harness';
import { usePageServer, userTable } from './page-fixtures';
import { secondAdministrator } from './version-fixtures';

/** Pages published over the version they were edited from: If-Match, 409, drafts, history, diff, restore. */

let server: TestServer;
let admin: string;
let second: { id: number; name: string; token: string };
beforeAll(async () => {
  server = await startServer();
  admin = await usePageServer(server);
  second = await secondAdministrator(server, '李管理员');
});
afterAll(() => server.close());

const publish = (id: string, body: unknown, ifMatch: string | null, token = admin) =>
  server.call<SavedPage>('PUT', `/api/pages/${id}`, {
    token,
    body,
    headers: ifMatch === null ? {} : { 'if-match': ifMatch },
  });
const etag = async (id: string) =>
  (await server.call('GET', `/api/pages/${id}/history`, { token: admin })).headers.get('etag');

describe('publishing a page names the version it was edited from', () => {
  it('answers 428 without If-Match, and stores nothing', async () => {
    const before = await server.count('page_descriptors');
    const res = await publish('user-account', userTable(), null);
    expect(res.status).toBe(428);
    expect(res.body.code).toBe(CODES.preconditionRequired);
    expect(await server.count('page_descriptors')).toBe(before);
  });

  it('answers 400 for an If-Match that is no quoted version', async () => {
    const res = await publish('user-account', userTable(), 'W/"abc"');
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.path).toBe('If-Match');
  });

  it('sends "0" as the ETag of a page never saved, and publishes version 1 over it', async () => {
    const page = { ...userTable('renewal-follow'), title: 'menu.renewalFollow' };
    expect(await etag('renewal-follow')).toBe('"0"');
    const served = await server.call('GET', '/api/pages/renewal-follow', { token: admin });
    expect(served.headers.get('etag')).toBe('"0"');
    const res = await publish('renewal-follow', page, '"0"');
    expect(res.status).toBe(200);
    expect(res.body.data.version).toBe(1);
    expect(await etag('renewal-follow')).toBe('"1"');
    expect(
      (await server.call('GET', '/api/pages/renewal-follow', { token: admin })).headers.get('etag'),
    ).toBe('"1"');
  });

  it('refuses a publish over a newer version with 409, naming the newer version and its author', async () => {
    const loaded = (await etag('user-account')) ?? '"0"';
    const mine = await publish('user-account', { ...userTable(), pageSize: 20 }, loaded, second.token);
    expect(mine.status).toBe(200);
    const theirs = await publish('user-account', { ...userTable(), pageSize: 50 }, loaded);
    expect(theirs.status).toBe(409);
    const conflict = theirs.body.data as unknown as VersionConflict;
    expect(conflict).toMatchObject({
      version: mine.body.data.version,
      savedBy: { id: second.id, name: '李管理员' },
      savedAt: mine.body.data.savedAt,
    });
    expect(theirs.body.msg).toContain('李管理员');
    // Nothing was overwritten: the page serves the first publish.
    const served = await server.call<{ pageSize?: number }>('GET', '/api/pages/user-account', {
      token: admin,
    });
    expect(served.body.data.pageSize).toBe(20);
    // Reapplied on top of the newer version, it goes through.
    const again = await publish('user-account', { ...userTable(), pageSize: 50 }, `"${conflict.version}"`);
    expect(again.status).toBe(200);
    expect(again.body.data.version).toBe(conflict.version + 1);
  });
});

describe('the shared draft', () => {
  it('keeps work in progress with who last changed it, never serves it, and is done with once published', async () => {
    const id = 'user-account';
    const loaded = Number(((await etag(id)) ?? '"0"').replaceAll('"', ''));
    expect(
      (await server.call<Draft>('GET', `/api/pages/${id}/draft`, { token: admin })).body.data,
    ).toBeNull();
    const draft = { ...userTable(), pageSize: 99, title: { 'zh-CN': '草稿标题', 'en-US': 'Draft title' } };
    const saved = await server.call<Draft>('PUT', `/api/pages/${id}/draft`, {
      token: second.token,
      body: { content: draft, baseVersion: loaded },
    });
    expect(saved.status).toBe(200);
    const read = await server.call<Draft>('GET', `/api/pages/${id}/draft`, { token: admin });
    expect(read.body.data).toMatchObject({
      content: draft,
      baseVersion: loaded,
      updatedBy: { id: second.id, name: '李管理员' },
    });
    // Never served: every role still gets the published page.
    const served = await server.call<{ pageSize?: number }>('GET', `/api/pages/${id}`, { token: admin });
    expect(served.body.data.pageSize).not.toBe(99);
    // Published on purpose, the draft is done with.
    const res = await publish(id, { ...userTable(), pageSize: 99 }, `"${loaded}"`);
    expect(res.status).toBe(200);
    expect(
      (await server.call<Draft>('GET', `/api/pages/${id}/draft`, { token: admin })).body.data,
    ).toBeNull();
  });

  it('is for editors only, and refuses a draft nested past the limits', async () => {
    const lawyer = await server.tokenFor('lawyer');
    expect((await server.call('GET', '/api/pages/user-account/draft', { token: lawyer })).status).toBe(403);
    const deep = JSON.parse(`${'{"a":['.repeat(80)}1${']}'.repeat(80)}`);
    const res = await server.call('PUT', '/api/pages/user-account/draft', {
      token: admin,
      body: { content: deep, baseVersion: 0 },
    });
    expect(res.status).toBe(400);
  });
});

describe('history, diff and restore', () => {
  it('lists versions newest first, diffs two of them by JSON pointer, and restores one byte for byte', async () => {
    const id = 'task-center';
    const base = {
      schemaVersion: 1,
      id,
      type: 'result',
      title: 'menu.taskCenter',
      status: 'info',
    };
    const v1 = await publish(id, base, (await etag(id)) ?? '"0"');
    const v2 = await publish(
      id,
      { ...base, status: 'success', subtitle: 'menu.taskCenter' },
      `"${v1.body.data.version}"`,
      second.token,
    );
    expect(v2.status).toBe(200);
    const history = await server.call<PageHistory>('GET', `/api/pages/${id}/history`, { token: admin });
    expect(history.body.data.list.map((v) => v.version)).toEqual([
      v2.body.data.version,
      v1.body.data.version,
    ]);
    expect(history.body.data.list[0]?.savedBy?.name).toBe('李管理员');
    expect(history.body.data.version).toBe(v2.body.data.version);

    const diff = await server.call<{ list: unknown[] }>(
      'GET',
      `/api/pages/${id}/diff?from=${v1.body.data.version}&to=${v2.body.data.version}`,
      { token: admin },
    );
    expect(diff.status).toBe(200);
    expect(diff.body.data.list).toEqual([
      { path: '/status', before: 'info', after: 'success' },
      { path: '/subtitle', after: 'menu.taskCenter' },
    ]);
    expect((await server.call('GET', `/api/pages/${id}/diff?from=1&to=999`, { token: admin })).status).toBe(
      404,
    );

    // A restore over a stale version is refused too.
    const stale = await server.call('POST', `/api/pages/${id}/revert`, {
      token: admin,
      body: { version: v1.body.data.version },
      headers: { 'if-match': `"${v1.body.data.version}"` },
    });
    expect(stale.status).toBe(409);
    expect(
      (await server.call('POST', `/api/pages/${id}/revert`, { token: admin, body: { version: 1 } })).status,
    ).toBe(428);
    const restored = await server.call<SavedPage>('POST', `/api/pages/${id}/revert`, {
      token: admin,
      body: { version: v1.body.data.version },
      headers: { 'if-match': `"${v2.body.data.version}"` },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.data.version).toBe(v2.body.data.version + 1);
    const texts = await server.app.db
      .selectFrom('page_descriptors')
      .select(['version', 'descriptor'])
      .where('page_id', '=', id)
      .where('version', 'in', [v1.body.data.version, restored.body.data.version])
      .orderBy('version')
      .execute();
    expect(texts).toHaveLength(2);
    expect(texts[1]?.descriptor).toBe(texts[0]?.descriptor);
  });
});

describe('a title in plain text', () => {
  it('saves a page titled in both languages and serves it as saved; a bare Chinese string is refused', async () => {
    const id = 'renewal-follow';
    const refused = await publish(id, { ...userTable(id), title: '续期跟进' }, (await etag(id)) ?? '"0"');
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.path).toBe('title');
    const title = { 'zh-CN': '续期跟进（新）', 'en-US': 'Renewal follow-up (new)' };
    const saved = await publish(id, { ...userTable(id), title }, (await etag(id)) ?? '"0"');
    expect(saved.status).toBe(200);
    const served = await server.call<{ title: unknown }>('GET', `/api/pages/${id}`, { token: admin });
    expect(served.body.data.title).toEqual(title);
  });
});
