/**
 * Notification rules (spec sections 3, 5, 7): readers of a company list its rules (with the
 * filter queries), read one, its stats and its history; its managers create, update, delete and
 * toggle them. `rules` arrives as JSON text, is parsed with shared/notifications/rules.ts (bad
 * JSON or a bad shape: INVALID_INPUT naming `rules...`), its file types and legal staff must be
 * the company's, and it is stored as the normalised JSON text. Rules default to active. Another
 * tenant's rule answers like a missing one.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  createRuleInput,
  historyInput,
  listRulesInput,
  toggleRuleInput,
  updateRuleInput,
} from '../../../shared/notifications/inputs';
import { parseRulesText, type NotificationRules } from '../../../shared/notifications/rules';
import type { Database } from '../../db/connection';
import { legalStaff } from '../../db/schemaPeople';
import { legalFileType } from '../../db/schemaPipeline';
import { notificationSubscription, type NotificationSubscriptionRow } from '../../db/schemaNotify';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import { createRuleQueries } from './queries';

export function createNotificationRuleService(db: Database) {
  const queries = createRuleQueries(db);

  /** Parses and checks rules JSON against the company; returns the normalised JSON text. */
  async function checkedRules(companyId: string, raw: string): Promise<string> {
    const parsed = parseRulesText(raw);
    if (!parsed.ok) throw new ValidationError(parsed.issues);
    const rules: NotificationRules = parsed.rules;
    const types = rules.trigger.metadata.file_types;
    if (types.length > 0) {
      const found = await db
        .select({ id: legalFileType.id })
        .from(legalFileType)
        .where(
          and(
            eq(legalFileType.company_id, companyId),
            eq(legalFileType.is_deleted, false),
            inArray(legalFileType.id, types),
          ),
        );
      if (found.length !== types.length)
        throw new ValidationError([
          { path: 'rules.trigger.metadata.file_types', message: 'Unknown document type.' },
        ]);
    }
    const staff = rules.recipients.legal_staff;
    if (staff.length > 0) {
      const found = await db
        .select({ id: legalStaff.id })
        .from(legalStaff)
        .where(
          and(
            eq(legalStaff.company_id, companyId),
            eq(legalStaff.is_deleted, false),
            inArray(legalStaff.id, staff),
          ),
        );
      if (found.length !== staff.length)
        throw new ValidationError([
          { path: 'rules.recipients.legal_staff', message: 'Unknown legal staff member.' },
        ]);
    }
    return JSON.stringify(rules);
  }

  /** The rule if the viewer sees its company (else NOT_FOUND, as for a missing id). */
  async function visible(viewer: Viewer, id: string): Promise<NotificationSubscriptionRow> {
    const [row] = await db
      .select()
      .from(notificationSubscription)
      .where(eq(notificationSubscription.id, id));
    if (!row || !canViewCompany(viewer, row.company_id)) throw notFound();
    return row;
  }

  async function managed(viewer: Viewer, id: string): Promise<NotificationSubscriptionRow> {
    const row = await visible(viewer, id);
    if (!canManageCompany(viewer, row.company_id)) throw new AppError('FORBIDDEN', 403);
    return row;
  }

  async function setFields(
    id: string,
    values: Partial<typeof notificationSubscription.$inferInsert>,
  ): Promise<NotificationSubscriptionRow> {
    const [row] = await db
      .update(notificationSubscription)
      .set({ ...values, updated_at: new Date() })
      .where(eq(notificationSubscription.id, id))
      .returning();
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(viewer: Viewer, raw: unknown) {
      const input = parseInput(listRulesInput, raw);
      if (!canViewCompany(viewer, input.company_id)) return [];
      return queries.list(input.company_id, input.filter);
    },

    async get(viewer: Viewer, id: string): Promise<NotificationSubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(notificationSubscription)
        .where(eq(notificationSubscription.id, parseInput(toggleRuleInput, { id }).id));
      return row && canViewCompany(viewer, row.company_id) ? row : null;
    },

    async stats(viewer: Viewer, raw: unknown) {
      const input = parseInput(listRulesInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      return queries.stats(input.company_id);
    },

    async history(viewer: Viewer, raw: unknown) {
      const input = parseInput(historyInput, raw);
      await visible(viewer, input.notification_subscription_id);
      return queries.history(
        input.notification_subscription_id,
        input.limit ?? 50,
        input.offset ?? 0,
      );
    },

    async create(viewer: Viewer, raw: unknown): Promise<NotificationSubscriptionRow> {
      const input = parseInput(createRuleInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, input.company_id)) throw new AppError('FORBIDDEN', 403);
      const rules = await checkedRules(input.company_id, input.rules);
      const [row] = await db
        .insert(notificationSubscription)
        .values({
          company_id: input.company_id,
          name: input.name,
          rules,
          is_active: input.is_active ?? true,
          created_by: viewer.user.id,
        })
        .returning();
      return row!;
    },

    async update(viewer: Viewer, raw: unknown): Promise<NotificationSubscriptionRow> {
      const { id, input } = parseInput(updateRuleInput, raw);
      const row = await managed(viewer, id);
      const rules = input.rules != null ? await checkedRules(row.company_id, input.rules) : null;
      return setFields(id, {
        ...(input.name != null ? { name: input.name } : {}),
        ...(rules != null && rules !== row.rules ? { rules, last_fired_for: new Date() } : {}),
        ...(input.is_active != null ? { is_active: input.is_active } : {}),
      });
    },

    async toggle(viewer: Viewer, raw: unknown): Promise<NotificationSubscriptionRow> {
      const input = parseInput(toggleRuleInput, raw);
      await managed(viewer, input.id);
      return setFields(input.id, { is_active: input.is_active ?? true });
    },

    async remove(viewer: Viewer, id: string): Promise<boolean> {
      const row = await managed(viewer, parseInput(toggleRuleInput, { id }).id);
      const deleted = await db
        .delete(notificationSubscription)
        .where(eq(notificationSubscription.id, row.id))
        .returning({ id: notificationSubscription.id });
      return deleted.length > 0;
    },
  };
}

export type NotificationRuleService = ReturnType<typeof createNotificationRuleService>;
