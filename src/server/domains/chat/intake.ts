/**
 * Intake scripts and their metadata (subject, dialog, required_data; spec sections 3 "Chat", 7
 * "Chat" and "Users, integrations and intake", 9): a company's staff create, update, list (page 1,
 * page size 5 by default, newest first) and soft-delete them. A script and its metadata are written
 * in one transaction. Another company's script answers like a missing one.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  createIntakeScriptInput,
  idInput,
  INTAKE_PAGE_DEFAULT,
  INTAKE_PAGE_SIZE_DEFAULT,
  intakeListInput,
  updateIntakeScriptInput,
} from '../../../shared/chat';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { intakeMetadata, intakeScript } from '../../db/schemaChat';
import { notFound, parseInput } from '../../errors';
import { canViewCompany, type Viewer } from '../../permissions';
import { INTAKE_SCRIPT_VIEW } from './repository';

export function createIntakeService(db: Database) {
  const live = (companyIds: readonly string[]) =>
    and(inArray(intakeScript.company_id, [...companyIds]), eq(intakeScript.is_deleted, false));

  const views = (ex: DatabaseExecutor) =>
    ex
      .select(INTAKE_SCRIPT_VIEW)
      .from(intakeScript)
      .innerJoin(intakeMetadata, eq(intakeMetadata.intake_id, intakeScript.id))
      .leftJoin(userProfile, eq(userProfile.id, intakeScript.created_by));

  async function one(ex: DatabaseExecutor, viewer: Viewer, id: string) {
    const [row] = await views(ex)
      .where(and(eq(intakeScript.id, id), live(viewer.companyIds)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  async function lock(ex: DatabaseExecutor, viewer: Viewer, id: string) {
    const [row] = await ex
      .select({ id: intakeScript.id })
      .from(intakeScript)
      .where(and(eq(intakeScript.id, id), live(viewer.companyIds)))
      .for('update')
      .limit(1);
    if (!row) throw notFound();
  }

  return {
    async list(viewer: Viewer, raw: unknown) {
      const input = parseInput(intakeListInput, raw);
      const company = input.company_id ?? viewer.user.company_id;
      if (!canViewCompany(viewer, company)) throw new AppError('NO_COMPANY', 404);
      const page = input.page ?? INTAKE_PAGE_DEFAULT;
      const page_size = input.page_size ?? INTAKE_PAGE_SIZE_DEFAULT;
      const where = live([company]);
      const [items, [total]] = await Promise.all([
        views(db)
          .where(where)
          .orderBy(desc(intakeScript.created_at), desc(intakeScript.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
        db.select({ n: count() }).from(intakeScript).where(where),
      ]);
      const n = total?.n ?? 0;
      return {
        items,
        total: n,
        page,
        page_size,
        total_pages: Math.max(1, Math.ceil(n / page_size)),
      };
    },

    get(viewer: Viewer, raw: unknown) {
      return one(db, viewer, parseInput(idInput, raw).id);
    },

    async create(viewer: Viewer, raw: unknown) {
      const input = parseInput(createIntakeScriptInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      const id = await db.transaction(async (tx) => {
        const [script] = await tx
          .insert(intakeScript)
          .values({ company_id: input.company_id, title: input.title, created_by: viewer.user.id })
          .returning({ id: intakeScript.id });
        await tx.insert(intakeMetadata).values({
          intake_id: script!.id,
          subject: input.subject,
          dialog: input.dialog,
          required_data: input.required_data,
        });
        return script!.id;
      });
      return one(db, viewer, id);
    },

    async update(viewer: Viewer, raw: unknown) {
      const input = parseInput(updateIntakeScriptInput, raw);
      await db.transaction(async (tx) => {
        await lock(tx, viewer, input.id);
        const now = new Date();
        await tx
          .update(intakeScript)
          .set({
            ...(input.title !== undefined ? { title: input.title } : {}),
            last_updated_at: now,
          })
          .where(eq(intakeScript.id, input.id));
        await tx
          .update(intakeMetadata)
          .set({
            ...(input.subject !== undefined ? { subject: input.subject } : {}),
            ...(input.dialog !== undefined ? { dialog: input.dialog } : {}),
            ...(input.required_data !== undefined ? { required_data: input.required_data } : {}),
            updated_at: now,
          })
          .where(eq(intakeMetadata.intake_id, input.id));
      });
      return one(db, viewer, input.id);
    },

    /** Soft delete: rooms that followed it keep their answers and follow no script from now. */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idInput, raw);
      await db.transaction(async (tx) => {
        await lock(tx, viewer, id);
        await tx
          .update(intakeScript)
          .set({ is_deleted: true, last_updated_at: new Date() })
          .where(eq(intakeScript.id, id));
      });
      return id;
    },
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
