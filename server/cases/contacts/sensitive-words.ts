import type { Kysely } from 'kysely';
import { CODES } from '../../../contract/codes';
import { recordAudit } from '../../audit/audit';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { Caller } from '../../http/route';

/**
 * The sensitive words (GET|PUT /api/sensitive-words, superAdmin) a contact note, an SMS text or
 * a letter paragraph may not hold: HTTP 422, code 10010, the word as the error's `value`.
 * Matching ignores case, full-width/half-width forms (NFKC) and blanks, so `ＳＢ`, `s b` and
 * `SB` are one word. The list is small and read at each check, so every process sees a change
 * at once.
 */
export const normalText = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

export async function sensitiveWords(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('sensitive_words').select('word').orderBy('word').execute();
  return rows.map((r) => r.word);
}

/** Refuses (422, 10010) the first text holding a sensitive word, at its path. */
export async function refuseSensitiveWords(
  db: Kysely<Database>,
  texts: Array<{ path: string; text: string | null | undefined }>,
): Promise<void> {
  const present = texts.filter((t): t is { path: string; text: string } => !!t.text);
  if (present.length === 0) return;
  const words = await sensitiveWords(db);
  for (const { path, text } of present) {
    const normal = normalText(text);
    const word = words.find((w) => normal.includes(w));
    if (word)
      throw new ApiError(422, CODES.sensitiveWord, 'sensitiveWord.found', { word }, [
        { path, message: 'sensitiveWord.found', value: word },
      ]);
  }
}

/** PUT /api/sensitive-words: the whole list, normalised and without repeats; audited. */
export async function replaceSensitiveWords(
  app: AppContext,
  who: { caller: Caller; requestId: string },
  words: string[],
): Promise<string[]> {
  const list = [...new Set(words.map(normalText).filter((w) => w !== ''))].sort();
  const now = app.clock.now();
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sensitive_words').execute();
    if (list.length > 0)
      await trx
        .insertInto('sensitive_words')
        .values(list.map((word) => ({ word })))
        .execute();
    await recordAudit(
      trx,
      { caller: who.caller, requestId: who.requestId, at: now },
      {
        action: 'sensitiveWords.update',
        entity: 'sensitiveWords',
        entityId: null,
        summary: `sensitive words: ${list.length}`,
        params: { count: list.length },
      },
    );
  });
  return list;
}
