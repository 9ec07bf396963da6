/**
 * What the logs may say about a failure: never a statement's bound values or the user's text. A
 * failed query reaches us as drizzle's DrizzleQueryError (its message, `query` and `params` carry
 * the whole statement and every value) wrapping pg's DatabaseError (whose `detail`, `where` and
 * message may quote a value). `safeError` keeps the SQLSTATE, the routine and the table, column and
 * constraint names, and the message (a data exception's with quoted parts and byte dumps blanked); for other errors the
 * name, the message and the stack frames. It is the logger's `err` serializer (app.ts) and the
 * worker's JSON replacer for errors (worker.ts), so every `log.error({ err })` goes through it.
 */
import { DrizzleQueryError } from 'drizzle-orm';

export interface DatabaseErrorShape {
  code: string;
  message: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  schema?: string;
  dataType?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 4;

function isDatabaseError(value: unknown): value is DatabaseErrorShape {
  if (!(value instanceof Error)) return false;
  const candidate = value as Error & { code?: unknown; severity?: unknown; routine?: unknown };
  return (
    typeof candidate.code === 'string' &&
    SQLSTATE.test(candidate.code) &&
    (typeof candidate.severity === 'string' || typeof candidate.routine === 'string')
  );
}

/** pg's DatabaseError in `error` or its causes (drizzle wraps it), if any. */
export function databaseErrorOf(error: unknown): DatabaseErrorShape | undefined {
  let current: unknown = error;
  for (let i = 0; i <= MAX_CAUSES && current instanceof Error; i += 1) {
    if (isDatabaseError(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/** A PostgreSQL message with quoted values and byte dumps blanked ("…"). */
export function redactDatabaseMessage(message: string): string {
  return message
    .replace(/"(?:[^"]|"")*"/g, '"…"')
    .replace(/'(?:[^']|'')*'/g, "'…'")
    .replace(/0x[0-9a-f]{2}(?: 0x[0-9a-f]{2})*/gi, '0x…');
}

/** drizzle's wrapper of a failed statement: its message is the SQL plus its parameters. */
const isQueryWrapper = (error: Error) =>
  error instanceof DrizzleQueryError || error.message.startsWith('Failed query:');

const framesOf = (stack: string | undefined): string =>
  (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/** What a log line says about an error (the shape pino's and Fastify's `err` serializers have). */
export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'A value that is not an Error was thrown.', stack: '' };
  const database = isDatabaseError(error) ? error : undefined;
  if (database)
    return {
      type: 'DatabaseError',
      code: database.code,
      // Data exceptions (class 22) quote the value that failed; other messages quote names only.
      message: database.code.startsWith('22')
        ? redactDatabaseMessage(database.message)
        : database.message,
      ...pick(database, [
        'severity',
        'routine',
        'schema',
        'table',
        'column',
        'constraint',
        'dataType',
      ]),
      stack: framesOf(error.stack),
    };
  const wrapper = isQueryWrapper(error);
  const ownCode = (error as { code?: unknown }).code;
  return {
    type: wrapper ? 'DrizzleQueryError' : error.name,
    message: wrapper ? 'Failed query (statement and values not logged)' : error.message,
    ...(typeof ownCode === 'string' || typeof ownCode === 'number' ? { code: ownCode } : {}),
    stack: framesOf(error.stack),
    ...(error.cause !== undefined && depth < MAX_CAUSES
      ? { cause: safeError(error.cause, depth + 1) }
      : {}),
  };
}

function pick(source: DatabaseErrorShape, keys: ReadonlyArray<keyof DatabaseErrorShape>) {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}
