import type { SavedPage } from '../../contract/page-api';
import type { TestServer } from './harness';
import { pageIfMatch } from './version-fixtures';

/**
 * What the page descriptor tests share (pages-saves.test.ts, pages-hostile.test.ts,
 * pages-stored.test.ts): the file's server and its superAdmin, a table page whose every API
 * path and route is declared, saves as the page editor sends them, and tabs pages nested deep.
 */
let server: TestServer;
let admin: string;

/** Points the helpers at a file's server; answers its superAdmin's token. */
export async function usePageServer(next: TestServer): Promise<string> {
  server = next;
  admin = await server.tokenFor('superAdmin');
  return admin;
}

/** A table page whose every API path and route is declared: the user list of account management. */
export function userTable(id = 'user-account') {
  return {
    schemaVersion: 1,
    id,
    type: 'table',
    title: 'menu.userAccount',
    source: { path: '/users' },
    filters: [
      {
        name: 'lawFirm',
        label: 'menu.form',
        input: { kind: 'select', optionsFrom: { path: '/register/lawfirms', value: 'id', label: 'name' } },
      },
    ],
    columns: [
      { field: 'name', title: 'menu.userAccount' },
      { field: 'id', title: 'menu.caseDetail', widget: 'link', link: '/list/case-detail/:id' },
    ],
    rowActions: [
      { key: 'enable', label: 'menu.userAccount', kind: 'api', method: 'PUT', path: '/users/enable/:id' },
      { key: 'open', label: 'menu.caseDetail', kind: 'navigate', to: '/list/case-detail/:id' },
      {
        key: 'peek',
        label: 'menu.caseDetail',
        kind: 'drawer',
        page: {
          schemaVersion: 1,
          id: 'user-peek',
          type: 'result',
          title: 'menu.userAccount',
          status: 'info',
        },
      },
    ],
  };
}

/** Saves as the page editor does: over the version it loaded (`If-Match`, read as superAdmin). */
export const put = async (id: string, body: unknown, token = admin) =>
  server.call<SavedPage>('PUT', `/api/pages/${id}`, {
    token,
    body,
    headers: await pageIfMatch(server, id, admin),
  });
/** Restores a saved version as the page editor does, over the version it loaded. */
export const revert = async <T = SavedPage>(id: string, version: number) =>
  server.call<T>('POST', `/api/pages/${id}/revert`, {
    token: admin,
    body: { version },
    headers: await pageIfMatch(server, id, admin),
  });
export const errorPaths = (res: { body: { errors?: Array<{ path: string }> } }) =>
  (res.body.errors ?? []).map((e) => e.path);

/**
 * The JSON text of tabs pages nested `levels` deep, built as text (JSON.stringify overflows
 * the stack on a value this deep). `full`: every page complete; else only what nests.
 */
export function deepTabsJson(levels: number, full: boolean): string {
  const open = full
    ? '{"schemaVersion":1,"id":"deep","type":"tabs","title":"menu.taskCenter","tabs":[{"key":"k","title":"menu.taskCenter","page":'
    : '{"type":"tabs","tabs":[{"page":';
  return `${open.repeat(levels)}{}${'}]}'.repeat(levels)}`;
}
