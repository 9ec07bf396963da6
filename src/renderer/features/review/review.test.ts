import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { commandOf, INITIAL_SELECTION, selectionReducer, type SelectionState } from './keyboard';
import {
  inQueue,
  isOfflineError,
  oldestFirst,
  pickNext,
  queueFromSearch,
  reviewDocumentPath,
  rowFromCache,
} from './queue';

const listed = (ids: string[], state: SelectionState = INITIAL_SELECTION) =>
  selectionReducer(state, { type: 'listed', ids });

describe('review queue keyboard', () => {
  it('given keys, then j/↓ is next, k/↑ previous, Enter open, r review; others nothing', () => {
    expect(
      ['j', 'ArrowDown', 'k', 'ArrowUp', 'Enter', 'r', 'x'].map((key) => commandOf({ key })),
    ).toEqual(['next', 'next', 'previous', 'previous', 'open', 'review', null]);
  });

  it('given typing in a field or a modifier held, then keys are not commands', () => {
    expect(commandOf({ key: 'j', targetTag: 'INPUT' })).toBeNull();
    expect(commandOf({ key: 'r', targetTag: 'TEXTAREA' })).toBeNull();
    expect(commandOf({ key: 'r', targetEditable: true })).toBeNull();
    expect(commandOf({ key: 'r', ctrlKey: true })).toBeNull();
    expect(commandOf({ key: 'r', metaKey: true })).toBeNull();
    expect(commandOf({ key: 'j', targetTag: 'TR' })).toBe('next');
  });

  it('given a list, then the first is selected and moves stop at both ends', () => {
    let state = listed(['a', 'b', 'c']);
    expect(state.selectedId).toBe('a');
    state = selectionReducer(state, { type: 'move', delta: -1 });
    expect(state.selectedId).toBe('a');
    state = selectionReducer(state, { type: 'move', delta: 1 });
    state = selectionReducer(state, { type: 'move', delta: 1 });
    state = selectionReducer(state, { type: 'move', delta: 1 });
    expect(state.selectedId).toBe('c');
  });

  it('given the selected document reviewed, then the selection moves to the one after it', () => {
    let state = selectionReducer(listed(['a', 'b', 'c']), { type: 'select', id: 'b' });
    state = selectionReducer(state, { type: 'removed', id: 'b' });
    expect(state).toEqual({ ids: ['a', 'c'], selectedId: 'c' });
    // The last one reviewed: the selection steps back; nothing left: nothing selected.
    state = selectionReducer(state, { type: 'removed', id: 'c' });
    expect(state).toEqual({ ids: ['a'], selectedId: 'a' });
    state = selectionReducer(state, { type: 'removed', id: 'a' });
    expect(state).toEqual({ ids: [], selectedId: null });
  });

  it('given a reload, then the selection stays, or moves past documents that left', () => {
    let state = selectionReducer(listed(['a', 'b', 'c', 'd']), { type: 'select', id: 'b' });
    expect(listed(['a', 'b', 'd'], state).selectedId).toBe('b');
    // b and c left (reviewed elsewhere): the next still listed after b is d.
    state = listed(['a', 'd'], state);
    expect(state.selectedId).toBe('d');
    expect(selectionReducer(state, { type: 'select', id: 'zz' })).toBe(state);
  });
});

describe('next in queue', () => {
  it('given the current document still queued, then the one after it; past the end, the oldest', () => {
    expect(pickNext(['a', 'b', 'c'], ['a', 'b', 'c'], 'b')).toBe('c');
    expect(pickNext([], ['a', 'b', 'c'], 'c')).toBe('a');
  });

  it('given the current document left the queue, then the first still-queued one after it', () => {
    expect(pickNext(['a', 'b', 'c', 'd'], ['a', 'd'], 'b')).toBe('d');
    expect(pickNext(['a', 'b'], ['a'], 'b')).toBe('a');
    // Never seen before (opened from elsewhere): the oldest in the queue.
    expect(pickNext([], ['x', 'y'], 'b')).toBe('x');
  });

  it('given nothing else queued, then null', () => {
    expect(pickNext(['a'], [], 'a')).toBeNull();
    expect(pickNext(['a'], ['a'], 'a')).toBeNull();
  });

  it('builds and reads the details link with its queue', () => {
    const path = reviewDocumentPath('id 1', 'multi_case');
    expect(path).toBe('/documents/id%201?queue=multi_case');
    expect(queueFromSearch(path.split('?')[1] ?? '')).toBe('multi_case');
    expect(queueFromSearch('?queue=bogus')).toBeNull();
    expect(queueFromSearch('')).toBeNull();
  });
});

describe('offline queue', () => {
  it('given no answer from the server, then it is offline; a refusal is not', () => {
    expect(isOfflineError(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isOfflineError(
        new CombinedGraphQLErrors({ errors: [{ message: 'Failed to fetch processed file' }] }),
      ),
    ).toBe(false);
    const response = new Response('', { status: 500 });
    expect(isOfflineError(new ServerError('bad', { response, bodyText: '' }))).toBe(false);
    const gateway = new Response('', { status: 503 });
    expect(isOfflineError(new ServerError('down', { response: gateway, bodyText: '' }))).toBe(true);
    expect(isOfflineError(null)).toBe(false);
  });

  it('given cached documents, then usable ones become rows with defaults, others are skipped', () => {
    const row = rowFromCache({
      id: 'd1',
      name: 'Grocery list',
      company_id: 'c1',
      version: 3,
      url: 'u',
      exception_reasons: ['no_file_type'],
      created_at: '2026-01-02T00:00:00Z',
      __typename: 'ProcessedFile',
    });
    expect(row).toMatchObject({ id: 'd1', version: 3, adj_number: [], legal_file_type: null });
    expect(rowFromCache({ id: 'd2' })).toBeNull();
    expect(
      rowFromCache({ id: 'd3', name: 'x', company_id: 'c', adj_number: 'not a list' }),
    ).toBeNull();
  });

  it('given cached rows, then a kind keeps its own and they list oldest first', () => {
    const make = (id: string, created_at: string, reasons: string[]) =>
      rowFromCache({ id, name: id, company_id: 'c', created_at, exception_reasons: reasons })!;
    const rows = [
      make('new', '2026-02-01T00:00:00Z', ['multi_case']),
      make('old', '2026-01-01T00:00:00Z', ['no_file_type', 'needs_case_number']),
    ];
    expect(oldestFirst(rows).map((r) => r.id)).toEqual(['old', 'new']);
    expect(rows.filter((r) => inQueue(r, 'multi_case')).map((r) => r.id)).toEqual(['new']);
    expect(rows.filter((r) => inQueue(r, 'all'))).toHaveLength(2);
  });
});
