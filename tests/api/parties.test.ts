import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { Party, PiiAccessRow } from '../../contract/parties';
import { freshCase, type Role, useCaseServer } from './case-fixtures';
import { startServer, type TestServer } from './harness';

let server: TestServer;
let demoLawyerId: number;
let demoFirmId: number;
beforeAll(async () => {
  server = await startServer();
  ({ demoLawyerId, demoFirmId } = await useCaseServer(server));
});
afterAll(() => server.close());

const MASKED_ID = /^[0-9A-Z]{6}\*{8}[0-9A-Z]{4}$/;
const MASKED_MOBILE = /^1\d{2}\*{4}\d{4}$/;
// 11010519491231002X: a valid 居民身份证 number (GB 11643-1999 example).
const ID = '11010519491231002X';
const MOBILE = '13912345678';

let next = 0;
const freshCaseNo = () => `PT${String(++next).padStart(8, '0')}`;
const newCase = (over: Record<string, unknown> = {}) => ({
  caseNo: freshCaseNo(),
  title: '王五借款合同纠纷',
  type: 'civil',
  clientName: '深圳市某小额贷款有限公司',
  regionCode: '440305',
  amountFen: 500_000,
  entrustExpiresOn: '2027-06-30',
  ...over,
});
const mainDebtor = (over: Record<string, unknown> = {}) => ({
  role: 'debtor',
  name: '王五',
  idType: 'residentIdCard',
  idNumber: ID,
  phones: [{ number: MOBILE, label: '本人', status: 'valid' }],
  addresses: [{ kind: 'residence', text: '北京市西城区某街道 1 号' }],
  ...over,
});

async function as<T>(role: Role, method: string, path: string, body?: unknown) {
  return server.call<T>(method, path, { token: await server.tokenFor(role), body });
}
const partiesOf = (role: Role, caseId: number) =>
  as<{ list: Party[] }>(role, 'GET', `/api/cases/${caseId}/parties`);
const reveal = (role: Role, caseId: number, partyId: number, body: Record<string, unknown>) =>
  as<{ value: string }>(role, 'POST', `/api/cases/${caseId}/parties/${partyId}/reveal`, body);

describe("a case's parties", () => {
  it('lists a seeded case’s main debtor, named as the case, with the ID number and phones masked', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const res = await partiesOf('lawyer', c.id);
    expect(res.status).toBe(200);
    const [debtor] = res.body.data.list;
    expect(debtor).toMatchObject({ role: 'debtor', name: c.debtor_name });
    expect(debtor.idNumber).toMatch(MASKED_ID);
    expect(debtor.phones.length).toBeGreaterThan(0);
    for (const phone of debtor.phones) expect(phone.number).toMatch(MASKED_MOBILE);
    const full = await server.app.db
      .selectFrom('case_parties')
      .select('id_number')
      .where('id', '=', debtor.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(res.body)).not.toContain(full.id_number);
  });

  it('hides a case’s parties from whoever may not read the case', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'other', firm: 'other' });
    expect((await partiesOf('lawyer', c.id)).status).toBe(404);
  });

  it('creates a case with its parties: parties[0] names the case, numbers stored in full and answered masked', async () => {
    const body = newCase({
      parties: [
        mainDebtor(),
        {
          role: 'guarantor',
          name: '某某担保有限公司',
          idType: 'unifiedSocialCreditCode',
          idNumber: '91350100M000100Y43',
        },
      ],
    });
    const res = await as<CaseRow>('caseOperation', 'POST', '/api/cases', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.debtorName).toBe('王五');
    const list = (await partiesOf('caseOperation', res.body.data.id)).body.data.list;
    expect(list.map((p) => [p.role, p.name])).toEqual([
      ['debtor', '王五'],
      ['guarantor', '某某担保有限公司'],
    ]);
    expect(list[0].idNumber).toBe('110105********002X');
    expect(list[0].phones[0]).toMatchObject({ number: '139****5678', label: '本人', status: 'valid' });
    expect(list[0].addresses).toEqual([expect.objectContaining({ kind: 'residence' })]);
    const audit = await server.app.db
      .selectFrom('audit_log')
      .select(['summary', 'params'])
      .where('entity_id', '=', String(res.body.data.id))
      .execute();
    expect(JSON.stringify(audit)).not.toContain(ID);
    expect(JSON.stringify(audit)).not.toContain(MOBILE);
  });

  it('still makes a main debtor from debtorName when no parties are given', async () => {
    const res = await as<CaseRow>('caseOperation', 'POST', '/api/cases', newCase({ debtorName: '赵六' }));
    expect(res.status).toBe(200);
    const list = (await partiesOf('caseOperation', res.body.data.id)).body.data.list;
    expect(list).toEqual([
      expect.objectContaining({ role: 'debtor', name: '赵六', idType: null, idNumber: null, phones: [] }),
    ]);
  });

  it.each([
    ['a wrong check character', { idNumber: '110105194912310021' }, 'parties.0.idNumber'],
    ['an unknown province', { idNumber: '990105194912310027' }, 'parties.0.idNumber'],
    ['a birth date in the future', { idNumber: '110105209901010019' }, 'parties.0.idNumber'],
    ['a residence permit without its prefix', { idType: 'hkMacaoTaiwanResidence' }, 'parties.0.idNumber'],
    ['a number without its type', { idType: null }, 'parties.0.idType'],
    ['a bad mobile', { phones: [{ number: '12912345678' }] }, 'parties.0.phones.0.number'],
    ['a first party who is no debtor', { role: 'guarantor' }, 'parties.0.role'],
  ])('refuses %s with 400 at its field, writing nothing', async (_, over, path) => {
    const before = await server.count('cases');
    const res = await as('caseOperation', 'POST', '/api/cases', newCase({ parties: [mainDebtor(over)] }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.path)).toContain(path);
    expect(JSON.stringify(res.body)).not.toContain(ID);
    expect(await server.count('cases')).toBe(before);
  });

  it('lets case operations add and change parties while the case awaits review, not once approved', async () => {
    const created = await as<CaseRow>('caseOperation', 'POST', '/api/cases', newCase({ debtorName: '孙七' }));
    const caseId = created.body.data.id;
    const added = await as<Party>('caseOperation', 'POST', `/api/cases/${caseId}/parties`, {
      role: 'coDebtor',
      name: '孙八',
      phones: [{ number: '0755-12345678', label: '单位' }],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.phones[0]).toMatchObject({ number: '075****5678', status: 'unknown' });
    const [main] = (await partiesOf('caseOperation', caseId)).body.data.list;
    const renamed = await as<Party>('caseOperation', 'PUT', `/api/cases/${caseId}/parties/${main.id}`, {
      name: '孙七七',
      idType: 'residentIdCard',
      idNumber: ID,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.idNumber).toBe('110105********002X');
    const row = await server.app.db
      .selectFrom('cases')
      .select(['debtor_name', 'version'])
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ debtor_name: '孙七七', version: created.body.data.version + 1 });
    const demoted = await as('caseOperation', 'PUT', `/api/cases/${caseId}/parties/${main.id}`, {
      role: 'guarantor',
    });
    expect(demoted.status).toBe(400);

    const approved = await freshCase({ status: 'processing', lawyer: 'demo' });
    const late = await as('caseOperation', 'POST', `/api/cases/${approved.id}/parties`, {
      role: 'guarantor',
      name: '周九',
    });
    expect(late.status).toBe(409);
    expect(
      (await as('lawyer', 'POST', `/api/cases/${approved.id}/parties`, { role: 'guarantor', name: '周九' }))
        .status,
    ).toBe(403);
  });

  it('lets the handling lawyer correct phones and addresses of a case being worked, and nothing else', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const [debtor] = (await partiesOf('lawyer', c.id)).body.data.list;
    const kept = debtor.phones[0];
    const res = await as<Party>('lawyer', 'PUT', `/api/cases/${c.id}/parties/${debtor.id}`, {
      phones: [
        { id: kept.id, label: kept.label, status: 'vacant' },
        { number: '18612345678', label: '家属', status: 'valid' },
      ],
      addresses: [{ kind: 'work', text: '某公司' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.phones.map((p) => [p.number, p.status])).toEqual([
      [kept.number, 'vacant'],
      ['186****5678', 'valid'],
    ]);
    expect(
      (await as('lawyer', 'PUT', `/api/cases/${c.id}/parties/${debtor.id}`, { name: '改名' })).status,
    ).toBe(403);
    const other = await freshCase({ status: 'processing', lawyer: 'other', firm: 'demo' });
    const [theirs] = (await partiesOf('lawfirmContactPerson', other.id)).body.data.list;
    expect(
      (await as('lawyer', 'PUT', `/api/cases/${other.id}/parties/${theirs.id}`, { addresses: [] })).status,
    ).toBe(404);
  });
});

describe('revealing personal data', () => {
  it('answers the handling lawyer one phone in full with a reason, and records it', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const [debtor] = (await partiesOf('lawyer', c.id)).body.data.list;
    const phone = debtor.phones[0];
    const res = await reveal('lawyer', c.id, debtor.id, {
      field: 'phone',
      phoneId: phone.id,
      reason: 'contact',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = await server.app.db
      .selectFrom('party_phones')
      .select('number')
      .where('id', '=', phone.id)
      .executeTakeFirstOrThrow();
    expect(res.body.data.value).toBe(stored.number);
    const id = await reveal('lawyer', c.id, debtor.id, {
      field: 'idNumber',
      reason: 'other',
      note: '核对法院文书',
    });
    expect(id.body.data.value).toMatch(/^[0-9A-Z]{18}$/);

    const records = await as<{ list: PiiAccessRow[]; total: number }>(
      'bussinessOperation',
      'GET',
      `/api/pii-access?caseId=${c.id}`,
    );
    expect(records.status).toBe(200);
    expect(records.body.data.list.map((r) => [r.field, r.reason, r.note, r.role])).toEqual([
      ['idNumber', 'other', '核对法院文书', 'lawyer'],
      ['phone', 'contact', null, 'lawyer'],
    ]);
    expect(records.body.data.list[0]).toMatchObject({ caseNo: c.case_no, partyName: debtor.name });
    expect(JSON.stringify(records.body)).not.toContain(stored.number);
    expect((await as('lawyer', 'GET', '/api/pii-access')).status).toBe(403);
  });

  it('answers the firm’s contact person and case operations, never platform managers', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'other', firm: 'demo' });
    const [debtor] = (await partiesOf('caseOperation', c.id)).body.data.list;
    const body = { field: 'idNumber', reason: 'verifyIdentity' };
    expect((await reveal('lawfirmContactPerson', c.id, debtor.id, body)).status).toBe(200);
    expect((await reveal('caseOperation', c.id, debtor.id, body)).status).toBe(200);
    for (const role of ['bussinessOperation', 'admin', 'superAdmin'] as const)
      expect((await reveal(role, c.id, debtor.id, body)).status, role).toBe(403);
    // Another lawyer of the same firm does not see, let alone reveal, the case.
    expect((await reveal('lawyer', c.id, debtor.id, body)).status).toBe(404);
  });

  it('asks for a note with the reason "other" and for the phone it means', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'demo' });
    const [debtor] = (await partiesOf('lawyer', c.id)).body.data.list;
    const noNote = await reveal('lawyer', c.id, debtor.id, { field: 'idNumber', reason: 'other' });
    expect(noNote.status).toBe(400);
    expect(noNote.body.errors?.map((e) => e.path)).toEqual(['note']);
    const noPhone = await reveal('lawyer', c.id, debtor.id, { field: 'phone', reason: 'contact' });
    expect(noPhone.body.errors?.map((e) => e.path)).toEqual(['phoneId']);
  });

  it('refuses reveals past PII_REVEAL_PER_HOUR for the hour with 429', async () => {
    const c = await freshCase({ status: 'processing', lawyer: 'other', firm: 'demo' });
    const [debtor] = (await partiesOf('caseOperation', c.id)).body.data.list;
    const limit = server.app.config.piiRevealPerHour;
    server.app.config.piiRevealPerHour = 2;
    try {
      const body = { field: 'idNumber', reason: 'litigation' };
      server.clock.advance(2 * 3_600_000);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await reveal('lawfirmContactPerson', c.id, debtor.id, body)).status);
      expect(statuses).toEqual([200, 200, 429]);
      server.clock.advance(3_600_000);
      expect((await reveal('lawfirmContactPerson', c.id, debtor.id, body)).status).toBe(200);
    } finally {
      server.app.config.piiRevealPerHour = limit;
    }
  });
});

describe('finding a case by a party’s full number', () => {
  it('finds the case by a full phone or ID number typed as the keyword, answering it masked', async () => {
    const body = newCase({ parties: [mainDebtor({ phones: [{ number: '13787654321' }] })] });
    const created = await as<CaseRow>('caseOperation', 'POST', '/api/cases', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    for (const keyword of ['13787654321', '137 8765 4321']) {
      const res = await as<{ list: CaseRow[] }>(
        'caseOperation',
        'GET',
        `/api/cases?keyword=${encodeURIComponent(keyword)}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data.list.map((r) => r.id)).toContain(created.body.data.id);
      expect(JSON.stringify(res.body)).not.toContain('13787654321');
    }
    const byId = await as<{ list: CaseRow[] }>(
      'caseOperation',
      'GET',
      `/api/cases?keyword=${ID.toLowerCase()}`,
    );
    expect(byId.body.data.list.map((r) => r.id)).toContain(created.body.data.id);
    // A lawyer's scope still applies: the new case awaits review and is not theirs.
    const lawyer = await as<{ list: CaseRow[] }>('lawyer', 'GET', '/api/cases?keyword=13787654321');
    expect(lawyer.body.data.list).toEqual([]);
    expect(demoLawyerId).toBeGreaterThan(0);
    expect(demoFirmId).toBeGreaterThan(0);
  });
});
