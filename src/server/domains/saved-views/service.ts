/**
 * Saved views (issue 15 item 16): a person's named filters and sort of a list, stored per user and
 * company (table saved_view). Each person sees, saves and deletes only their own views; saving
 * under a name they already use replaces that view. Another person's view answers like a missing
 * one.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { savedView } from '../../db/schemaPipeline';
import { notFound, parseInput, ValidationError } from '../../errors';
import type { Viewer } from '../../permissions';
import {
  MAX_SAVED_VIEWS,
  saveViewInputSchema,
  savedViewIdSchema,
  savedViewListSchema,
  savedViewStateSchema,
  type SavedViewState,
} from '../../../shared/schemas/savedView';

export interface SavedViewRecord {
  id: string;
  table: string;
  name: string;
  state: SavedViewState;
  updated_at: Date;
}

const COLUMNS = {
  id: savedView.id,
  table: savedView.table,
  name: savedView.name,
  state: savedView.state,
  updated_at: savedView.updated_at,
};

/** A stored state read back (a row that no longer fits the schema reads as no settings). */
function record(row: { state: unknown } & Omit<SavedViewRecord, 'state'>): SavedViewRecord {
  const state = savedViewStateSchema.safeParse(row.state);
  return { ...row, state: state.success ? state.data : {} };
}

export function createSavedViewService(db: Database) {
  /** The caller's own company: views belong to the company the person works in. */
  const companyOf = (viewer: Viewer) => viewer.user.company_id;
  const mine = (viewer: Viewer) =>
    and(eq(savedView.user_id, viewer.user.id), eq(savedView.company_id, companyOf(viewer)));

  return {
    /** The caller's views of a list, by name. */
    async list(viewer: Viewer, raw: unknown): Promise<SavedViewRecord[]> {
      const { table } = parseInput(savedViewListSchema, raw);
      const rows = await db
        .select(COLUMNS)
        .from(savedView)
        .where(and(mine(viewer), eq(savedView.table, table)))
        .orderBy(asc(savedView.name));
      return rows.map(record);
    },

    /** Saves a view under its name (replacing the caller's view of that name). */
    async save(viewer: Viewer, raw: unknown): Promise<SavedViewRecord> {
      const input = parseInput(saveViewInputSchema, raw);
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ n: count() })
          .from(savedView)
          .where(and(mine(viewer), eq(savedView.table, input.table)));
        const [same] = await tx
          .select({ id: savedView.id })
          .from(savedView)
          .where(
            and(mine(viewer), eq(savedView.table, input.table), eq(savedView.name, input.name)),
          );
        if (!same && (existing?.n ?? 0) >= MAX_SAVED_VIEWS)
          throw new ValidationError([
            {
              path: 'name',
              message: `You can keep at most ${MAX_SAVED_VIEWS} saved views; delete one first.`,
            },
          ]);
        const [row] = await tx
          .insert(savedView)
          .values({
            user_id: viewer.user.id,
            company_id: companyOf(viewer),
            table: input.table,
            name: input.name,
            state: input.state,
          })
          .onConflictDoUpdate({
            target: [savedView.user_id, savedView.company_id, savedView.table, savedView.name],
            set: { state: input.state, updated_at: new Date() },
          })
          .returning(COLUMNS);
        if (!row) throw new Error('saved view upsert returned no row');
        return record(row);
      });
    },

    /** Deletes one of the caller's views; another person's answers NOT_FOUND like a missing one. */
    async remove(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(savedViewIdSchema, raw);
      const [row] = await db
        .delete(savedView)
        .where(and(mine(viewer), eq(savedView.id, id)))
        .returning({ id: savedView.id });
      if (!row) throw notFound();
      return row.id;
    },
  };
}

export type SavedViewService = ReturnType<typeof createSavedViewService>;
