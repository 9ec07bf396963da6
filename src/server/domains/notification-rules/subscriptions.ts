/**
 * Digest subscriptions (spec "Email subscription", REST "Digest subscription"): readers of a
 * company read its subscriptions; its managers create and change them (a digest mails the firm's
 * documents, so only they choose where to). `provider` is the mail integration's kind: `imap`
 * (the built-in SMTP sender) is the only one. The file type must be the company's. Another
 * tenant's subscription answers like a missing one.
 */
import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { createDigestInput, updateDigestInput } from '../../../shared/notifications/inputs';
import { uuid } from '../../../shared/schemas/input';
import type { Database } from '../../db/connection';
import { legalFileType } from '../../db/schemaPipeline';
import { emailSubscription, type EmailSubscriptionRow } from '../../db/schemaNotify';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';

export const MAIL_PROVIDERS = ['imap'] as const;

function checkProvider(provider: unknown): string {
  if (typeof provider !== 'string' || !(MAIL_PROVIDERS as readonly string[]).includes(provider))
    throw new ValidationError([{ path: 'provider', message: 'Unknown mail provider: use imap.' }]);
  return provider;
}

export function createDigestSubscriptionService(db: Database) {
  async function checkFileType(companyId: string, fileType: string | null | undefined) {
    if (!fileType) return;
    const [row] = await db
      .select({ id: legalFileType.id })
      .from(legalFileType)
      .where(
        and(
          eq(legalFileType.id, fileType),
          eq(legalFileType.company_id, companyId),
          eq(legalFileType.is_deleted, false),
        ),
      );
    if (!row) throw new ValidationError([{ path: 'file_type', message: 'Unknown document type.' }]);
  }

  async function visible(viewer: Viewer, provider: unknown, id: unknown) {
    const p = checkProvider(provider);
    const parsed = uuid().safeParse(id);
    if (!parsed.success) throw notFound();
    const [row] = await db
      .select()
      .from(emailSubscription)
      .where(and(eq(emailSubscription.id, parsed.data), eq(emailSubscription.provider, p)));
    if (!row || !canViewCompany(viewer, row.company_id)) throw notFound();
    return row;
  }

  return {
    async create(viewer: Viewer, provider: unknown, raw: unknown): Promise<EmailSubscriptionRow> {
      const p = checkProvider(provider);
      const input = parseInput(createDigestInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, input.company_id)) throw new AppError('FORBIDDEN', 403);
      await checkFileType(input.company_id, input.file_type);
      const [row] = await db
        .insert(emailSubscription)
        .values({
          company_id: input.company_id,
          provider: p,
          emails: input.emails,
          starting_date: input.starting_date,
          frequency: input.frequency,
          file_type: input.file_type ?? null,
          created_by: viewer.user.id,
        })
        .returning();
      return row!;
    },

    async update(
      viewer: Viewer,
      provider: unknown,
      id: unknown,
      raw: unknown,
    ): Promise<EmailSubscriptionRow> {
      const row = await visible(viewer, provider, id);
      if (!canManageCompany(viewer, row.company_id)) throw new AppError('FORBIDDEN', 403);
      const input = parseInput(updateDigestInput, raw ?? {});
      await checkFileType(row.company_id, input.file_type);
      const schedule =
        (input.starting_date !== undefined && input.starting_date !== row.starting_date) ||
        (input.frequency !== undefined && input.frequency !== row.frequency);
      const [updated] = await db
        .update(emailSubscription)
        .set({
          ...(input.emails !== undefined ? { emails: input.emails } : {}),
          ...(input.starting_date !== undefined ? { starting_date: input.starting_date } : {}),
          ...(input.frequency !== undefined ? { frequency: input.frequency } : {}),
          ...(input.file_type !== undefined ? { file_type: input.file_type ?? null } : {}),
          // A new schedule starts afresh: periods already sent under the old one stay sent.
          ...(schedule && row.last_sent_for ? { last_sent_for: new Date() } : {}),
          updated_at: new Date(),
        })
        .where(eq(emailSubscription.id, row.id))
        .returning();
      return updated!;
    },

    get: (viewer: Viewer, provider: unknown, id: unknown) => visible(viewer, provider, id),

    /** A company's subscriptions, newest first (the screen's list). */
    async list(viewer: Viewer, provider: unknown, companyId: unknown) {
      const p = checkProvider(provider);
      const parsed = uuid().safeParse(companyId);
      if (!parsed.success)
        throw new ValidationError([
          { path: 'company_id', message: 'Must be a valid id (a UUID).' },
        ]);
      if (!canViewCompany(viewer, parsed.data)) return [];
      return db
        .select()
        .from(emailSubscription)
        .where(
          and(eq(emailSubscription.company_id, parsed.data), eq(emailSubscription.provider, p)),
        )
        .orderBy(desc(emailSubscription.created_at), desc(emailSubscription.id));
    },

    checkProvider,
  };
}

export type DigestSubscriptionService = ReturnType<typeof createDigestSubscriptionService>;
