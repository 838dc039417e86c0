import { type Kysely, sql } from 'kysely';
import { bulkInsert } from '../db/bulk-insert';
import { dialectOf } from '../db/dialect-of';
import type { Database } from '../db/schema';
import { inTexts } from '../db/sql-portable';
import { containsText } from '../db/text-search';
import type { CaseCondition } from './scope';

/**
 * The case keyword search's index (table `case_terms`, migration 0017): for every case, the
 * distinct character bigrams of its title, debtor and client, each field on its own (no bigram
 * spans two fields). A keyword search stays what it always was, `lower(col) LIKE
 * lower('%keyword%')` over case number, title, debtor and client (server/db/text-search.ts);
 * the index only narrows the cases that LIKE has to look at, so results and totals are the
 * same with it and without it.
 *
 * Only bigrams of two characters WITHOUT CASE are indexed (Chinese characters, digits,
 * punctuation, spaces). The search lowers text with the database's lower(): ASCII only on
 * SQLite, per the locale on PostgreSQL (Turkish maps I to ı), Unicode's full mapping elsewhere
 * (İ becomes i plus a combining dot). For letters with case these disagree, and an index built
 * by JavaScript's toLowerCase could miss a case the database's LIKE matches. A character
 * without case is the same under every lower(), and no lower() produces one from a letter
 * except combining marks (the dot of İ), which are left out too. So for a keyword containing
 * a bigram of two such characters, every case whose lowered text contains the lowered
 * keyword contains that bigram verbatim: its postings hold every match.
 */

/** A character every database's lower() leaves alone and produces from nothing else. */
export const CASELESS = /^[^\p{Cased}\p{Changes_When_Casemapped}\p{M}]$/u;

/** The text columns whose bigrams are indexed. The case number is not (see `keywordTerm`). */
export interface TermFields {
  title: string;
  debtor_name: string;
  client_name: string;
}

/** Whether a character is CASELESS, the common ones decided without the Unicode pattern (an import judges 2.5 million). */
export function caseless(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return !((code >= 65 && code <= 90) || (code >= 97 && code <= 122));
  // CJK Unified Ideographs: no case, no combining marks.
  if (code >= 0x4e00 && code <= 0x9fff) return true;
  return CASELESS.test(char);
}

function bigramsInto(terms: Set<string>, text: string): void {
  const chars = Array.from(text);
  let before = chars.length > 0 && caseless(chars[0]);
  for (let i = 0; i + 1 < chars.length; i++) {
    const next = caseless(chars[i + 1]);
    if (before && next) terms.add(chars[i] + chars[i + 1]);
    before = next;
  }
}

/** The distinct indexed bigrams of a case's searched fields (no bigram spans two fields). */
export function termsOf(fields: TermFields): string[] {
  const terms = new Set<string>();
  bigramsInto(terms, fields.title);
  bigramsInto(terms, fields.debtor_name);
  bigramsInto(terms, fields.client_name);
  return [...terms];
}

/** `case_terms` rows for cases just written, `ids[k]` being the id of `cases[k]`. */
export function caseTermRows(
  ids: readonly number[],
  cases: readonly TermFields[],
): Array<{ term: string; case_id: number }> {
  return ids.flatMap((caseId, k) => termsOf(cases[k]).map((term) => ({ term, case_id: caseId })));
}

/**
 * The most postings a bigram keeps. A bigram past TERM_POSTINGS_LIMIT never drives a search, so
 * its postings are only weight on every write: once `case_term_counts` says a bigram has had
 * more than this, it keeps none (migration 0030). On an import of 100,000 cases most of the 25
 * bigrams a case has are such (借款, 纠纷, 银行, a client's name, the digits of a title): they
 * were most of what SQLite and PostgreSQL wrote.
 */
export const TERM_POSTINGS_KEPT = 5_000;

/**
 * Inserts term rows and counts them (`case_term_counts`, one row per bigram): a bigram's count
 * only grows, whatever is edited or deleted later, so a count at or under `kept` means every
 * case holding the bigram has its posting, and one over it means the bigram keeps no postings
 * and never drives a search (keywordTerm). The counts are read first without a lock, and only
 * bigrams still under the limit are counted up, in sorted order (two transactions on PostgreSQL
 * lock the rows they share in the same order). A bigram this write takes past the limit keeps
 * the postings it had (a search that read its count a moment before still finds them all) and
 * gets no more; nothing reads them again. The migration and the seed clear such leftovers.
 */
export async function insertTermRows(
  db: Kysely<Database>,
  rows: ReadonlyArray<{ term: string; case_id: number }>,
  kept = TERM_POSTINGS_KEPT,
): Promise<void> {
  if (rows.length === 0) return;
  const added = new Map<string, number>();
  for (const row of rows) added.set(row.term, (added.get(row.term) ?? 0) + 1);
  const terms = [...added.keys()].sort();
  const dialect = dialectOf(db);
  const full = new Set<string>();
  for (const counted of await db
    .selectFrom('case_term_counts')
    .select('term')
    .where(inTexts(dialect, 'term', terms))
    .where('postings', '>', kept)
    .execute())
    full.add(counted.term);
  const open = terms.filter((t) => !full.has(t));
  if (open.length > 0) {
    const counts = open.map((t) => added.get(t) ?? 0);
    // The counts as ONE parameter each way (sql-portable.ts inTexts says why), in term order.
    const upsert =
      dialect === 'postgres'
        ? sql<{ term: string; postings: number }>`insert into case_term_counts (term, postings)
            select t.term, t.postings from unnest(${open}::text[], ${counts}::int[]) as t(term, postings)
            order by t.term
            on conflict (term) do update set postings = case_term_counts.postings + excluded.postings
            returning term, postings`
        : sql<{ term: string; postings: number }>`insert into case_term_counts (term, postings)
            select json_extract(value, '$[0]'), json_extract(value, '$[1]')
            from json_each(${JSON.stringify(open.map((t, i) => [t, counts[i]]))}) where true
            on conflict (term) do update set postings = postings + excluded.postings
            returning term, postings`;
    for (const c of (await upsert.execute(db)).rows) if (Number(c.postings) > kept) full.add(c.term);
  }
  await bulkInsert(db, 'case_terms', full.size === 0 ? rows : rows.filter((r) => !full.has(r.term)));
}

/**
 * The counts of every bigram from the index as it stands, and no postings for a bigram past
 * `kept`: after the seed's bulk load, which writes the postings of every case directly.
 */
export async function countTermsAfresh(db: Kysely<Database>, kept = TERM_POSTINGS_KEPT): Promise<void> {
  await db.deleteFrom('case_term_counts').execute();
  await sql`insert into case_term_counts (term, postings)
    select term, count(*) from case_terms group by term`.execute(db);
  await db
    .deleteFrom('case_terms')
    .where('term', 'in', (eb) =>
      eb.selectFrom('case_term_counts').select('term').where('postings', '>', kept),
    )
    .execute();
}

/** Index new cases: in the transaction that inserted them. */
export async function insertCaseTerms(
  trx: Kysely<Database>,
  ids: readonly number[],
  cases: readonly TermFields[],
): Promise<void> {
  await insertTermRows(trx, caseTermRows(ids, cases));
}

/** Re-index one case after its title, debtor or client changed: in the same transaction. */
export async function writeCaseTerms(
  trx: Kysely<Database>,
  caseId: number,
  fields: TermFields,
): Promise<void> {
  await trx.deleteFrom('case_terms').where('case_id', '=', caseId).execute();
  await insertCaseTerms(trx, [caseId], [fields]);
}

/**
 * The most postings a term may have to drive a search. Driving from a term reads every posting
 * (a look-up, a LIKE and a sort each), for a page and its total alike: on 50,000 demo cases on
 * the loaded 2-vCPU VM, 5 postings took 5 ms a page and 3 ms a total where the walk took 870 ms
 * and 430 ms, and 4,386 postings (额贷) 56 ms a page where the walk took 6 ms (but 24 ms a total
 * where LIKE took 230 ms). The walk down the creation-time index reads about
 * pageSize × cases / matches rows, so the two meet near sqrt(20 × cases) postings: about 4,500
 * at a million cases. Totals are remembered (count-cache.ts), pages are not, so pages decide:
 * 5,000. Bigrams past it keep no postings at all (TERM_POSTINGS_KEPT).
 */
export const TERM_POSTINGS_LIMIT = TERM_POSTINGS_KEPT;

/** The case-number alphabet as the search lowers it (contract/cases.ts CASE_NO_PATTERN). */
const CASE_NO_CHAR = /^[a-z0-9]$/i;

/**
 * The bigram a keyword search drives from, or null for the plain LIKE search. Null when:
 * - the keyword is shorter than two characters;
 * - it could be part of a case number (every character is a letter or digit, or has case and
 *   so might lower to one): case numbers are not indexed, their bigrams are all common;
 * - it holds no bigram of two caseless characters (see the top of this file);
 * - even its rarest bigram has more than TERM_POSTINGS_LIMIT postings (a common word).
 * Otherwise the rarest of its bigrams by `case_term_counts` (one look-up by key each).
 */
export async function keywordTerm(
  db: Kysely<Database>,
  keyword: string | undefined,
  limit = TERM_POSTINGS_LIMIT,
): Promise<string | null> {
  let best: { term: string; postings: number } | null = null;
  for (const term of keywordBigrams(keyword)) {
    const postings = await postingsOf(db, term);
    if (postings <= Math.min(limit, TERM_POSTINGS_KEPT) && (best === null || postings < best.postings)) {
      best = { term, postings };
      if (postings === 0) break;
    }
  }
  return best?.term ?? null;
}

/**
 * Bigrams known to be past TERM_POSTINGS_KEPT, per database. That never changes back (a count
 * only grows), so it is kept; a count within the limit is read again for every search, since it
 * can cross the limit at any write and its postings then stop being complete.
 */
const FULL_KEPT = 2_000;
const fullTerms = new WeakMap<Kysely<Database>, Set<string>>();

/**
 * A bigram's postings as `case_term_counts` counts them: every posting it has had, never fewer
 * than it holds. A bigram only drives a search while its count is within the limit, so the
 * postings it drives from are all of the cases that hold it.
 */
async function postingsOf(db: Kysely<Database>, term: string): Promise<number> {
  let full = fullTerms.get(db);
  if (!full) {
    full = new Set();
    fullTerms.set(db, full);
  }
  if (full.has(term)) return Number.POSITIVE_INFINITY;
  const row = await db
    .selectFrom('case_term_counts')
    .select('postings')
    .where('term', '=', term)
    .executeTakeFirst();
  const postings = Number(row?.postings ?? 0);
  if (postings > TERM_POSTINGS_KEPT) {
    if (full.size >= FULL_KEPT) full.delete(full.values().next().value as string);
    full.add(term);
  }
  return postings;
}

/** The keyword's distinct indexed bigrams, none when the term index cannot serve it. */
export function keywordBigrams(keyword: string | undefined): string[] {
  if (!keyword) return [];
  const chars = Array.from(keyword);
  if (chars.length < 2) return [];
  if (chars.every((c) => CASE_NO_CHAR.test(c) || !CASELESS.test(c))) return [];
  const terms = new Set<string>();
  bigramsInto(terms, keyword);
  return [...terms];
}

/** The searched columns of the keyword search, as before the index. */
const KEYWORD_COLUMNS = ['cases.case_no', 'cases.title', 'cases.debtor_name', 'cases.client_name'];

/**
 * The keyword condition: LIKE over the four columns, and with a driving term, first the cases
 * among its postings (a superset of the matches, see above), so the database reads those
 * instead of walking every case.
 */
export function keywordCondition(keyword: string, term: string | null): CaseCondition {
  const like: CaseCondition = (eb) => eb.or(KEYWORD_COLUMNS.map((column) => containsText(column, keyword)));
  if (term === null) return like;
  return (eb) =>
    eb.and([
      eb(
        'cases.id',
        'in',
        eb.selectFrom('case_terms').select('case_terms.case_id').where('case_terms.term', '=', term),
      ),
      like(eb),
    ]);
}
