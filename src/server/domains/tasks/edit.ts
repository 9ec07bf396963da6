/**
 * A task's edit (planners only): name, description, type, difficulty, and the estimates, steps
 * and references, each list replacing the old one. Estimates are priced again at the talent
 * types' current hourly rates (shared/delivery/estimates.ts: integer cents, half up per line) and
 * the task's totals follow, in one transaction.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { talentType } from '../../db/schemaDelivery';
import { step, task, taskEstimate, taskReference } from '../../db/schemaTasks';
import { parseInput, ValidationError } from '../../errors';
import { canPlanTasks, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import { estimateTotals, type EstimateTotals } from '../../../shared/delivery/estimates';
import { updateTaskInputSchema } from '../../../shared/delivery/inputs';
import { uuid } from '../../../shared/schemas/input';
import { z } from 'zod';
import type { TaskQueries, TaskRecord } from './taskQueries';

/** Prices estimate lines at their talent types' hourly rates; an unknown type is named. */
export async function priceEstimates(
  db: DatabaseExecutor,
  estimates: ReadonlyArray<{ talent_type_id: number; hours: number }>,
): Promise<EstimateTotals> {
  const types = await db
    .select({ id: talentType.id, hourly_rate: talentType.hourly_rate })
    .from(talentType)
    .where(
      inArray(
        talentType.id,
        estimates.map((e) => e.talent_type_id),
      ),
    );
  const rate = new Map(types.map((t) => [t.id, t.hourly_rate]));
  const missingType = estimates.findIndex((e) => !rate.has(e.talent_type_id));
  if (missingType >= 0)
    throw new ValidationError([
      { path: `estimates.${missingType}.talent_type_id`, message: 'Not a talent type.' },
    ]);
  return estimateTotals(
    estimates.map((e) => ({ ...e, hourly_rate_cents: rate.get(e.talent_type_id) ?? 0 })),
  );
}

/** Writes priced estimate lines of a task. */
export async function insertEstimates(
  tx: DatabaseExecutor,
  taskId: string,
  totals: EstimateTotals,
) {
  await tx.insert(taskEstimate).values(
    totals.lines.map((l) => ({
      task_id: taskId,
      talent_type_id: l.talent_type_id,
      hours: l.hours,
      hourly_rate: l.hourly_rate_cents,
      cost: l.cost_cents,
    })),
  );
}

const updateArgsSchema = z.object({ id: uuid('Not a task.'), input: updateTaskInputSchema });

export function createTaskEditor(db: Database, queries: TaskQueries) {
  return {
    async update(viewer: Viewer, raw: unknown): Promise<TaskRecord> {
      const { id, input } = parseInput(updateArgsSchema, raw);
      const row = await queries.find(viewer, id);
      if (!row) throw new AppError('NO_TASK', 404);
      if (!canPlanTasks(viewer, row)) throw new AppError('FORBIDDEN', 403);
      const totals = input.estimates ? await priceEstimates(db, input.estimates) : null;
      await db.transaction(async (tx) => {
        await tx
          .update(task)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.task_type !== undefined ? { task_type: input.task_type } : {}),
            ...(input.difficulty_level !== undefined
              ? { difficulty_level: input.difficulty_level }
              : {}),
            ...(totals
              ? {
                  total_estimated_hours: totals.total_estimated_hours,
                  total_estimated_cost: totals.total_estimated_cost,
                }
              : {}),
            updated_at: new Date(),
          })
          .where(eq(task.id, id));
        if (totals) {
          await tx.delete(taskEstimate).where(eq(taskEstimate.task_id, id));
          await insertEstimates(tx, id, totals);
        }
        if (input.steps) {
          await tx.delete(step).where(eq(step.task_id, id));
          if (input.steps.length)
            await tx.insert(step).values(
              input.steps.map((s) => ({
                title: s.title,
                description: s.description,
                priority: s.priority,
                task_id: id,
              })),
            );
        }
        if (input.references) {
          await tx.delete(taskReference).where(eq(taskReference.task_id, id));
          if (input.references.length)
            await tx
              .insert(taskReference)
              .values(input.references.map((r) => ({ ...r, task_id: id })));
        }
      });
      const updated = await queries.find(viewer, id);
      if (!updated) throw new AppError('NO_TASK', 404);
      return updated;
    },
  };
}

export type TaskEditor = ReturnType<typeof createTaskEditor>;
