/**
 * A real LexDesk server for the fuzzer: in this process (tests/support/server.ts), on a fresh
 * migrated database, listening on 127.0.0.1 only, its log captured line by line (warnings and up)
 * so the oracle can see the errors it logged while answering, and the process watched for uncaught
 * exceptions and unhandled rejections.
 */
import { Writable } from 'node:stream';
import { startTestServer, type TestServer } from '../support/server';
import type { LogLine } from './types';

export interface LogSink {
  /** Lines logged so far (a cursor into them: `lines.length`). */
  readonly lines: LogLine[];
}

export interface Harness {
  server: TestServer;
  logs: LogSink;
  /** Uncaught exceptions and unhandled rejections seen so far. */
  crashes: string[];
  close(): Promise<void>;
}

interface LoggedError {
  type?: string;
  message?: string;
  /** A DrizzleQueryError's SQL and bound values (its message repeats them before the cause). */
  query?: string;
  params?: unknown[];
}

/** The error as one line: for a failed query, the statement's start and the database's reason. */
export function errorText(err: LoggedError): string {
  const message = err.message ?? '';
  if (typeof err.query === 'string' && Array.isArray(err.params)) {
    const prefix = `Failed query: ${err.query}\nparams: ${String(err.params)}`;
    const reason = message.startsWith(prefix)
      ? message.slice(prefix.length).replace(/^: /, '')
      : `(reason not found) ${message.slice(-120)}`;
    const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(err.query)?.[1] ?? 'a query';
    return `${err.type ?? 'Error'} on ${table}: ${reason || '(no reason given)'}`;
  }
  return `${err.type ?? 'Error'}: ${message}`;
}

function parseLine(text: string): LogLine | undefined {
  try {
    const parsed = JSON.parse(text) as { level?: number; msg?: string; err?: LoggedError };
    return {
      level: parsed.level ?? 0,
      msg: parsed.msg ?? '',
      ...(parsed.err ? { err: errorText(parsed.err) } : {}),
    };
  } catch {
    return text.trim()
      ? { level: 60, msg: `unparsable log line: ${text.slice(0, 200)}` }
      : undefined;
  }
}

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `non-error thrown: ${String(error)}`;

export async function startHarness(): Promise<Harness> {
  const lines: LogLine[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = parseLine(pending.slice(0, newline));
        if (line) lines.push(line);
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      done();
    },
  });
  const crashes: string[] = [];
  const onException = (error: unknown) => crashes.push(`uncaught exception: ${describe(error)}`);
  const onRejection = (error: unknown) => crashes.push(`unhandled rejection: ${describe(error)}`);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  const server = await startTestServer(
    { logLevel: 'warn' },
    {
      logStream: stream,
      // A sign-in with a password (SmartAdvocate, ContactsLaw) would call the provider: no network here.
      crm: {
        fetch: () => Promise.reject(new Error('no network in the fuzzer')),
        sleep: () => Promise.resolve(),
      },
    },
  );
  return {
    server,
    logs: { lines },
    crashes,
    async close() {
      await server.close();
      process.off('uncaughtException', onException);
      process.off('unhandledRejection', onRejection);
    },
  };
}
