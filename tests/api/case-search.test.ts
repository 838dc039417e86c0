import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRow } from '../../contract/case-api';
import type { Paged } from '../../contract/paging';
import { caseFilterConditions, filterConditions, restrict } from '../../server/cases/filters';
import {
  keywordTerm,
  TERM_POSTINGS_KEPT,
  TERM_POSTINGS_LIMIT,
  termsOf,
} from '../../server/cases/search-terms';
import { dialectOf } from '../../server/db/dialect-of';
import { startServer, type TestServer } from './harness';

/**
 * The keyword search's index (case_terms, server/cases/search-terms.ts) changes how cases are
 * found, never which: every keyword gives the same cases and totals as the plain LIKE search,
 * and every write of a title, debtor or client keeps the index right.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const db = () => server.app.db;

let next = 0;
const freshCaseNo = () => `QS${String(++next).padStart(8, '0')}`;

async function create(over: Record<string, unknown>) {
  const res = await server.call<CaseRow>('POST', '/api/cases', {
    token: await server.tokenFor('caseOperation'),
    body: {
      caseNo: freshCaseNo(),
      title: '李四借款合同纠纷',
      type: 'civil',
      debtorName: '李四',
      clientName: '深圳市某小额贷款有限公司',
      regionCode: '440305',
      amountFen: 1_234_567,
      entrustExpiresOn: '2027-06-30',
      court: null,
      description: null,
      ...over,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function search(keyword: string) {
  const res = await server.call<Paged<CaseRow>>(
    'GET',
    `/api/cases?keyword=${encodeURIComponent(keyword)}&pageSize=100`,
    { token: await server.tokenFor('caseOperation') },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Matching ids, newest first, with the plain LIKE search (no term) or the planned one. */
async function idsOf(keyword: string, planned: boolean): Promise<number[]> {
  const where = planned ? await caseFilterConditions(db(), { keyword }) : filterConditions({ keyword }, null);
  const rows = await restrict(db().selectFrom('cases').select('cases.id'), where)
    .orderBy('cases.created_at', 'desc')
    .orderBy('cases.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** A bigram of the demo data with few postings (a rare pair of characters in a name). */
async function rareTerm(): Promise<{ term: string; postings: number }> {
  const row = await sql<{ term: string; n: number }>`select term, count(*) as n from case_terms
    group by term having count(*) between 2 and 5 order by count(*) desc, term limit 1`.execute(db());
  return { term: row.rows[0].term, postings: Number(row.rows[0].n) };
}

describe('the keyword search with the term index', () => {
  it('finds exactly what the plain LIKE search finds, for every kind of keyword', async () => {
    // Cases with text the seed never writes: Latin letters of both cases, % and _ literally.
    await create({ title: 'ABC科技诉王五借款合同纠纷', debtorName: '王五', clientName: 'ABC科技有限公司' });
    await create({ title: '折扣50%_诉赵六', debtorName: '赵六', clientName: '某商贸有限公司' });
    const rare = await rareTerm();
    const sample = await db()
      .selectFrom('cases')
      .select(['case_no', 'debtor_name', 'client_name'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const keywords = [
      rare.term, // rare 2-character Chinese
      sample.debtor_name, // 3+ characters, a whole name
      sample.client_name.slice(0, 5),
      `${rare.term}x`, // a rare bigram and a letter after it
      '银行', // common
      '有限公司',
      '诉',
      '张', // one character
      'abc科技', // mixed case, Latin and Chinese
      'Abc科',
      'aBC',
      sample.case_no.slice(2, 8), // digits of a case number
      sample.case_no.toLowerCase().slice(0, 5), // a case number's letters and digits, lower case
      '50%_',
      '0%_诉',
      '%诉',
      '诉_',
      '%',
      '_',
      '不存在的词',
    ];
    for (const keyword of keywords) {
      const before = await idsOf(keyword, false);
      const after = await idsOf(keyword, true);
      expect(after, keyword).toEqual(before);
      expect((await search(keyword)).total, keyword).toBe(before.length);
    }
    // The rare bigram and a Chinese keyword with % really go through the index and find something.
    expect(await keywordTerm(db(), rare.term)).toBe(rare.term);
    expect((await idsOf(rare.term, true)).length).toBe(rare.postings);
    expect(await keywordTerm(db(), '0%_诉')).not.toBeNull();
    expect((await idsOf('0%_诉', true)).length).toBe(1);
    expect((await idsOf('abc科技', true)).length).toBeGreaterThanOrEqual(1);
  });

  it('drives from the rarest bigram, and leaves a common word, a case number and one character to LIKE', async () => {
    const rare = await rareTerm();
    // 银行 is in hundreds of the demo cases, the rare bigram in a few (the letter between the
    // two makes no bigram of its own).
    expect(await keywordTerm(db(), `银行x${rare.term}`)).toBe(rare.term);
    expect(await keywordTerm(db(), `${rare.term}x银行`)).toBe(rare.term);
    expect(await keywordTerm(db(), '银行')).toBe('银行');
    expect(await keywordTerm(db(), '银行', 10)).toBeNull();
    expect(TERM_POSTINGS_LIMIT).toBeGreaterThan(1000);
    expect(await keywordTerm(db(), '张')).toBeNull();
    expect(await keywordTerm(db(), 'MS0000')).toBeNull();
    expect(await keywordTerm(db(), '00001')).toBeNull();
  });

  it('reads the term’s postings, not every case, for a rare keyword', async () => {
    const rare = await rareTerm();
    const query = restrict(
      db().selectFrom('cases').select('cases.id'),
      await caseFilterConditions(db(), { keyword: rare.term }),
    )
      .orderBy('cases.created_at', 'desc')
      .orderBy('cases.id', 'desc')
      .limit(20)
      .compile();
    const sqlite = dialectOf(db()) === 'sqlite';
    const plan = await db().executeQuery(
      CompiledQuery.raw(`${sqlite ? 'explain query plan' : 'explain'} ${query.sql}`, [...query.parameters]),
    );
    const text = plan.rows
      .map((r) => (r as Record<string, unknown>)[sqlite ? 'detail' : 'QUERY PLAN'])
      .join('\n');
    expect(text).toMatch(/case_terms/);
    // SQLite looks the postings' cases up by id instead of walking the creation-time index.
    if (sqlite) expect(text).not.toMatch(/SCAN cases/);
  });
});

describe('keeping the index right', () => {
  it('indexes every seeded case exactly as termsOf says', async () => {
    const cases = await db()
      .selectFrom('cases')
      .select(['id', 'title', 'debtor_name', 'client_name'])
      .execute();
    const stored = await db().selectFrom('case_terms').select(['term', 'case_id']).execute();
    const byCase = new Map<number, string[]>();
    for (const row of stored) byCase.set(row.case_id, [...(byCase.get(row.case_id) ?? []), row.term]);
    const lacking = cases.filter((c) => !byCase.has(c.id));
    expect(lacking).toEqual([]);
    for (const c of cases) expect(byCase.get(c.id)?.sort(), String(c.id)).toEqual(termsOf(c).sort());
  });

  it('finds a case made through the form by a rare 2-character word, and after an edit by the new one only', async () => {
    const made = await create({ title: '霹雳诉李四借款合同纠纷', debtorName: '李四' });
    expect((await search('霹雳')).list.map((c) => c.id)).toEqual([made.id]);
    const edited = await server.call<CaseRow>('PUT', `/api/cases/${made.id}`, {
      token: await server.tokenFor('caseOperation'),
      body: { version: made.version, title: '饕餮诉李四借款合同纠纷' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await search('饕餮')).list.map((c) => c.id)).toEqual([made.id]);
    // 霹雳's postings were counted (one) before the edit and are reused for a minute: a stale
    // count picks the plan, never the answer.
    expect((await search('霹雳')).total).toBe(0);
    // A changed debtor or client re-indexes too; other fields leave the terms alone.
    const again = await server.call<CaseRow>('PUT', `/api/cases/${made.id}`, {
      token: await server.tokenFor('caseOperation'),
      body: { version: edited.body.data.version, debtorName: '魑魅', amountFen: 99_900 },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await search('魑魅')).list.map((c) => c.id)).toEqual([made.id]);
    const terms = await db().selectFrom('case_terms').select('term').where('case_id', '=', made.id).execute();
    expect(terms.map((t) => t.term).sort()).toEqual(
      termsOf({
        title: '饕餮诉李四借款合同纠纷',
        debtor_name: '魑魅',
        client_name: '深圳市某小额贷款有限公司',
      }).sort(),
    );
  });

  it('stops indexing a bigram once it has had more postings than a search reads, and never drives from it', async () => {
    const first = await create({ title: '鼹鼠诉李四借款合同纠纷' });
    const second = await create({ title: '王五诉鼹鼠借款合同纠纷' });
    const postings = async () =>
      (await db().selectFrom('case_terms').select('case_id').where('term', '=', '鼹鼠').execute())
        .map((r) => r.case_id)
        .sort((a, b) => a - b);
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom('case_term_counts')
            .select('postings')
            .where('term', '=', '鼹鼠')
            .executeTakeFirstOrThrow()
        ).postings,
      );
    expect(await postings()).toEqual([first.id, second.id]);
    expect(await count()).toBe(2);
    expect(await keywordTerm(db(), '鼹鼠')).toBe('鼹鼠');
    // As if 4,998 more cases had held it: the next one takes it past what a search would read.
    await db()
      .updateTable('case_term_counts')
      .set({ postings: TERM_POSTINGS_KEPT })
      .where('term', '=', '鼹鼠')
      .execute();
    const third = await create({ title: '鼹鼠再诉借款合同纠纷' });
    expect(await count()).toBe(TERM_POSTINGS_KEPT + 1);
    expect(await postings()).toEqual([first.id, second.id]);
    // Not a driving term any more: LIKE finds all three, the one without a posting too.
    expect(await keywordTerm(db(), '鼹鼠')).toBeNull();
    const found = await search('鼹鼠');
    expect(found.list.map((c) => c.id).sort((a, b) => a - b)).toEqual([first.id, second.id, third.id]);
    expect(await idsOf('鼹鼠', true)).toEqual(await idsOf('鼹鼠', false));
  });
});
