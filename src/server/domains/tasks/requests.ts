/**
 * Requests (delivery-side spec sections 3, 5, 7): the customer company list and the project
 * manager list, create with every required field, update, soft delete. Every read and write is
 * filtered by scope.ts, so a request out of reach answers like a missing one ("Not found.").
 */
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import { userProfile, userType } from '../../db/schema';
import { project, request, requestType } from '../../db/schemaDelivery';
import { delivery, status, task } from '../../db/schemaTasks';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canPlanTasks, canRaiseRequest, deliveryReach, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import {
  createRequestInputSchema,
  EXPERIENCE_ORDER_MESSAGE,
  JOB_FIELDS,
  NOT_SOURCING_MESSAGE,
  requestListInputSchema,
  updateRequestInputSchema,
  type RequestListInput,
} from '../../../shared/delivery/inputs';
import { pagingOffset } from '../../../shared/constants';
import { uuid } from '../../../shared/schemas/input';
import { z } from 'zod';
import { projectScope, requestScope } from './scope';

const creator = alias(userProfile, 'creator');
const creatorType = alias(userType, 'creator_type');

const COLUMNS = {
  id: request.id,
  title: request.title,
  description: request.description,
  created_by: request.created_by,
  priority: request.priority,
  project_id: request.project_id,
  request_type_id: request.request_type_id,
  request_action: request.request_action,
  company_id: request.company_id,
  status_id: request.status_id,
  delivery_id: request.delivery_id,
  is_deleted: request.is_deleted,
  job_settings: sql<string[] | null>`${request.job_settings}`,
  employment_type: request.employment_type,
  compensation_type: request.compensation_type,
  compensation: request.compensation,
  candidate_min_exp: request.candidate_min_exp,
  candidate_max_exp: request.candidate_max_exp,
  is_sourcing: requestType.is_sourcing,
  delivery_title: delivery.title,
  delivery_date: delivery.delivery_date,
  estimated_delivery_date: delivery.estimated_delivery_date,
  created_at: request.created_at,
  updated_at: request.updated_at,
  project_name: project.name,
  request_type_name: requestType.name,
  status_name: status.name,
  created_by_name: sql<string>`${creator.first_name} || ' ' || ${creator.last_name}`,
  task_count: sql<number>`(select count(*)::int from ${task} where ${task.request_id} = ${request.id} and ${task.is_deleted} = false and ${task.parent_id} is null)`,
};

function selectRequests(db: Database) {
  return db
    .select(COLUMNS)
    .from(request)
    .innerJoin(project, eq(project.id, request.project_id))
    .innerJoin(requestType, eq(requestType.id, request.request_type_id))
    .innerJoin(status, eq(status.id, request.status_id))
    .innerJoin(creator, eq(creator.id, request.created_by))
    .innerJoin(creatorType, eq(creatorType.id, creator.user_type_id))
    .leftJoin(delivery, eq(delivery.id, request.delivery_id));
}

export type RequestRecord = Awaited<ReturnType<typeof selectRequests>>[number];

/** The older list query's arguments (one project); the paged list takes several (project_ids). */
const listSchema = z.object({
  list: z.enum(['customer', 'project_manager']),
  project_id: uuid().nullish(),
  request_type_id: z.number().int().min(1).nullish(),
  company_id: uuid().nullish(),
});
const idSchema = z.object({ id: uuid('Not a request.') });

/** The rows of one list within the viewer's reach, narrowed by its filters. */
function listWhere(
  viewer: Viewer,
  input: Pick<RequestListInput, 'list' | 'company_id' | 'request_type_id' | 'project_ids'>,
): SQL | undefined {
  return and(
    eq(request.is_deleted, false),
    requestScope(viewer),
    input.list === 'project_manager'
      ? eq(creatorType.name, 'project_manager')
      : inArray(creatorType.name, ['customer', 'user']),
    input.project_ids?.length ? inArray(request.project_id, input.project_ids) : undefined,
    input.request_type_id ? eq(request.request_type_id, input.request_type_id) : undefined,
    input.company_id ? eq(request.company_id, input.company_id) : undefined,
  );
}

export function createRequestService(db: Database) {
  const select = () => selectRequests(db);

  async function visible(viewer: Viewer, id: string): Promise<RequestRecord> {
    const [row] = await select()
      .where(and(eq(request.id, id), eq(request.is_deleted, false), requestScope(viewer)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** Changing a request: its creator, whoever plans its project's tasks, or its company's own side. */
  async function requireChangeable(viewer: Viewer, id: string): Promise<RequestRecord> {
    const row = await visible(viewer, id);
    const [p] = await db
      .select({ company_id: project.company_id, tech_lead_id: project.tech_lead_id })
      .from(project)
      .where(eq(project.id, row.project_id));
    const allowed =
      row.created_by === viewer.user.id ||
      (p !== undefined && canPlanTasks(viewer, p)) ||
      (deliveryReach(viewer) === 'companies' && canRaiseRequest(viewer));
    if (!allowed) throw new AppError('FORBIDDEN', 403);
    return row;
  }

  /**
   * The request type, status and delivery a write names exist; a delivery must be one of the
   * request's company (another company's answers like a missing one). Answers whether the type
   * is a sourcing one (only those carry the job fields).
   */
  async function checkReferences(values: {
    request_type_id?: number;
    status_id?: number;
    delivery_id?: string | null;
    company_id: string;
  }): Promise<{ is_sourcing: boolean | null }> {
    let is_sourcing: boolean | null = null;
    if (values.request_type_id !== undefined) {
      const [type] = await db
        .select({ id: requestType.id, is_sourcing: requestType.is_sourcing })
        .from(requestType)
        .where(eq(requestType.id, values.request_type_id));
      if (!type) throw new AppError('UNKNOWN_REQUEST_TYPE', 400);
      is_sourcing = type.is_sourcing;
    }
    if (values.status_id !== undefined) {
      const [s] = await db
        .select({ id: status.id })
        .from(status)
        .where(eq(status.id, values.status_id));
      if (!s)
        throw new ValidationError([{ path: 'status_id', message: 'status_id is not a status.' }]);
    }
    if (values.delivery_id) {
      const [d] = await db
        .select({ id: delivery.id })
        .from(delivery)
        .where(
          and(eq(delivery.id, values.delivery_id), eq(delivery.company_id, values.company_id)),
        );
      if (!d)
        throw new ValidationError([
          {
            path: 'delivery_id',
            message: "delivery_id is not a delivery of the request's company.",
          },
        ]);
    }
    return { is_sourcing };
  }

  /** Job fields only on a sourcing request (each one given elsewhere is named). */
  function checkJobFields(input: Partial<Record<(typeof JOB_FIELDS)[number], unknown>>) {
    const given = JOB_FIELDS.filter((field) => input[field] !== undefined && input[field] !== null);
    if (given.length > 0)
      throw new ValidationError(given.map((path) => ({ path, message: NOT_SOURCING_MESSAGE })));
  }

  return {
    /** One of the two lists: requests raised by the company's own people, or by project managers. */
    async list(viewer: Viewer, raw: unknown): Promise<RequestRecord[]> {
      const input = parseInput(listSchema, raw);
      return select()
        .where(
          listWhere(viewer, {
            ...input,
            project_ids: input.project_id ? [input.project_id] : null,
          }),
        )
        .orderBy(desc(request.created_at), desc(request.id))
        .limit(500);
    },

    /** One page of a list (offset page × limit) and how many the whole list holds. */
    async page(
      viewer: Viewer,
      raw: unknown,
    ): Promise<{ items: RequestRecord[]; totalcount: number; page: number; limit: number }> {
      const input = parseInput(requestListInputSchema, raw);
      const where = listWhere(viewer, input);
      const [items, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(request.created_at), desc(request.id))
          .limit(input.limit)
          .offset(pagingOffset(input.page, input.limit)),
        db
          .select({ n: count() })
          .from(request)
          .innerJoin(creator, eq(creator.id, request.created_by))
          .innerJoin(creatorType, eq(creatorType.id, creator.user_type_id))
          .where(where),
      ]);
      return { items, totalcount: total?.n ?? 0, page: input.page, limit: input.limit };
    },

    get: (viewer: Viewer, raw: unknown) => visible(viewer, parseInput(idSchema, raw).id),

    /** The request when the viewer may change it (deliveries.ts asks before touching its delivery). */
    changeable: (viewer: Viewer, id: string) => requireChangeable(viewer, id),

    async create(viewer: Viewer, raw: unknown): Promise<RequestRecord> {
      const input = parseInput(createRequestInputSchema, raw);
      if (!canRaiseRequest(viewer)) throw new AppError('FORBIDDEN', 403);
      if (input.created_by !== viewer.user.id)
        throw new ValidationError([
          { path: 'created_by', message: 'created_by must be the signed-in user.' },
        ]);
      const [p] = await db
        .select({ id: project.id, company_id: project.company_id })
        .from(project)
        .where(
          and(
            eq(project.id, input.project_id),
            eq(project.is_deleted, false),
            projectScope(viewer),
          ),
        );
      if (!p) throw new AppError('NO_PROJECT', 404);
      if (p.company_id !== input.company_id)
        throw new ValidationError([
          { path: 'company_id', message: "company_id must be the project's company." },
        ]);
      const { is_sourcing } = await checkReferences({ ...input, company_id: p.company_id });
      if (!is_sourcing) checkJobFields(input);
      const [row] = await db
        .insert(request)
        .values({
          title: input.title,
          description: input.description,
          created_by: viewer.user.id,
          priority: input.priority,
          project_id: p.id,
          request_type_id: input.request_type_id,
          request_action: input.request_action,
          company_id: p.company_id,
          status_id: input.status_id,
          delivery_id: input.delivery_id ?? null,
          job_settings: input.job_settings ?? null,
          employment_type: input.employment_type ?? null,
          compensation_type: input.compensation_type ?? null,
          compensation: input.compensation ?? null,
          candidate_min_exp: input.candidate_min_exp ?? null,
          candidate_max_exp: input.candidate_max_exp ?? null,
        })
        .returning({ id: request.id });
      if (!row) throw new Error('request insert returned no row');
      return visible(viewer, row.id);
    },

    async update(viewer: Viewer, raw: { id: unknown; input: unknown }): Promise<RequestRecord> {
      const { id } = parseInput(idSchema, { id: raw.id });
      const input = parseInput(updateRequestInputSchema, raw.input);
      const current = await requireChangeable(viewer, id);
      const { is_sourcing } = await checkReferences({ ...input, company_id: current.company_id });
      const sourcing = is_sourcing ?? current.is_sourcing;
      if (!sourcing) checkJobFields(input);
      const min =
        input.candidate_min_exp === undefined ? current.candidate_min_exp : input.candidate_min_exp;
      const max =
        input.candidate_max_exp === undefined ? current.candidate_max_exp : input.candidate_max_exp;
      if (sourcing && min !== null && max !== null && min > max)
        throw new ValidationError([
          { path: 'candidate_min_exp', message: EXPERIENCE_ORDER_MESSAGE },
        ]);
      // Leaving a sourcing type drops the job fields with it.
      const cleared = sourcing
        ? {}
        : Object.fromEntries(JOB_FIELDS.map((field) => [field, null] as const));
      await db
        .update(request)
        .set({ ...input, ...cleared, updated_at: new Date() })
        .where(eq(request.id, id));
      return visible(viewer, id);
    },

    /** Soft delete: the request and its tasks leave every list. */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idSchema, raw);
      await requireChangeable(viewer, id);
      await db.transaction(async (tx) => {
        await tx
          .update(request)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(request.id, id));
        await tx
          .update(task)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(task.request_id, id));
      });
      return id;
    },
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
