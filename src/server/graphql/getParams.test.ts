import { describe, expect, it } from 'vitest';
import { getParamsError } from './getParams';

describe('getParamsError', () => {
  it('given well-formed GET parameters, then there is no error', () => {
    expect(getParamsError({ query: '{ viewer { user { id } } }' })).toBeUndefined();
    expect(
      getParamsError({ query: 'query Q($a: ID) { x }', variables: '{"a":"1"}' }),
    ).toBeUndefined();
    expect(getParamsError(undefined)).toBeUndefined();
  });

  it('given variables that are not a JSON object, then the field is named', () => {
    for (const variables of ['{not json', '1', '[1]', 'null']) {
      expect(getParamsError({ query: '{ x }', variables })?.issues[0]?.path).toBe('variables');
    }
  });

  it('given a parameter sent twice, then it is refused', () => {
    expect(getParamsError({ query: ['a', 'b'] })?.issues[0]?.path).toBe('query');
    expect(getParamsError({ query: 'a', extensions: ['{}', '{}'] })?.issues[0]?.path).toBe(
      'extensions',
    );
  });
});
