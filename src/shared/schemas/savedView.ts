/**
 * A saved view (issue 15 item 16): a person's named copy of a list's filters and sort, kept on the
 * server per user. Shared by the server (validation) and the renderer (the save form). The state
 * is the list's own filter state, flat (text, flags and numbers); the list restores it through its
 * own schema, so a view saved by an older version falls back to that list's defaults.
 */
import { z } from 'zod';
import { text, uuid } from './input';

/** The lists that have saved views. */
export const SAVED_VIEW_TABLES = ['document_center'] as const;
export type SavedViewTable = (typeof SAVED_VIEW_TABLES)[number];

export const MAX_SAVED_VIEWS = 50;
export const SAVED_VIEW_NAME_MAX = 80;

export const savedViewNameSchema = text()
  .trim()
  .min(1, 'Name the view.')
  .max(SAVED_VIEW_NAME_MAX, `A view name can be at most ${SAVED_VIEW_NAME_MAX} characters.`);

export const savedViewStateSchema = z
  .record(
    text().max(60),
    z.union([text().max(200), z.boolean(), z.number().int().min(0).max(100_000)]),
  )
  .refine((state) => Object.keys(state).length <= 40, 'A view holds at most 40 settings.');
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

export const saveViewInputSchema = z.object({
  table: z.enum(SAVED_VIEW_TABLES, { error: 'Not a list with saved views.' }),
  name: savedViewNameSchema,
  state: savedViewStateSchema,
});

export const savedViewIdSchema = z.object({ id: uuid('Not a saved view.') });
export const savedViewListSchema = z.object({
  table: z.enum(SAVED_VIEW_TABLES, { error: 'Not a list with saved views.' }),
});
