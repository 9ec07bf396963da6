/** The workflow list: request states and the rows after each operation. */
import { describe, expect, it } from 'vitest';
import { INITIAL_LIST, listReducer, type ListAction, type WorkflowRow } from './listState';

const row = (id: string, name: string, extra: Partial<WorkflowRow> = {}): WorkflowRow => ({
  id,
  name,
  company_id: 'c1',
  is_active: false,
  is_deleted: false,
  nodes: [],
  updated_at: '2026-11-26T10:00:00Z',
  ...extra,
});
const run = (...actions: ListAction[]) => actions.reduce(listReducer, INITIAL_LIST);

describe('workflow list state', () => {
  it('given a load, then the request goes idle -> loading -> succeeded with rows sorted by name', () => {
    expect(INITIAL_LIST.status).toBe('idle');
    expect(run({ type: 'loadStarted' }).status).toBe('loading');
    const state = run(
      { type: 'loadStarted' },
      { type: 'loadSucceeded', rows: [row('2', 'intake'), row('1', 'Billing')] },
    );
    expect(state.status).toBe('succeeded');
    expect(state.rows.map((r) => r.name)).toEqual(['Billing', 'intake']);
  });

  it('given a failed reload, then the rows shown stay and the message is kept', () => {
    const state = run(
      { type: 'loadSucceeded', rows: [row('1', 'A')] },
      { type: 'loadStarted' },
      { type: 'loadFailed', error: 'Failed to fetch workflows' },
    );
    expect(state.status).toBe('failed');
    expect(state.error).toBe('Failed to fetch workflows');
    expect(state.rows).toHaveLength(1);
  });

  it('given deleted rows in an answer, then they are not listed', () => {
    const state = run({
      type: 'loadSucceeded',
      rows: [row('1', 'A'), row('2', 'B', { is_deleted: true })],
    });
    expect(state.rows.map((r) => r.id)).toEqual(['1']);
  });

  it('given a rename, a duplicate and a delete, then the list follows each answer', () => {
    const state = run(
      { type: 'loadSucceeded', rows: [row('1', 'Intake'), row('2', 'Billing')] },
      { type: 'saved', row: row('1', 'Zeta intake', { is_active: true }) },
      { type: 'saved', row: row('3', 'Copy of Billing') },
      { type: 'removed', id: '2' },
    );
    expect(state.rows.map((r) => [r.name, r.is_active])).toEqual([
      ['Copy of Billing', false],
      ['Zeta intake', true],
    ]);
  });
});
