import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERRORS } from '../../shared/errors';
import { createValidationLink } from '../app/validation-link';
import { checkResult, checkVariables, findOperation, fragment, op } from './op';

const Thing = fragment(
  `fragment ThingFields on Company { id name }`,
  z.object({ id: z.string(), name: z.string() }),
);
const THING_QUERY = op(
  `query OpTestThing($id: ID!) { company(id: $id) { ...ThingFields } }`,
  z.object({ company: Thing.schema.nullable() }),
  z.object({ id: z.string() }),
  [Thing],
);

function clientAnswering(data: unknown) {
  const terminal = new ApolloLink(
    () =>
      new Observable((observer) => {
        observer.next({ data: data as Record<string, unknown> });
        observer.complete();
      }),
  );
  const report = vi.fn();
  const client = new ApolloClient({
    link: ApolloLink.from([createValidationLink(report), terminal]),
    cache: new InMemoryCache(),
  });
  return { client, report };
}

describe('op()', () => {
  it('given a document with a fragment, when built, then it is registered under its operation name with the fragment appended', () => {
    const spec = findOperation('OpTestThing');
    expect(spec?.kind).toBe('query');
    expect(spec?.source).toContain('fragment ThingFields on Company');
    expect(THING_QUERY.definitions).toHaveLength(2);
  });

  it('given a document without a name, when built, then it is refused', () => {
    expect(() => op(`query { viewer { company_ids } }`, z.unknown())).toThrow(/named operation/);
  });

  it('given a second, different operation with a taken name, when built, then it is refused', () => {
    expect(() => op(`query OpTestThing { setupStatus { needs_setup } }`, z.unknown())).toThrow(
      /both named OpTestThing/,
    );
  });

  it('given a result of the right shape, when checked, then it passes; given a wrong one, then the problem is named', () => {
    expect(checkResult('OpTestThing', { company: { id: '1', name: 'Acme' } })).toEqual({
      ok: true,
    });
    const bad = checkResult('OpTestThing', { company: { id: 1 } });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.problems.join(' ')).toMatch(/company\.id/);
  });

  it('given variables missing a required value, when checked, then they fail', () => {
    expect(checkVariables('OpTestThing', {}).ok).toBe(false);
    expect(checkVariables('OpTestThing', { id: 'x' }).ok).toBe(true);
  });
});

describe('the validation link', () => {
  it('given the server answers in shape, when queried, then the data arrives untouched', async () => {
    const { client, report } = clientAnswering({
      company: { __typename: 'Company', id: '7', name: 'Acme' },
    });
    const { data } = await client.query({ query: THING_QUERY, variables: { id: '7' } });
    expect(data?.company?.name).toBe('Acme');
    expect(report).not.toHaveBeenCalled();
  });

  it('given the server answers out of shape, when queried, then a clear error with the catalogue code arrives instead of data', async () => {
    const { client, report } = clientAnswering({
      company: { __typename: 'Company', id: '7', name: 42 },
    });
    const failure = await client
      .query({ query: THING_QUERY, variables: { id: '7' } })
      .catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure)).toBe(true);
    if (!CombinedGraphQLErrors.is(failure)) return;
    expect(failure.errors[0]?.message).toBe(ERRORS.INVALID_RESPONSE_STRUCTURE);
    expect(failure.errors[0]?.extensions?.['code']).toBe('INVALID_RESPONSE_STRUCTURE');
    expect(report).toHaveBeenCalledWith(
      expect.stringMatching(/does not match/),
      expect.objectContaining({ operation: 'OpTestThing' }),
    );
  });

  it('given variables out of shape, when queried, then nothing is sent and INVALID_INPUT comes back', async () => {
    const { client } = clientAnswering({ company: null });
    const failure = await client
      .query({ query: THING_QUERY, variables: { id: 5 as unknown as string } })
      .catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure) && failure.errors[0]?.extensions?.['code']).toBe(
      'INVALID_INPUT',
    );
  });
});
