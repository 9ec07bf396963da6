/**
 * Schedule triggers (croner). Each active workflow whose trigger is a schedule has one
 * workflow_schedule row, armed when its cron (or zone) was first seen active: times before that
 * never fire. A tick (at start, then at the next cron time of any schedule, at least every
 * minute) fires, per schedule, the latest cron time not after now that is later than both the
 * arming and the last fired time: a process that was down over several times fires the latest
 * one once, not each. Firing moves `last_fired_for` forward with a compare-and-set under the
 * row lock, in the same transaction that starts the run (whose unique index on workflow and
 * time backs it up): two server processes ticking together, or a restart ticking again, start
 * each time's run exactly once. The clock is injected so tests move time by hand.
 */
import { Cron } from 'croner';
import { dueTime } from '../../../../shared/cron';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { NODE_KINDS, type WorkflowNode } from '../../../../shared/workflows';
import type { Database } from '../../../db/connection';
import { workflow, workflowSchedule } from '../../../db/schemaWorkflows';
import type { PipelineLog } from '../../pipeline/queue';
import { graphOf, startRun } from './runs';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The longest wait between ticks, so a schedule saved meanwhile is armed within a minute. */
const MAX_WAIT_MS = 60_000;

interface ScheduleDeps {
  db: Database;
  clock: Clock;
  log: PipelineLog;
  send(nodeLogIds: string[]): Promise<void>;
}

function cronOf(expression: string, timezone: string): Cron {
  return new Cron(expression, { paused: true, ...(timezone ? { timezone } : {}) });
}

export function createScheduler({ db, clock, log, send }: ScheduleDeps) {
  /** Arms the schedules of active workflows, re-arms changed ones, drops the others. */
  async function arm(now: Date): Promise<void> {
    const rows = await db
      .select({ id: workflow.id, nodes: workflow.nodes })
      .from(workflow)
      .where(
        and(
          eq(workflow.is_active, true),
          eq(workflow.is_deleted, false),
          sql`${workflow.nodes} @> '[{"type":"trigger.schedule"}]'::jsonb`,
        ),
      );
    const armed: Array<{ workflow_id: string; cron: string; timezone: string }> = [];
    for (const row of rows) {
      const trigger = (row.nodes as WorkflowNode[]).find((n) => n.type === 'trigger.schedule');
      const parsed = NODE_KINDS['trigger.schedule'].config.safeParse(trigger?.data.config);
      if (parsed.success)
        armed.push({ workflow_id: row.id, cron: parsed.data.cron, timezone: parsed.data.timezone });
    }
    await db.delete(workflowSchedule).where(
      armed.length > 0
        ? notInArray(
            workflowSchedule.workflow_id,
            armed.map((a) => a.workflow_id),
          )
        : undefined,
    );
    if (armed.length === 0) return;
    await db
      .insert(workflowSchedule)
      .values(armed.map((a) => ({ ...a, armed_at: now })))
      .onConflictDoUpdate({
        target: workflowSchedule.workflow_id,
        set: {
          cron: sql`excluded.cron`,
          timezone: sql`excluded.timezone`,
          armed_at: sql`excluded.armed_at`,
          last_fired_for: null,
        },
        setWhere: sql`(${workflowSchedule.cron}, ${workflowSchedule.timezone}) is distinct from (excluded.cron, excluded.timezone)`,
      });
  }

  /** Starts the run of one due time unless another process (or an earlier tick) did. */
  async function fire(
    schedule: typeof workflowSchedule.$inferSelect,
    due: Date,
  ): Promise<{ fired: boolean; queued: string[] }> {
    const none = { fired: false, queued: [] };
    return db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(workflowSchedule)
        .set({ last_fired_for: due })
        .where(
          and(
            eq(workflowSchedule.workflow_id, schedule.workflow_id),
            eq(workflowSchedule.armed_at, schedule.armed_at),
            sql`(${workflowSchedule.last_fired_for} is null or ${workflowSchedule.last_fired_for} < ${due})`,
          ),
        )
        .returning();
      if (!claimed) return none;
      const [wf] = await tx
        .select({ id: workflow.id, company_id: workflow.company_id, version: workflow.version })
        .from(workflow)
        .where(
          and(
            eq(workflow.id, schedule.workflow_id),
            eq(workflow.is_active, true),
            eq(workflow.is_deleted, false),
          ),
        );
      if (!wf) return none;
      const graph = await graphOf(tx, wf.id, wf.version);
      const trigger = graph.nodes.find((n) => n.type === 'trigger.schedule');
      if (!trigger) return none;
      const queued = await startRun(
        tx,
        wf,
        graph,
        trigger,
        { trigger: 'schedule', scheduled_for: due },
        { scheduled_for: due.toISOString(), cron: schedule.cron, timezone: schedule.timezone },
      );
      return { fired: true, queued };
    });
  }

  /** Fires every due schedule; returns the time of the next cron time (undefined: none). */
  async function tick(): Promise<{ started: number; next?: Date }> {
    const now = clock();
    await arm(now);
    const schedules = await db.select().from(workflowSchedule);
    let started = 0;
    let next: Date | undefined;
    for (const schedule of schedules) {
      let cron: Cron;
      try {
        cron = cronOf(schedule.cron, schedule.timezone);
      } catch (error) {
        log.error(
          { workflowId: schedule.workflow_id, error: String(error) },
          'workflow schedule cannot be read',
        );
        continue;
      }
      const last = schedule.last_fired_for ?? schedule.armed_at;
      const after = last > schedule.armed_at ? last : schedule.armed_at;
      const due = dueTime(cron, after, now);
      if (due) {
        const { fired, queued } = await fire(schedule, due);
        if (fired) started += 1;
        await send(queued);
      }
      const upcoming = cron.nextRun(now);
      if (upcoming && (!next || upcoming < next)) next = upcoming;
    }
    return { started, ...(next ? { next } : {}) };
  }

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();

  /** Ticks now and then at each next cron time (at least every minute) until `stop`. */
  function start(): void {
    const loop = () => {
      if (stopped) return;
      running = tick()
        .then(({ next }) => next)
        .catch((error: unknown) => {
          log.error({ error: String(error) }, 'workflow schedules could not be fired');
          return undefined;
        })
        .then((next) => {
          if (stopped) return;
          const wait = next ? next.getTime() - clock().getTime() : MAX_WAIT_MS;
          timer = setTimeout(loop, Math.min(MAX_WAIT_MS, Math.max(50, wait)));
          timer.unref();
        });
    };
    loop();
  }

  return {
    tick,
    start,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
