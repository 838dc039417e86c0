import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casePages } from '../../server/pages/catalog/cases';
import { apiCalls, checkCataloguePages, expectServedTo } from './catalogue-checks';
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
    await expectServedTo(server, [
      ['caseOperation', 'search-table'],
      ['lawyer', 'search-table-lawyer'],
      ['lawyer', 'processing'],
      ['bussinessOperation', 'statistics-case-node'],
    ] as const);
  });
});
