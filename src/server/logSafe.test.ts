import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { GraphQLError } from 'graphql';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { AppError } from '../shared/errors';
import { failAs, inputErrorOf, parseInput, ValidationError } from './errors';
import { createErrorMasker } from './graphql/errors';
import { installErrorHandler } from './http/errors';
import { databaseErrorOf, redactDatabaseMessage, safeError } from './logSafe';
import { z } from 'zod';

const SECRET = 'Thompson-QME-4711';

/** What a failed insert looks like: pg's error, wrapped by drizzle with the statement and values. */
function failedQuery(code: string, message: string): DrizzleQueryError {
  const database = new pg.DatabaseError(message, 0, 'error');
  Object.assign(database, {
    code,
    severity: 'ERROR',
    routine: 'report_invalid_encoding',
    detail: `Failing row contains (${SECRET}).`,
    where: `unnamed portal parameter $1 = '${SECRET}'`,
  });
  return new DrizzleQueryError(
    'insert into "legal_raw_file" ("name") values ($1)',
    [SECRET],
    database,
  );
}

describe('safeError', () => {
  it('given a failed query, then keeps the SQLSTATE and routine but no statement or value', () => {
    const error = failedQuery('22021', `invalid input syntax for type uuid: "${SECRET}"`);
    const safe = safeError(error);
    const logged = JSON.stringify(safe);
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain('insert into');
    expect(safe).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query (statement and values not logged)',
      cause: {
        type: 'DatabaseError',
        code: '22021',
        routine: 'report_invalid_encoding',
        message: 'invalid input syntax for type uuid: "…"',
      },
    });
    expect(safe.stack).toMatch(/^\s+at /);
  });

  it('given a failure that is not a data exception, then its message (names only) is kept', () => {
    const safe = safeError(failedQuery('42703', 'column "priority" does not exist'));
    expect(safe.cause).toMatchObject({
      code: '42703',
      message: 'column "priority" does not exist',
    });
  });

  it('given other errors and non-errors, then keeps name, message and frames only', () => {
    const error = new Error('the disk is full', { cause: new TypeError('inner') });
    expect(safeError(error)).toMatchObject({
      type: 'Error',
      message: 'the disk is full',
      cause: { type: 'TypeError', message: 'inner' },
    });
    expect(safeError(SECRET)).toEqual({
      type: 'string',
      message: 'A value that is not an Error was thrown.',
      stack: '',
    });
  });
});

describe('redactDatabaseMessage', () => {
  it('given quoted values and byte dumps, then blanks them', () => {
    expect(redactDatabaseMessage('value "2147483648" is out of range for type integer')).toBe(
      'value "…" is out of range for type integer',
    );
    expect(redactDatabaseMessage('invalid byte sequence for encoding "UTF8": 0x00')).toBe(
      'invalid byte sequence for encoding "…": 0x…',
    );
    expect(redactDatabaseMessage("unterminated 'it''s'")).toBe("unterminated '…'");
  });
});

describe('input errors from the database (the safety net)', () => {
  it('given a SQLSTATE the caller can cause, then a 400; other database errors are not input', () => {
    expect(databaseErrorOf(failedQuery('22P02', 'x'))?.code).toBe('22P02');
    for (const code of ['22P02', '22003', '22021', '22P05'])
      expect(inputErrorOf(failedQuery(code, 'x'))).toBeInstanceOf(ValidationError);
    expect(inputErrorOf(failedQuery('23505', 'x'))).toBeUndefined();
    expect(inputErrorOf(new Error('22P02'))).toBeUndefined();
  });

  it('given failAs and such an error, then it answers INVALID_INPUT (400) and still reports it', async () => {
    const reported: unknown[] = [];
    const failing = failAs(
      'CREATE_RAW_FILE_LOG_FAILED',
      () => Promise.reject(failedQuery('22P05', 'unsupported Unicode escape sequence')),
      (error) => reported.push(error),
    );
    await expect(failing).rejects.toMatchObject({ code: 'INVALID_INPUT', status: 400 });
    expect(reported).toHaveLength(1);
    const other = failAs(
      'CREATE_RAW_FILE_LOG_FAILED',
      () => Promise.reject(new Error('x')),
      () => {},
    );
    await expect(other).rejects.toEqual(new AppError('CREATE_RAW_FILE_LOG_FAILED', 500));
  });
});

describe('parseInput', () => {
  const schema = z.object({ csv: z.string(), note: z.string() });
  it('given unstorable text the schema does not check, then refuses it with its path', () => {
    expect(() => parseInput(schema, { csv: 'a', note: 'b\u0000' })).toThrow(ValidationError);
    try {
      parseInput(schema, { csv: 'a', note: '\ud800' });
    } catch (error) {
      expect((error as ValidationError).issues).toEqual([
        { path: 'note', message: expect.stringMatching(/lone surrogate/) },
      ]);
    }
    expect(
      parseInput(schema, { csv: 'a\u0000', note: 'b' }, { textCheckedLater: ['csv'] }),
    ).toEqual({ csv: 'a\u0000', note: 'b' });
  });
});

describe('the safety net at both transports', () => {
  it('given a REST route failing on a value, then 400 INVALID_INPUT; other failures stay 500', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/input', () => Promise.reject(failedQuery('22003', 'out of range')));
    app.get('/other', () => Promise.reject(failedQuery('53300', 'too many connections')));
    const input = await app.inject({ method: 'GET', url: '/input' });
    expect(input.statusCode).toBe(400);
    expect(input.json()).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    expect((await app.inject({ method: 'GET', url: '/other' })).statusCode).toBe(500);
    await app.close();
  });

  it('given a resolver failing on a value, then INVALID_INPUT, and the failure is logged', () => {
    const logged: unknown[] = [];
    const mask = createErrorMasker((error) => logged.push(error));
    const cause = failedQuery('22021', 'invalid byte sequence');
    const masked = mask(new GraphQLError('boom', { originalError: cause })) as GraphQLError;
    expect(masked.extensions.code).toBe('INVALID_INPUT');
    expect(logged).toEqual([cause]);
    const other = mask(new GraphQLError('boom', { originalError: failedQuery('53300', 'x') }));
    expect((other as GraphQLError).extensions.code).toBe('INTERNAL_SERVER_ERROR');
  });
});
