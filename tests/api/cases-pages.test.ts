import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageDescriptor } from '../../contract/pages/descriptor';
import { casePages } from '../../server/pages/catalog/cases';
import { apiCalls, checkCataloguePages } from './catalogue-checks';
import { startServer, type TestServer } from './harness';

checkCataloguePages('the case page descriptors', casePages);

it('every case page reads or writes through the API', () => {
  for (const page of casePages) expect(apiCalls(page).length, page.id).toBeGreaterThan(0);
});

describe('GET /api/pages/:id for the case pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves each case page to a role whose menu has it', async () => {
    for (const [role, id] of [
      ['caseOperation', 'search-table'],
      ['lawyer', 'search-table-lawyer'],
      ['lawyer', 'processing'],
      ['bussinessOperation', 'statistics-case-node'],
    ] as const) {
      const res = await server.call<PageDescriptor>('GET', `/api/pages/${id}`, {
        token: await server.tokenFor(role),
      });
      expect(res.status, `${role} ${id}`).toBe(200);
      expect(res.body.data.id).toBe(id);
      expect(res.body.data.type).not.toBe('result');
    }
  });
});
