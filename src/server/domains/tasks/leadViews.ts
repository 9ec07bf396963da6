/**
 * The tech-lead dashboard and backlog (delivery-side spec sections 6–7). A team lead is the
 * project's tech lead, or a live team member whose talent type is a team-lead type (1, 2 or 4,
 * spec section 9); both views cover only those projects, optionally narrowed to `project_ids`.
 * - dashboard: the requests with tasks in the allowed status ids, counted per status;
 * - backlog: the requests still to plan (no tasks yet, or tasks with no assignee).
 * Tasks of type "estimated" are never counted (they are not work, spec section 4).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { parseInput } from '../../errors';
import type { Viewer } from '../../permissions';
import { TEAM_LEAD_TALENT_TYPE_IDS } from '../../../shared/constants';
import { TASK_STATUSES } from '../../../shared/delivery/taskStatus';
import { int32, uuid } from '../../../shared/schemas/input';
import { z } from 'zod';

const argsSchema = z.object({
  project_ids: z.array(uuid('project_ids holds project ids.')).max(500).nullish(),
  status_ids: z.array(int32(1)).max(50).nullish(),
});

export interface StatusCount {
  status_id: number;
  name: string;
  count: number;
}

export interface TechLeadRequest {
  id: string;
  title: string;
  priority: number;
  project_id: string;
  project_name: string;
  status_id: number;
  status_name: string;
  created_at: Date;
  task_count: number;
  unassigned_count: number;
  total_estimated_hours: number;
  total_estimated_cost: number;
  status_counts: StatusCount[];
}

interface Row {
  id: string;
  title: string;
  priority: number;
  project_id: string;
  project_name: string;
  status_id: number;
  status_name: string;
  created_at: Date | string;
  task_count: number;
  unassigned_count: number;
  hours: string | number;
  cost: string | number;
  counts: Record<string, number> | null;
  [key: string]: unknown;
}

/** Projects the viewer leads: as tech lead, or as a team member of a team-lead talent type. */
export function teamLeadProjects(viewer: Viewer): SQL {
  const me = viewer.user.id;
  const leadTypes = sql.join(
    TEAM_LEAD_TALENT_TYPE_IDS.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(select p.id from project p where p.is_deleted = false and p.tech_lead_id = ${me}
    union select m.project_id from project_team_member m join project p on p.id = m.project_id
      where m.user_profile_id = ${me} and m.is_deleted = false and p.is_deleted = false
        and m.talent_type_id in (${leadTypes}))`;
}

export function createLeadViews(db: Database) {
  async function read(viewer: Viewer, raw: unknown, mode: 'dashboard' | 'backlog') {
    const args = parseInput(argsSchema, raw);
    const projects = args.project_ids?.length
      ? sql`and r.project_id in (${sql.join(
          args.project_ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
    const statusIds = args.status_ids?.length ? args.status_ids : null;
    /** `and <column> in (…)` for the dashboard's allowed status ids; nothing for the backlog. */
    const inStatuses = (column: 't.status_id' | 't2.status_id') =>
      mode === 'dashboard' && statusIds
        ? sql`and ${sql.raw(column)} in (${sql.join(
            statusIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``;
    const keep =
      mode === 'dashboard'
        ? sql`count(t.id) > 0`
        : sql`count(t.id) filter (where t.parent_id is null) = 0 or count(t.id) filter (where t.assignee_id is null) > 0`;
    const result = await db.execute<Row>(sql`
      select r.id, r.title, r.priority, r.project_id, p.name as project_name, r.status_id,
        s.name as status_name, r.created_at,
        (count(t.id) filter (where t.parent_id is null))::int as task_count,
        (count(t.id) filter (where t.assignee_id is null))::int as unassigned_count,
        coalesce(sum(t.total_estimated_hours), 0) as hours,
        coalesce(sum(t.total_estimated_cost), 0) as cost,
        (select json_object_agg(c.status_id, c.n) from (
          select t2.status_id, count(*)::int as n from task t2
          where t2.request_id = r.id and t2.is_deleted = false and t2.task_type <> 'estimated'
            ${inStatuses('t2.status_id')}
          group by t2.status_id) c) as counts
      from request r
      join project p on p.id = r.project_id
      join status s on s.id = r.status_id
      left join task t on t.request_id = r.id and t.is_deleted = false
        and t.task_type <> 'estimated' ${inStatuses('t.status_id')}
      where r.is_deleted = false and r.project_id in ${teamLeadProjects(viewer)} ${projects}
      group by r.id, p.name, s.name
      having ${keep}
      order by p.name, r.priority, r.created_at, r.id
      limit 1000`);
    return result.rows.map((row): TechLeadRequest => ({
      id: row.id,
      title: row.title,
      priority: row.priority,
      project_id: row.project_id,
      project_name: row.project_name,
      status_id: row.status_id,
      status_name: row.status_name,
      created_at: new Date(row.created_at),
      task_count: row.task_count,
      unassigned_count: row.unassigned_count,
      total_estimated_hours: Number(row.hours),
      total_estimated_cost: Number(row.cost),
      status_counts: TASK_STATUSES.filter((s) => (row.counts?.[String(s.id)] ?? 0) > 0).map(
        (s) => ({ status_id: s.id, name: s.name, count: row.counts?.[String(s.id)] ?? 0 }),
      ),
    }));
  }

  return {
    dashboard: (viewer: Viewer, raw: unknown) => read(viewer, raw, 'dashboard'),
    backlog: (viewer: Viewer, raw: unknown) => read(viewer, raw, 'backlog'),
  };
}

export type LeadViews = ReturnType<typeof createLeadViews>;
