import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '../../shared/errors';
import { graphql } from '../../shared/graphql/graphql';
import { createValidationLink } from './validation-link';

const THING_FIELDS = graphql(`
  fragment LinkTestThingFields on Company {
    id
    name
  }
`);
const THING_QUERY = graphql(
  `
    query LinkTestThing($id: ID!) {
      company(id: $id) {
        ...LinkTestThingFields
      }
    }
  `,
  [THING_FIELDS],
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
      expect.objectContaining({
        operation: 'LinkTestThing',
        problems: ['company.name: expected String, got number'],
      }),
    );
  });

  it('given the server leaves out a selected field, when queried, then INVALID_RESPONSE_STRUCTURE arrives', async () => {
    const { client } = clientAnswering({ company: { __typename: 'Company', id: '7' } });
    const failure = await client
      .query({ query: THING_QUERY, variables: { id: '7' } })
      .catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure) && failure.errors[0]?.extensions?.['code']).toBe(
      'INVALID_RESPONSE_STRUCTURE',
    );
  });

  it('given variables out of shape, when queried, then nothing is sent and INVALID_INPUT comes back', async () => {
    const { client } = clientAnswering({ company: null });
    const failure = await client
      .query({ query: THING_QUERY, variables: { id: true as unknown as string } })
      .catch((error: unknown) => error);
    expect(CombinedGraphQLErrors.is(failure) && failure.errors[0]?.extensions?.['code']).toBe(
      'INVALID_INPUT',
    );
  });
});
