import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs } from '../../graphql/yoga';
import { PROCESSED_FILE_FIELD_KEYS, storedColumns } from './columnsConfig';

describe('column configuration', () => {
  it('given the GraphQL contract, then the configurable keys are exactly the ProcessedFile fields', () => {
    const type = buildSchema(loadTypeDefs()).getType('ProcessedFile') as GraphQLObjectType;
    expect([...PROCESSED_FILE_FIELD_KEYS].sort()).toEqual(Object.keys(type.getFields()).sort());
  });

  it('given stored JSON with a broken entry, then the readable settings are kept in order', () => {
    expect(
      storedColumns([
        { key: 'name', visible: true, width: 240 },
        { key: 'adj_number' },
        { key: 'applicant', visible: false },
      ]),
    ).toEqual([
      { key: 'name', visible: true, width: 240 },
      { key: 'applicant', visible: false, width: null },
    ]);
    expect(storedColumns({ not: 'a list' })).toEqual([]);
  });
});
