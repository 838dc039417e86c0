/**
 * The most characters of one statement's JSON parameter. A longer string is a large object to
 * V8, allocated outside the young generation and freed only by a full collection: an import's
 * megabyte-long parameters, one per table and batch, grew the server's heap by hundreds of MiB
 * before the collector came; at 48 Ki characters (under V8's 128 KiB for a regular object even
 * when each takes two bytes) they die young. A statement per 48 Ki characters costs little; the
 * import's judging thread sends its batches to the main thread in such pieces too.
 */
export const JSON_PARAMETER_CHARS = 48 * 1024;

/** The rows as JSON arrays of at most `maxRows` rows and about `maxChars` characters (one row at least), in order. */
export function* jsonChunks<T>(
  rows: readonly T[],
  encode: (row: T) => string,
  maxChars = JSON_PARAMETER_CHARS,
  maxRows = 10_000,
): Generator<{ json: string; count: number }> {
  let parts: string[] = [];
  let chars = 2;
  for (const row of rows) {
    const text = encode(row);
    if (parts.length > 0 && (chars + text.length + 1 > maxChars || parts.length >= maxRows)) {
      yield { json: `[${parts.join(',')}]`, count: parts.length };
      parts = [];
      chars = 2;
    }
    parts.push(text);
    chars += text.length + 1;
  }
  if (parts.length > 0) yield { json: `[${parts.join(',')}]`, count: parts.length };
}
