/**
 * Requests and tasks of the demo's delivery projects: one task in every status of the machine
 * (src/shared/delivery/taskStatus.ts), one waiting for any QA person, a parent with subtasks and
 * priced estimates, so the developer, QA and tech-lead boards each have cards to move. Failed
 * review and failed testing carry the status log that says why.
 */
import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../db/connection';
import { request, talentType } from '../db/schemaDelivery';
import { statusLog, task, taskEstimate } from '../db/schemaTasks';
import { estimateTotals } from '../../shared/delivery/estimates';
import { TASK_STATUS, type TaskStatusId } from '../../shared/delivery/taskStatus';

interface DemoTask {
  name: string;
  status: TaskStatusId;
  /** null: available for QA (status 10 with no qa_id). */
  qa: boolean;
  hours: Array<[talentType: number, hours: number]>;
  why?: string;
  subtasks?: Array<{ name: string; status: TaskStatusId }>;
}

const TASKS: DemoTask[] = [
  { name: 'Vehicle list paging', status: TASK_STATUS.TODO, qa: false, hours: [[3, 6]] },
  {
    name: 'Live map of vehicles',
    status: TASK_STATUS.IN_PROGRESS,
    qa: false,
    hours: [
      [3, 16],
      [1, 2.5],
    ],
    subtasks: [
      { name: 'Map tiles behind the proxy', status: TASK_STATUS.COMPLETE },
      { name: 'Vehicle markers refresh', status: TASK_STATUS.IN_PROGRESS },
    ],
  },
  { name: 'Download button', status: TASK_STATUS.READY_FOR_REVIEW, qa: false, hours: [[3, 4]] },
  {
    name: 'Driver sign-in',
    status: TASK_STATUS.FAILED_REVIEW,
    qa: false,
    hours: [[3, 8]],
    why: 'The session is kept after sign-out.',
  },
  {
    name: 'Trip history export',
    status: TASK_STATUS.READY_FOR_TESTING,
    qa: false,
    hours: [
      [3, 5],
      [5, 2],
    ],
  },
  {
    name: 'Geofence alerts',
    status: TASK_STATUS.READY_FOR_TESTING,
    qa: true,
    hours: [
      [3, 10],
      [5, 3],
    ],
  },
  {
    name: 'Fuel report totals',
    status: TASK_STATUS.FAILED_TESTING,
    qa: true,
    hours: [
      [3, 3],
      [5, 1.5],
    ],
    why: 'Totals are off by one day at month end.',
  },
  {
    name: 'Company logo on reports',
    status: TASK_STATUS.COMPLETE,
    qa: true,
    hours: [
      [3, 1.25],
      [5, 0.5],
    ],
  },
];

export async function seedDemoTasks(
  tx: DatabaseExecutor,
  ids: {
    company: string;
    project: string;
    people: { pm: string; techlead: string; dev: string; qa: string };
  },
): Promise<void> {
  const { people } = ids;
  // Priced at the talent types' own rates, as an estimate made in the app is.
  const rates = new Map(
    (await tx.select({ id: talentType.id, rate: talentType.hourly_rate }).from(talentType)).map(
      (row) => [row.id, row.rate],
    ),
  );
  const [req] = await tx
    .insert(request)
    .values({
      title: 'Fleet portal, release 1',
      description: 'Dispatchers follow their vehicles live and export trips for billing.',
      created_by: people.pm,
      priority: 2,
      project_id: ids.project,
      request_type_id: 1,
      request_action: 'build',
      company_id: ids.company,
      status_id: TASK_STATUS.IN_PROGRESS,
    })
    .returning({ id: request.id });
  if (!req) throw new Error('demo request insert returned no row');

  const insertTask = async (
    name: string,
    status: TaskStatusId,
    qa: string | null,
    hours: DemoTask['hours'],
    parent: string | null,
  ) => {
    const totals = estimateTotals(
      hours.map(([type, h]) => ({
        talent_type_id: type,
        hours: h,
        hourly_rate_cents: rates.get(type) ?? 0,
      })),
    );
    const lines = totals.lines.map((line) => ({
      talent_type_id: line.talent_type_id,
      hours: line.hours,
      hourly_rate: line.hourly_rate_cents,
      cost: line.cost_cents,
    }));
    const [row] = await tx
      .insert(task)
      .values({
        name,
        description: `${name}, as agreed in the release 1 plan.`,
        status_id: status,
        assignee_id: people.dev,
        qa_id: qa,
        task_type: 'feature',
        request_id: req.id,
        parent_id: parent,
        company_id: ids.company,
        project_id: ids.project,
        created_by: people.pm,
        total_estimated_hours: totals.total_estimated_hours,
        total_estimated_cost: totals.total_estimated_cost,
        difficulty_level: 2,
      })
      .returning({ id: task.id });
    if (!row) throw new Error('demo task insert returned no row');
    if (lines.length > 0)
      await tx.insert(taskEstimate).values(lines.map((line) => ({ ...line, task_id: row.id })));
    return row.id;
  };

  for (const t of TASKS) {
    const id = await insertTask(t.name, t.status, t.qa ? people.qa : null, t.hours, null);
    for (const sub of t.subtasks ?? []) await insertTask(sub.name, sub.status, null, [], id);
    if (t.subtasks?.length)
      await tx.update(task).set({ has_child_task: true }).where(eq(task.id, id));
    if (t.why)
      await tx.insert(statusLog).values({
        reference_id: id,
        log_type: 'task',
        company_id: ids.company,
        past_status:
          t.status === TASK_STATUS.FAILED_REVIEW
            ? TASK_STATUS.READY_FOR_REVIEW
            : TASK_STATUS.READY_FOR_TESTING,
        current_status: t.status,
        updated_to: people.dev,
        updated_by: t.status === TASK_STATUS.FAILED_REVIEW ? people.techlead : people.qa,
        reason: t.why,
      });
  }
}
