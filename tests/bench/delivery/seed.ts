/**
 * Seeds the delivery bench: a provider with one tech lead (also the assignee of every task, so
 * the lead may make the "Start work" move the bench times), a QA person, a customer company with
 * `projects` projects led by the lead, one request per project and `tasks` tasks spread over the
 * projects and the statuses of the machine (a tenth of them "estimated", never on a board).
 * Kept in the data folder: a second run of the same size reuses it.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/connection';
import { insertCompany, insertUser } from '../../../src/server/seed/accounts';

export const LEAD_EMAIL = 'bench.lead@example.com';
export const LEAD_PASSWORD = 'bench-password-1!';
const VERSION = 1;

export async function ensureDeliverySeeded(
  db: Database,
  size: { tasks: number; projects: number },
  log: (line: string) => void,
): Promise<void> {
  await db.execute(
    sql`create table if not exists bench_delivery_seed (tasks integer not null, projects integer not null, version integer not null)`,
  );
  const found = await db.execute<{ tasks: number; projects: number; version: number }>(
    sql`select tasks, projects, version from bench_delivery_seed limit 1`,
  );
  const row = found.rows[0];
  if (row && row.tasks === size.tasks && row.projects === size.projects && row.version === VERSION)
    return;
  if (row) throw new Error('this data folder holds another size: pass another --data folder');
  log(`seeding ${size.tasks} tasks over ${size.projects} projects...`);
  const provider = await insertCompany(db, { name: 'Bench Provider', is_provider: true });
  const customer = await insertCompany(db, { name: 'Bench Customer' });
  const lead = await insertUser(db, {
    companyId: provider.id,
    email: LEAD_EMAIL,
    password: LEAD_PASSWORD,
    firstName: 'Bench',
    lastName: 'Lead',
    userType: 'tech_lead',
  });
  const qa = await insertUser(db, {
    companyId: provider.id,
    email: 'bench.qa@example.com',
    password: LEAD_PASSWORD,
    firstName: 'Bench',
    lastName: 'QA',
    userType: 'qa',
  });
  await db.execute(sql`
    insert into project (name, company_id, tech_lead_id)
    select 'Project ' || lpad(g::text, 3, '0'), ${customer.id}, ${lead.id}
    from generate_series(1, ${size.projects}) g`);
  await db.execute(sql`
    insert into request (title, description, created_by, priority, project_id, request_type_id,
      request_action, company_id, status_id)
    select 'Request of ' || p.name, 'Bench request', ${lead.id}, 2, p.id, 1, 'build', ${customer.id}, 1
    from project p where p.company_id = ${customer.id}`);
  // Statuses in machine order, cycled; every tenth task is "estimated".
  await db.execute(sql`
    with r as (select row_number() over (order by p.name) - 1 as n, r.id as request_id, p.id as project_id
               from request r join project p on p.id = r.project_id where p.company_id = ${customer.id}),
    s as (select array[1, 2, 3, 4, 10, 11, 12] as ids)
    insert into task (name, description, status_id, assignee_id, qa_id, task_type, request_id,
      company_id, project_id, created_by, total_estimated_hours, total_estimated_cost, updated_at)
    select 'Task ' || g, 'Bench task ' || g, s.ids[1 + (g % 7)], ${lead.id}, ${qa.id},
      case when g % 10 = 0 then 'estimated' else 'feature' end, r.request_id, ${customer.id},
      r.project_id, ${lead.id}, 4, 24000, now() - make_interval(secs => g)
    from generate_series(1, ${size.tasks}) g, s
    join r on true
    where r.n = g % ${size.projects}`);
  await db.execute(sql`analyze task`);
  await db.execute(
    sql`insert into bench_delivery_seed (tasks, projects, version) values (${size.tasks}, ${size.projects}, ${VERSION})`,
  );
}
