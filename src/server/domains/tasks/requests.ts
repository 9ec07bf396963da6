/**
 * Requests (delivery-side spec sections 3, 5, 7): the customer company list and the project
 * manager list, create with every required field, update, soft delete. Every read and write is
 * filtered by scope.ts, so a request out of reach answers like a missing one ("Not found.").
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import { userProfile, userType } from '../../db/schema';
import { project, request, requestType } from '../../db/schemaDelivery';
import { status, task } from '../../db/schemaTasks';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canPlanTasks, canRaiseRequest, deliveryReach, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import {
  createRequestInputSchema,
  updateRequestInputSchema,
  type RequestList,
} from '../../../shared/delivery/inputs';
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
    .innerJoin(creatorType, eq(creatorType.id, creator.user_type_id));
}

export type RequestRecord = Awaited<ReturnType<typeof selectRequests>>[number];

const listSchema = z.object({
  list: z.enum(['customer', 'project_manager']),
  project_id: uuid().nullish(),
  request_type_id: z.number().int().min(1).nullish(),
  company_id: uuid().nullish(),
});
const idSchema = z.object({ id: uuid('Not a request.') });

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

  async function checkReferences(values: { request_type_id?: number; status_id?: number }) {
    if (values.request_type_id !== undefined) {
      const [type] = await db
        .select({ id: requestType.id })
        .from(requestType)
        .where(eq(requestType.id, values.request_type_id));
      if (!type) throw new AppError('UNKNOWN_REQUEST_TYPE', 400);
    }
    if (values.status_id !== undefined) {
      const [s] = await db
        .select({ id: status.id })
        .from(status)
        .where(eq(status.id, values.status_id));
      if (!s)
        throw new ValidationError([{ path: 'status_id', message: 'status_id is not a status.' }]);
    }
  }

  return {
    /** One of the two lists: requests raised by the company's own people, or by project managers. */
    async list(viewer: Viewer, raw: unknown): Promise<RequestRecord[]> {
      const input = parseInput(listSchema, raw);
      const byList = (list: RequestList) =>
        list === 'project_manager'
          ? eq(creatorType.name, 'project_manager')
          : inArray(creatorType.name, ['customer', 'user']);
      return select()
        .where(
          and(
            eq(request.is_deleted, false),
            requestScope(viewer),
            byList(input.list),
            input.project_id ? eq(request.project_id, input.project_id) : undefined,
            input.request_type_id ? eq(request.request_type_id, input.request_type_id) : undefined,
            input.company_id ? eq(request.company_id, input.company_id) : undefined,
          ),
        )
        .orderBy(desc(request.created_at), desc(request.id))
        .limit(500);
    },

    get: (viewer: Viewer, raw: unknown) => visible(viewer, parseInput(idSchema, raw).id),

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
      await checkReferences(input);
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
        })
        .returning({ id: request.id });
      if (!row) throw new Error('request insert returned no row');
      return visible(viewer, row.id);
    },

    async update(viewer: Viewer, raw: { id: unknown; input: unknown }): Promise<RequestRecord> {
      const { id } = parseInput(idSchema, { id: raw.id });
      const input = parseInput(updateRequestInputSchema, raw.input);
      await requireChangeable(viewer, id);
      await checkReferences(input);
      await db
        .update(request)
        .set({ ...input, updated_at: new Date() })
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
