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

describe('task board', () => {
  it('columns follow the machine and hold their tasks', () => {
    const cols = columns([{ status_id: 3 }, { status_id: 10 }, { status_id: 3 }]);
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
