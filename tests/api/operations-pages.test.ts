import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageDescriptor } from '../../contract/pages/descriptor';
import { PAGE_CATALOG } from '../../server/pages/catalog';
import { userAccountPages } from '../../server/pages/catalog/accounts';
import { operationsPages } from '../../server/pages/catalog/operations';
import { checkCataloguePages } from './catalogue-checks';
import { startServer, type TestServer } from './harness';

checkCataloguePages('the operations page descriptors', operationsPages);
checkCataloguePages('the 小律伴 account page descriptors', userAccountPages);

it('serves the PDF viewer as a builtin page, and every operations page from the catalogue', () => {
  expect(PAGE_CATALOG.get('pdf-viewer')).toMatchObject({
    type: 'builtin',
    component: 'PdfViewer',
    title: 'menu.pdfViewer',
  });
  for (const id of [
    'task-center',
    'search-table-business',
    'statistics-data',
    'account-center',
    'user-account-detail',
    'user-wallet',
    'pdf-viewer',
  ]) {
    expect(PAGE_CATALOG.has(id), id).toBe(true);
  }
});

describe('GET /api/pages/:id for the operations pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves each page to the roles whose menu has it, and not to others', async () => {
    for (const [role, id, type] of [
      ['bussinessOperation', 'task-center', 'dashboard'],
      ['bussinessOperation', 'search-table-business', 'table'],
      ['bussinessOperation', 'statistics-data', 'dashboard'],
      ['bussinessOperation', 'account-center', 'table'],
      ['lawfirmContactPerson', 'account-center', 'table'],
      ['lawfirmContactPerson', 'user-account-detail', 'detail'],
      ['lawfirmContactPerson', 'user-wallet', 'tabs'],
      ['superAdmin', 'pdf-viewer', 'builtin'],
    ] as const) {
      const res = await server.call<PageDescriptor>('GET', `/api/pages/${id}`, {
        token: await server.tokenFor(role),
      });
      expect(res.status, `${role} ${id}`).toBe(200);
      expect(res.body.data).toMatchObject({ id, type });
    }
    for (const [role, id] of [
      ['lawyer', 'account-center'],
      ['caseOperation', 'task-center'],
      ['bussinessOperation', 'pdf-viewer'],
    ] as const) {
      const res = await server.call('GET', `/api/pages/${id}`, { token: await server.tokenFor(role) });
      expect(res.status, `${role} ${id}`).toBe(403);
    }
  });
});
