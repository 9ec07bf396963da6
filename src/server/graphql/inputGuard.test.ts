import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { guardArguments } from './inputGuard';

const echo = (_parent: unknown, args: Record<string, unknown>) => args;
const issuesOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  return undefined;
};

describe('guardArguments', () => {
  const resolvers = guardArguments({
    Query: { rawFiles: echo },
    Mutation: { createRawFile: echo, importLegalCases: echo },
    Subscription: { notificationAdded: { subscribe: echo } },
    Node: { __resolveType: (value: { kind: string }) => value.kind },
  }) as Record<string, Record<string, unknown>>;
  const call = (type: string, field: string, args: Record<string, unknown>) =>
    (resolvers[type]![field] as typeof echo)(undefined, args);

  it('given unstorable text in an argument, then INVALID_INPUT naming it; good args pass', () => {
    expect(issuesOf(() => call('Query', 'rawFiles', { search: 'a\u0000' }))).toEqual([
      { path: 'search', message: expect.stringMatching(/NUL/) },
    ]);
    expect(call('Query', 'rawFiles', { search: 'ok', page: 1 })).toEqual({ search: 'ok', page: 1 });
  });

  it('given an input object, then paths are inside it, as its schema names them', () => {
    const args = { input: { files: [{ name: '\ud800' }] } };
    expect(issuesOf(() => call('Mutation', 'createRawFile', args))).toEqual([
      { path: 'files.0.name', message: expect.stringMatching(/surrogate/) },
    ]);
  });

  it('given the CSV of an import, then it is left to the per-row check; its other args are not', () => {
    expect(call('Mutation', 'importLegalCases', { company_id: 'c', csv: 'a\u0000' })).toEqual({
      company_id: 'c',
      csv: 'a\u0000',
    });
    expect(
      issuesOf(() => call('Mutation', 'importLegalCases', { company_id: '\u0000', csv: '' })),
    ).toEqual([{ path: 'company_id', message: expect.any(String) }]);
  });

  it('given a subscription or __resolveType, then subscribe is checked and __resolveType untouched', () => {
    const subscribe = (resolvers.Subscription!.notificationAdded as { subscribe: typeof echo })
      .subscribe;
    expect(issuesOf(() => subscribe(undefined, { topic: '\u0000' }))).toHaveLength(1);
    const resolveType = resolvers.Node!.__resolveType as (value: { kind: string }) => string;
    expect(resolveType({ kind: 'RawFile' })).toBe('RawFile');
  });
});
