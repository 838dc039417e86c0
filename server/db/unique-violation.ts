/**
 * The `table.column`s a unique constraint refused, or null when the error is anything else.
 * Every dialect words this differently, so that knowledge stays here, next to the dialect.
 */
export function uniqueViolation(err: unknown): string[] | null {
  if (!(err instanceof Error)) return null;
  const code = (err as Error & { code?: unknown }).code;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
  const columns = /constraint failed: (.+)$/.exec(err.message)?.[1];
  return columns ? columns.split(',').map((c) => c.trim()) : [];
}
