import type { Kysely } from 'kysely';
import { bulkInsert } from '../db/bulk-insert';
import type { Database } from '../db/schema';
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
const CASELESS = /^[^\p{Cased}\p{Changes_When_Casemapped}\p{M}]$/u;

/** The text columns whose bigrams are indexed. The case number is not (see `keywordTerm`). */
export interface TermFields {
  title: string;
  debtor_name: string;
  client_name: string;
}

function bigramsInto(terms: Set<string>, text: string): void {
  const chars = Array.from(text);
  for (let i = 0; i + 1 < chars.length; i++) {
    if (CASELESS.test(chars[i]) && CASELESS.test(chars[i + 1])) terms.add(chars[i] + chars[i + 1]);
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
 * Inserts term rows: multi-row statements in chunks on SQLite, a JSON array per 10,000 rows on
 * PostgreSQL (server/db/bulk-insert.ts; an import writes about 25 terms a case).
 */
export async function insertTermRows(
  db: Kysely<Database>,
  rows: ReadonlyArray<{ term: string; case_id: number }>,
): Promise<void> {
  await bulkInsert(db, 'case_terms', rows);
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
 * 5,000. A bigram counted past it costs at most 5,001 index entries to find out.
 */
export const TERM_POSTINGS_LIMIT = 5_000;

/** The case-number alphabet as the search lowers it (contract/cases.ts CASE_NO_PATTERN). */
const CASE_NO_CHAR = /^[a-z0-9]$/i;

/**
 * The bigram a keyword search drives from, or null for the plain LIKE search. Null when:
 * - the keyword is shorter than two characters;
 * - it could be part of a case number (every character is a letter or digit, or has case and
 *   so might lower to one): case numbers are not indexed, their bigrams are all common;
 * - it holds no bigram of two caseless characters (see the top of this file);
 * - even its rarest bigram has more than TERM_POSTINGS_LIMIT postings (a common word).
 * Otherwise the rarest of its bigrams, counted up to the limit so a common one costs little.
 */
export async function keywordTerm(
  db: Kysely<Database>,
  keyword: string | undefined,
  limit = TERM_POSTINGS_LIMIT,
): Promise<string | null> {
  let best: { term: string; postings: number } | null = null;
  for (const term of keywordBigrams(keyword)) {
    const postings = await postingsOf(db, term, limit);
    if (postings <= limit && (best === null || postings < best.postings)) {
      best = { term, postings };
      if (postings === 0) break;
    }
  }
  return best?.term ?? null;
}

/**
 * How long a bigram's counted postings are reused. Any of a keyword's bigrams gives the same
 * results (its postings hold every match), so a count gone stale can only pick a slower plan,
 * never a wrong answer; reusing it spares 200 users typing the same common word the same
 * bounded counts (on PostgreSQL 40-50 ms each on the loaded VM at 50,000 cases).
 */
const POSTINGS_TTL_MS = 60_000;
const POSTINGS_KEPT = 2_000;

/** Counted postings per database, by `${limit}:${term}`: the count, or the count running. */
const postingCounts = new WeakMap<Kysely<Database>, Map<string, { at: number; postings: Promise<number> }>>();

/** A bigram's postings, counted up to limit + 1 (so a common one costs little), reused for a minute. */
function postingsOf(db: Kysely<Database>, term: string, limit: number): Promise<number> {
  let counts = postingCounts.get(db);
  if (!counts) {
    counts = new Map();
    postingCounts.set(db, counts);
  }
  const key = `${limit}:${term}`;
  const now = Date.now();
  const kept = counts.get(key);
  if (kept && now - kept.at < POSTINGS_TTL_MS) return kept.postings;
  const postings = db
    .selectFrom((eb) =>
      eb
        .selectFrom('case_terms')
        .select('case_id')
        .where('term', '=', term)
        .limit(limit + 1)
        .as('postings'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.n));
  const map = counts;
  // A failed count is not kept: the next search counts again.
  postings.catch(() => map.delete(key));
  counts.delete(key);
  counts.set(key, { at: now, postings });
  if (counts.size > POSTINGS_KEPT) counts.delete(counts.keys().next().value as string);
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
