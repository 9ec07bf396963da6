import { describe, expect, it } from 'vitest';
import { allowedMoves, TASK_STATUS } from '../../../shared/delivery/taskStatus';
import { columns, defaultBoard, moveTo, neighbourMove, nextFocus } from './board';

const card = (status_id: number, userId: string) => ({
  status_id,
  allowed_moves: allowedMoves(
    { status_id, assignee_id: 'dev', qa_id: 'qa', tech_lead_id: 'lead', open_subtask_count: 0 },
    userId,
  ).map((m) => ({ to_status_id: m.to, label: m.label, needs_reason: m.needsReason })),
});

const t = (id: string, status_id: number) => ({ id, status_id });

describe('task board', () => {
  it('columns follow the machine and hold their tasks', () => {
    const cols = columns([
      { status_id: 3, total_count: 2, next_cursor: null, cards: [t('a', 3), t('b', 3)] },
      { status_id: 10, total_count: 1, next_cursor: null, cards: [t('c', 10)] },
    ]);
    expect(cols.map((c) => c.name)).toEqual([
      'To do',
      'In progress',
      'Ready for review',
      'Failed review',
      'Ready for testing',
      'Failed testing',
      'Complete',
    ]);
    expect(cols.find((c) => c.id === 3)?.tasks).toHaveLength(2);
  });

  it('load more appends to its column; a moved card leaves its column for the top of its new one', () => {
    const loaded = [
      { status_id: 1, total_count: 5, next_cursor: 'c1', cards: [t('a', 1), t('b', 1)] },
      { status_id: 2, total_count: 1, next_cursor: null, cards: [t('x', 2)] },
    ];
    const more = { 1: { status_id: 1, total_count: 5, next_cursor: null, cards: [t('c', 1)] } };
    const moved = new Map([
      ['b', t('b', 2)],
      ['c', t('c', 2)],
    ]);
    const cols = columns(loaded, more, moved);
    const todo = cols.find((c) => c.id === 1)!;
    const doing = cols.find((c) => c.id === 2)!;
    expect(todo.tasks.map((x) => x.id)).toEqual(['a']);
    expect(todo.total).toBe(3);
    expect(todo.next_cursor).toBeNull();
    // The latest move is on top.
    expect(doing.tasks.map((x) => x.id)).toEqual(['c', 'b', 'x']);
    expect(doing.total).toBe(3);
    // Before "load more", the first page's cursor stands.
    expect(columns(loaded).find((c) => c.id === 1)!.next_cursor).toBe('c1');
  });

  it('a drop is a move only where the machine allows it for this viewer', () => {
    const review = card(TASK_STATUS.READY_FOR_REVIEW, 'lead');
    expect(moveTo(review, TASK_STATUS.FAILED_REVIEW)).toMatchObject({ needs_reason: true });
    expect(moveTo(review, TASK_STATUS.READY_FOR_TESTING)).toMatchObject({ needs_reason: false });
    expect(moveTo(review, TASK_STATUS.COMPLETE)).toBeUndefined();
    expect(
      moveTo(card(TASK_STATUS.READY_FOR_REVIEW, 'dev'), TASK_STATUS.READY_FOR_TESTING),
    ).toBeUndefined();
  });

  it('the keyboard moves to the nearest allowed column either side', () => {
    const review = card(TASK_STATUS.READY_FOR_REVIEW, 'lead');
    expect(neighbourMove(review, 1)?.to_status_id).toBe(TASK_STATUS.FAILED_REVIEW);
    expect(neighbourMove(review, -1)).toBeUndefined();
    expect(neighbourMove(card(TASK_STATUS.FAILED_TESTING, 'dev'), -1)?.to_status_id).toBe(
      TASK_STATUS.IN_PROGRESS,
    );
  });

  it('opens the board of the user type', () => {
    expect(defaultBoard('qa')).toBe('qa');
    expect(defaultBoard('tech_lead')).toBe('tech_lead');
    expect(defaultBoard('developer')).toBe('developer');
  });
});

describe('keyboard focus on the board', () => {
  const cols = [
    { tasks: [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }] },
    { tasks: [] },
    { tasks: [{ id: 'c1' }] },
  ];
  it('moves within a column and stops at its ends', () => {
    expect(nextFocus(cols, 'a1', 'ArrowDown')).toBe('a2');
    expect(nextFocus(cols, 'a2', 'ArrowUp')).toBe('a1');
    expect(nextFocus(cols, 'a1', 'ArrowUp')).toBeUndefined();
    expect(nextFocus(cols, 'a3', 'ArrowDown')).toBeUndefined();
    expect(nextFocus(cols, 'a2', 'End')).toBe('a3');
    expect(nextFocus(cols, 'a3', 'Home')).toBe('a1');
    expect(nextFocus(cols, 'a1', 'Home')).toBeUndefined();
  });
  it('skips empty columns sideways and keeps the row where it can', () => {
    expect(nextFocus(cols, 'a3', 'ArrowRight')).toBe('c1');
    expect(nextFocus(cols, 'c1', 'ArrowLeft')).toBe('a1');
    expect(nextFocus(cols, 'c1', 'ArrowRight')).toBeUndefined();
    expect(nextFocus(cols, 'missing', 'ArrowDown')).toBeUndefined();
  });
});
