import { buildSchema, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkFragment, checkResult, checkVariables } from './check';
import { graphql } from './graphql';

const USER_FIELDS = graphql(`
  fragment CheckTestUser on UserProfile {
    id
    user_type {
      name
    }
    legal_user_type
  }
`);

const VIEWER = graphql(
  `
    query CheckTestViewer($withCompany: Boolean!) {
      viewer {
        user {
          ...CheckTestUser
        }
        ids: company_ids
        company @include(if: $withCompany) {
          created_at
        }
      }
    }
  `,
  [USER_FIELDS],
);

const goodViewer = {
  viewer: {
    user: { id: 'u1', user_type: { name: 'user' }, legal_user_type: null },
    ids: ['c1'],
    company: { created_at: '2026-01-02T03:04:05.000Z' },
  },
};

describe('checkResult', () => {
  it('given a result in shape (fragment, alias, included field), then there are no problems', () => {
    expect(checkResult(VIEWER, goodViewer, { withCompany: true })).toEqual([]);
  });

  it('given a nullable root field that is null, then there are no problems', () => {
    expect(checkResult(VIEWER, { viewer: null }, { withCompany: true })).toEqual([]);
  });

  it('given a field left out by @include(if: false), then its absence is fine', () => {
    const { company: _company, ...viewer } = goodViewer.viewer;
    expect(checkResult(VIEWER, { viewer }, { withCompany: false })).toEqual([]);
    expect(checkResult(VIEWER, { viewer }, { withCompany: true })).toEqual([
      'viewer.company: missing',
    ]);
  });

  it('given wrong scalars, a bad enum value, a null in a non-null list and a number for a date, then each is named by path', () => {
    const bad = {
      viewer: {
        user: { id: 7, user_type: { name: 'emperor' }, legal_user_type: null },
        ids: ['c1', null],
        company: { created_at: 20260102 },
      },
    };
    expect(checkResult(VIEWER, bad, { withCompany: true })).toEqual([
      'viewer.user.id: expected ID, got number',
      'viewer.user.user_type.name: expected one of UserType, got emperor',
      'viewer.ids.1: expected a value, got null',
      'viewer.company.created_at: expected DateTime, got number',
    ]);
  });

  it('given an object where a list belongs, or a list where an object belongs, then it is reported', () => {
    const bad = { viewer: { ...goodViewer.viewer, ids: 'c1', user: [] } };
    expect(checkResult(VIEWER, bad, { withCompany: true })).toEqual([
      'viewer.user: expected object, got array',
      'viewer.ids: expected array, got string',
    ]);
  });

  it('given a scalar the checker does not know, then the check fails rather than passes', () => {
    const schema = buildSchema('scalar Money type Query { price: Money }');
    expect(checkResult(parse('query M { price }'), { price: 5 }, {}, schema)).toEqual([
      'price: no run-time check for Money',
    ]);
  });
});

describe('checkFragment', () => {
  it('given a stored value holding the fragment, then it passes; given one missing a field, then it is named', () => {
    const user = { id: 'u1', user_type: { name: 'user' }, legal_user_type: 'attorney' };
    expect(checkFragment(USER_FIELDS, user)).toEqual([]);
    expect(checkFragment(USER_FIELDS, { id: 'u1', legal_user_type: null })).toEqual([
      'user_type: missing',
    ]);
  });
});

describe('checkVariables', () => {
  it('given a missing required variable or one of the wrong type, then it is reported; given good ones, then none', () => {
    expect(checkVariables(VIEWER, {})).toHaveLength(1);
    expect(checkVariables(VIEWER, { withCompany: 'yes' })).toHaveLength(1);
    expect(checkVariables(VIEWER, { withCompany: false })).toEqual([]);
  });
});
