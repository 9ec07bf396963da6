/**
 * Task requests of the demo law firm (Harbor & Vine) to the delivery team, one or more in each
 * status, written through the task request service (domains/legal-requests) as the firm's people
 * and the provider's manager would: so every status move, subtask, comment, assignment and review
 * has the activity rows the service writes, and the Completed one got there the way the rules allow
 * (its subtask completed first). Runs inside the demo seed's transaction (each service call a
 * savepoint of it), so it is seeded once with the rest or not at all.
 *
 * In one transaction every row would carry the same time (now() is the transaction's start), and
 * lists ordered by time would show them in an arbitrary order. So after each step the rows that
 * step wrote (those still at or after now()) are dated back to that step's place in a history of
 * the last two weeks, 9 hours apart: only the times are set here, every row is the service's.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { userProfile, type UserTypeName } from '../db/schema';
import { createLegalRequestRepository } from '../domains/legal-requests/repository';
import { createLegalRequestService } from '../domains/legal-requests/service';
import type { Viewer } from '../permissions';

export interface DemoTaskRequestPeople {
  firm: string;
  provider: string;
  admin: string;
  attorney: string;
  paralegal: string;
  /** The provider's internal manager assigned to the firm: works the requests. */
  manager: string;
  /** The provider's project manager: the assignee. */
  pm: string;
}

export async function seedDemoTaskRequests(
  tx: Database,
  people: DemoTaskRequestPeople,
): Promise<void> {
  const service = createLegalRequestService(createLegalRequestRepository(tx));
  const rows = await tx
    .select()
    .from(userProfile)
    .where(
      inArray(userProfile.id, [people.admin, people.attorney, people.paralegal, people.manager]),
    );
  const as = (id: string, userType: UserTypeName, companyIds: string[]): Viewer => {
    const user = rows.find((r) => r.id === id);
    if (!user) throw new Error(`demo user ${id} missing`);
    return { user, userType, sessionId: 'demo-seed', companyIds, managedCompanyIds: [] };
  };
  const firm = [people.firm];
  const paralegal = as(people.paralegal, 'user', firm);
  const attorney = as(people.attorney, 'user', firm);
  const admin = as(people.admin, 'customer', firm);
  const manager = as(people.manager, 'internal_manager', [people.provider, people.firm]);

  let steps = 0;
  /** Dates the rows the last step wrote: 14 days ago, then 9 hours later for each step. */
  async function dated<T>(written: Promise<T>): Promise<T> {
    const result = await written;
    const at = sql`now() - interval '14 days' + ${steps} * interval '9 hours'`;
    steps += 1;
    await tx.execute(sql`
      update legal_request_activity a set created_at = ${at} from legal_request r
      where r.id = a.legal_request_id and r.company_id = ${people.firm} and a.created_at >= now()`);
    await tx.execute(sql`
      update legal_request_comment c
      set created_at = case when c.created_at >= now() then ${at} else c.created_at end,
        updated_at = ${at}
      from legal_request r
      where r.id = c.request_id and r.company_id = ${people.firm}
        and (c.created_at >= now() or c.updated_at >= now())`);
    await tx.execute(sql`
      update legal_request
      set created_at = case when created_at >= now() then ${at} else created_at end,
        updated_at = ${at}
      where company_id = ${people.firm} and (created_at >= now() or updated_at >= now())`);
    return result;
  }
  const file = (viewer: Viewer, input: Record<string, unknown>) =>
    dated(service.create(viewer, { company_id: people.firm, ...input }));
  const say = (viewer: Viewer, requestId: string, comment: string) =>
    dated(service.addComment(viewer, { request_id: requestId, comment }));
  const work = (input: Record<string, unknown>) => dated(service.work(manager, input));
  const update = (viewer: Viewer, input: Record<string, unknown>) =>
    dated(service.update(viewer, input));

  // In Progress, worked by the delivery team, with an open subtask.
  const claims = await file(admin, {
    requested_by: people.admin,
    headline: 'Import 2019 claim files',
    priority: 'High',
    category: 'Data migration',
    due_date: '2027-01-15',
    details:
      'Bring the 2019 workers’ comp claim files from the old file share into LexDesk, each matched to its case.',
  });
  await file(paralegal, {
    requested_by: people.paralegal,
    parent_task_id: claims.id,
    headline: 'Map the 2019 claim folders to case numbers',
    priority: 'Medium',
    category: 'Data migration',
    due_date: '2026-12-18',
    details: 'Folders are named by applicant; list the case number each one belongs to.',
  });
  await work({
    id: claims.id,
    assignee_id: people.pm,
    automation_review_status: 'In Review',
  });
  await say(admin, claims.id, 'About 1,200 folders, mostly scanned PDFs. Paula has the share.');
  await say(manager, claims.id, 'Priya will run a sample of 50 first and send the match report.');

  // On Hold, waiting on the firm.
  const qme = await file(attorney, {
    requested_by: people.attorney,
    headline: 'Automate QME report intake',
    priority: 'Medium',
    category: 'Automation',
    due_date: '2027-02-26',
    details:
      'Read incoming QME reports, file them under the case and flag the impairment rating for review.',
  });
  await work({ id: qme.id, automation_review_status: 'Automatable' });
  await say(manager, qme.id, 'Automatable. Could you send us five recent QME reports as samples?');
  await update(attorney, { id: qme.id, status: 'On Hold' });
  await say(attorney, qme.id, 'On hold until the samples are cleared with the clients.');

  // Completed: its subtask done first, as the rules require.
  const calendar = await file(paralegal, {
    requested_by: people.paralegal,
    headline: 'Weekly hearing calendar export',
    priority: 'Low',
    category: 'Reports',
    due_date: '2026-11-20',
    details: 'Every Monday, a list of the week’s WCAB hearings by attorney, as a spreadsheet.',
  });
  const columns = await file(paralegal, {
    requested_by: people.paralegal,
    parent_task_id: calendar.id,
    headline: 'Agree the spreadsheet columns',
    priority: 'Low',
    category: 'Reports',
    due_date: '2026-11-13',
    details: 'Case number, applicant, hearing type, venue, date and time, attorney.',
  });
  await work({ id: calendar.id, assignee_id: people.pm });
  await update(paralegal, { id: columns.id, status: 'Completed' });
  await say(
    manager,
    calendar.id,
    'The first export went out on Monday; it runs weekly from now on.',
  );
  await update(paralegal, { id: calendar.id, status: 'Completed' });

  // In Progress, new: its priority raised after filing.
  const deadlines = await file(paralegal, {
    requested_by: people.attorney,
    headline: 'Deadline reminders for petitions',
    priority: 'Medium',
    category: 'Notifications',
    due_date: '2027-03-12',
    details: 'Remind the attorney 10 and 3 days before a petition’s filing deadline.',
  });
  await update(attorney, { id: deadlines.id, priority: 'Urgent' });
  await say(attorney, deadlines.id, 'Raised: we nearly missed one last month.');
}
