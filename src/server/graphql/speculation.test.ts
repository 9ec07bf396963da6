import { describe, expect, it } from 'vitest';
import { isSpeculativeRead } from './speculation';

describe('isSpeculativeRead', () => {
  it('allows a query whose root fields are all listed reads', () => {
    expect(
      isSpeculativeRead({ query: 'query($c: ID!) { reviewCounts(company_id: $c) { all } }' }),
    ).toBe(true);
    expect(isSpeculativeRead({ query: '{ legalCases { total } __typename }' })).toBe(true);
  });

  it('refuses mutations, subscriptions and unlisted root fields', () => {
    expect(isSpeculativeRead({ query: 'mutation { signOut }' })).toBe(false);
    expect(isSpeculativeRead({ query: 'subscription { notificationAdded { id } }' })).toBe(false);
    expect(isSpeculativeRead({ query: '{ viewer { user { id } } }' })).toBe(false);
    expect(
      isSpeculativeRead({
        query: '{ reviewCounts(company_id: "x") { all } viewer { sessionId } }',
      }),
    ).toBe(false);
  });

  it('refuses a fragment spread at the root, which could reach any field', () => {
    expect(isSpeculativeRead({ query: '{ ...F } fragment F on Query { signOutEverywhere }' })).toBe(
      false,
    );
  });

  it('judges the operation that operationName selects, and refuses an ambiguous document', () => {
    const document = 'query A { reviewCounts(company_id: "x") { all } } mutation B { signOut }';
    expect(isSpeculativeRead({ query: document, operationName: 'A' })).toBe(true);
    expect(isSpeculativeRead({ query: document, operationName: 'B' })).toBe(false);
    expect(isSpeculativeRead({ query: document })).toBe(false);
    expect(isSpeculativeRead({ query: document, operationName: 'C' })).toBe(false);
  });

  it('refuses what is not a GraphQL request body', () => {
    expect(isSpeculativeRead(undefined)).toBe(false);
    expect(isSpeculativeRead('{ reviewCounts { all } }')).toBe(false);
    expect(isSpeculativeRead({ query: '{ reviewCounts( ' })).toBe(false);
    expect(isSpeculativeRead({ query: '{ rawFiles { total } }', operationName: 7 })).toBe(false);
    expect(isSpeculativeRead({ query: `{ rawFiles { total } }${' '.repeat(20_000)}` })).toBe(false);
  });
});
