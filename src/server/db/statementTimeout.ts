/**
 * PostgreSQL's query_canceled (SQLSTATE 57014), as raised by statement_timeout; drizzle wraps the
 * driver's error, so the cause chain is searched.
 */
export function isStatementTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === '57014') return true;
  return false;
}
