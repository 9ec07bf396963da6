import { describe, expect, it } from 'vitest';
import {
  TASK_STATUS,
  TASK_STATUSES,
  TRANSITION_MESSAGES,
  allowedMoves,
  decideTransition,
  isAvailableForQa,
  notificationRecipients,
  statusName,
  type TaskActor,
  type TaskState,
} from './taskStatus';

const ASSIGNEE = 'u-assignee';
const LEAD = 'u-lead';
const QA = 'u-qa';
const STRANGER = 'u-stranger';
const USER_OF: Record<TaskActor | 'none', string> = {
  assignee: ASSIGNEE,
  tech_lead: LEAD,
  qa: QA,
  none: STRANGER,
};

const S = TASK_STATUS;

/** The allowed moves, written out independently of the machine's table: [from, to, actor, reason?]. */
const ALLOWED: Array<[number, number, TaskActor, boolean]> = [
  [S.TODO, S.IN_PROGRESS, 'assignee', false],
  [S.IN_PROGRESS, S.READY_FOR_REVIEW, 'assignee', false],
  [S.FAILED_REVIEW, S.IN_PROGRESS, 'assignee', false],
  [S.FAILED_TESTING, S.IN_PROGRESS, 'assignee', false],
  [S.READY_FOR_REVIEW, S.READY_FOR_TESTING, 'tech_lead', false],
  [S.READY_FOR_REVIEW, S.FAILED_REVIEW, 'tech_lead', true],
  [S.READY_FOR_TESTING, S.COMPLETE, 'qa', false],
  [S.READY_FOR_TESTING, S.FAILED_TESTING, 'qa', true],
];

function task(status_id: number, over: Partial<TaskState> = {}): TaskState {
  return {
    status_id,
    assignee_id: ASSIGNEE,
    qa_id: QA,
    tech_lead_id: LEAD,
    open_subtask_count: 0,
    ...over,
  };
}

const ids = TASK_STATUSES.map((s) => s.id);
const actors = ['assignee', 'tech_lead', 'qa', 'none'] as const;

describe('task status machine: every pair of statuses, for every actor', () => {
  for (const from of ids)
    for (const to of ids)
      for (const actor of actors) {
        const rule = ALLOWED.find(([f, t]) => f === from && t === to);
        const allowed = rule !== undefined && rule[2] === actor;
        it(`${statusName(from)} → ${statusName(to)} by ${actor}: ${allowed ? 'allowed' : 'refused'}`, () => {
          const decision = decideTransition(task(from), USER_OF[actor], to, 'because');
          expect(decision.ok).toBe(allowed);
          if (decision.ok) return;
          if (from === to)
            expect(decision.message).toBe(TRANSITION_MESSAGES.same(statusName(from)));
          else if (!rule)
            expect(decision.message).toBe(
              TRANSITION_MESSAGES.noSuchMove(statusName(from), statusName(to)),
            );
          else
            expect(decision.message).toMatch(
              new RegExp(
                `^Only the task's .+ can move it from ${statusName(from)} to ${statusName(to)}\\.$`,
              ),
            );
        });
      }
});

describe('task status machine: reasons, QA availability, parents', () => {
  it('failing review or testing needs a reason; blank is refused', () => {
    for (const [from, to, actor, needsReason] of ALLOWED) {
      for (const reason of [undefined, null, '', '   ']) {
        const d = decideTransition(task(from), USER_OF[actor], to, reason);
        expect(d.ok).toBe(!needsReason);
        if (!d.ok) expect(d.message).toMatch(/^Give a reason to fail (review|testing)\.$/);
      }
    }
  });

  it('the wrong actor hears which actor may make the move', () => {
    const d = decideTransition(task(S.READY_FOR_REVIEW), ASSIGNEE, S.READY_FOR_TESTING);
    expect(d).toEqual({
      ok: false,
      message: "Only the task's tech lead can move it from Ready for review to Ready for testing.",
    });
    const q = decideTransition(task(S.READY_FOR_TESTING), LEAD, S.COMPLETE);
    expect(q).toEqual({
      ok: false,
      message: "Only the task's QA person can move it from Ready for testing to Complete.",
    });
  });

  it('status 10 with no qa_id is available for QA: nobody can pass or fail it yet', () => {
    const open = task(S.READY_FOR_TESTING, { qa_id: null });
    expect(isAvailableForQa(open)).toBe(true);
    expect(isAvailableForQa(task(S.READY_FOR_TESTING))).toBe(false);
    expect(isAvailableForQa(task(S.READY_FOR_REVIEW, { qa_id: null }))).toBe(false);
    for (const who of [ASSIGNEE, LEAD, QA, STRANGER])
      for (const to of [S.COMPLETE, S.FAILED_TESTING])
        expect(decideTransition(open, who, to, 'r')).toEqual({
          ok: false,
          message: TRANSITION_MESSAGES.availableForQa,
        });
  });

  it('a move whose actor is missing says to assign one', () => {
    expect(decideTransition(task(S.TODO, { assignee_id: null }), LEAD, S.IN_PROGRESS)).toEqual({
      ok: false,
      message: 'This task has no assignee yet; assign one first.',
    });
    expect(
      decideTransition(
        task(S.READY_FOR_REVIEW, { tech_lead_id: null }),
        ASSIGNEE,
        S.FAILED_REVIEW,
        'r',
      ),
    ).toEqual({ ok: false, message: 'This task has no tech lead yet; assign one first.' });
  });

  it('a parent completes only when its subtasks are complete', () => {
    const parent = task(S.READY_FOR_TESTING, { open_subtask_count: 2 });
    expect(decideTransition(parent, QA, S.COMPLETE)).toEqual({
      ok: false,
      message: TRANSITION_MESSAGES.openSubtasks,
    });
    // Failing it is still allowed; completing it once the subtasks are done is too.
    expect(decideTransition(parent, QA, S.FAILED_TESTING, 'broken').ok).toBe(true);
    expect(decideTransition({ ...parent, open_subtask_count: 0 }, QA, S.COMPLETE).ok).toBe(true);
  });

  it('one person holding several roles may make each of their moves', () => {
    const both = task(S.READY_FOR_REVIEW, { assignee_id: LEAD });
    expect(decideTransition(both, LEAD, S.READY_FOR_TESTING).ok).toBe(true);
    expect(allowedMoves(task(S.IN_PROGRESS, { assignee_id: LEAD }), LEAD).map((t) => t.to)).toEqual(
      [S.READY_FOR_REVIEW],
    );
  });

  it('an unknown status is refused by name', () => {
    expect(decideTransition(task(S.TODO), ASSIGNEE, 99)).toEqual({
      ok: false,
      message: 'There is no task status 99.',
    });
  });

  it('allowedMoves lists exactly the allowed table per actor and status', () => {
    for (const from of ids)
      for (const actor of actors) {
        const expected = ALLOWED.filter(([f, , a]) => f === from && a === actor).map(([, t]) => t);
        expect(
          allowedMoves(task(from), USER_OF[actor])
            .map((t) => t.to)
            .sort(),
        ).toEqual(expected.sort());
      }
  });
});

describe('who hears of a transition', () => {
  const parties = { assignee_id: ASSIGNEE, qa_id: QA, tech_lead_id: LEAD };
  it('sends each notification of spec section 4 to the right people', () => {
    expect(notificationRecipients('ready_for_review', parties, ASSIGNEE)).toEqual([LEAD]);
    expect(notificationRecipients('failed_review', parties, LEAD)).toEqual([ASSIGNEE]);
    expect(notificationRecipients('ready_for_testing', parties, LEAD)).toEqual([QA]);
    expect(notificationRecipients('passed_testing', parties, QA)).toEqual([ASSIGNEE, LEAD]);
    expect(notificationRecipients('failed_testing', parties, QA)).toEqual([ASSIGNEE, LEAD]);
  });
  it('never notifies the actor, nor a missing person', () => {
    expect(notificationRecipients('ready_for_testing', { ...parties, qa_id: null }, LEAD)).toEqual(
      [],
    );
    expect(notificationRecipients('passed_testing', { ...parties, assignee_id: LEAD }, QA)).toEqual(
      [LEAD],
    );
    expect(
      notificationRecipients('ready_for_review', { ...parties, tech_lead_id: ASSIGNEE }, ASSIGNEE),
    ).toEqual([]);
  });
});
