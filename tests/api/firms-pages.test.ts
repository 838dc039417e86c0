import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '../../contract/access';
import type { TablePage } from '../../contract/pages/descriptor';
import { firmPages } from '../../server/pages/catalog/firms';
import { letterPages } from '../../server/pages/catalog/letters';
import { checkCataloguePages, expectServedTo } from './catalogue-checks';
import { startServer, type TestServer } from './harness';

checkCataloguePages('the law-firm and lawyer page descriptors', firmPages);
checkCataloguePages('the letter and certification page descriptors', letterPages);

describe('the firm pages', () => {
  it('cover the pages of the route table they are for', () => {
    expect(firmPages.map((p) => p.id).sort()).toEqual(
      [
        'accountfirm',
        'casefirm',
        'editfirm',
        'editlawyer',
        'order-manage',
        'account-verification',
        'follow-up',
      ].sort(),
    );
    // The letter review pages live with the lawyer's letters (catalog/letters.ts).
    expect(letterPages.map((p) => p.id)).toEqual(expect.arrayContaining(['send-back', 'letter-audit']));
  });

  it('links a contact person nowhere they may not go: case links and views need the case workspace', () => {
    const caseFirm = firmPages.find((p) => p.id === 'casefirm') as TablePage;
    const toCaseDetail = [...caseFirm.columns, ...caseFirm.rowActions].filter((item) =>
      JSON.stringify(item).includes('/list/case-detail/'),
    );
    expect(toCaseDetail.length).toBeGreaterThan(0);
    for (const item of toCaseDetail) {
      expect(item.access).toBe('cases.manage');
      expect(can('cases.manage', 'lawfirmContactPerson')).toBe(false);
    }
  });
});

describe('GET /api/pages/:id for the firm pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves each page to a role whose menu has it, and refuses one whose menu does not', async () => {
    await expectServedTo(server, [
      ['lawfirmContactPerson', 'accountfirm'],
      ['lawfirmContactPerson', 'casefirm'],
      ['lawfirmContactPerson', 'editfirm'],
      ['caseOperation', 'send-back'],
      ['lawyer', 'editlawyer'],
      ['bussinessOperation', 'order-manage'],
      ['bussinessOperation', 'letter-audit'],
      ['bussinessOperation', 'account-verification'],
      ['bussinessOperation', 'follow-up'],
      ['superAdmin', 'accountfirm'],
    ] as const);
    const refused = await server.call('GET', '/api/pages/letter-audit', {
      token: await server.tokenFor('lawfirmContactPerson'),
    });
    expect(refused.status).toBe(403);
  });
});
