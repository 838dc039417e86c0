/**
 * The `table.column`s a unique constraint refused, or null when the error is anything else.
 * Every dialect words this differently, so that knowledge stays here, next to the dialect:
 * SQLite names them in its message, PostgreSQL (pg and PGlite alike) answers SQLSTATE 23505
 * with the table and a detail "Key (a, b)=(...) already exists."
 */
export function uniqueViolation(err: unknown): string[] | null {
  if (!(err instanceof Error)) return null;
  const { code, table, detail } = err as Error & { code?: unknown; table?: unknown; detail?: unknown };
  if (code === '23505') {
    const columns = typeof detail === 'string' ? /^Key \(([^)]*)\)=/.exec(detail)?.[1] : undefined;
    if (!columns || typeof table !== 'string') return [];
    return columns.split(',').map((c) => `${table}.${c.trim()}`);
  }
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
  const columns = /constraint failed: (.+)$/.exec(err.message)?.[1];
  return columns ? columns.split(',').map((c) => c.trim()) : [];
}

/**
 * A number the database cannot hold in its column (PostgreSQL's 32-bit integers refuse an id
 * of 2^31 or more, SQLSTATE 22003; SQLite stores any 64-bit integer): the caller's input was
 * out of range, a 400, not a fault of the server.
 */
export function outOfRange(err: unknown): boolean {
  return err instanceof Error && (err as Error & { code?: unknown }).code === '22003';
}
