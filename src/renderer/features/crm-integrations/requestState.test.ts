import { describe, expect, it } from 'vitest';
import { requestReducer, type RequestState } from './requestState';

describe('the request state', () => {
  it('moves idle → loading → succeeded, and keeps the data through a failed reload', () => {
    let state: RequestState<number> = { status: 'idle' };
    state = requestReducer(state, { type: 'start' });
    expect(state).toEqual({ status: 'loading' });
    state = requestReducer(state, { type: 'succeed', data: 3 });
    expect(state).toEqual({ status: 'succeeded', data: 3 });
    state = requestReducer(state, { type: 'start' });
    expect(state).toEqual({ status: 'loading', data: 3 });
    state = requestReducer(state, { type: 'fail', error: 'Failed to fetch integrations' });
    expect(state).toEqual({ status: 'failed', error: 'Failed to fetch integrations', data: 3 });
    expect(requestReducer(state, { type: 'reset' })).toEqual({ status: 'idle' });
  });
});
