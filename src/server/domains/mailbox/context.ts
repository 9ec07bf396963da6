/** What the mailbox's service modules share, and their look-ups scoped to the caller's own mailbox. */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { KeyRing } from '../../crypto/keyRing';
import type { Database } from '../../db/connection';
import {
  mailFolder,
  mailMessage,
  type MailIntegrationRow,
  type MailMessageRow,
} from '../../db/schemaMail';
import type { Viewer } from '../../permissions';
import type { createRawFileService } from '../raw-files/service';
import type { TtlCache } from './cache';
import { integrationOfUser } from './integration';
import type { RawFileSink } from './mailImport';
import type { MailServerGuard } from './servers';
import type { SyncLog } from './sync';

export interface MailboxContext {
  db: Database;
  ring: KeyRing;
  /** Which IMAP / SMTP servers a mailbox may reach (MAIL_ALLOWED_SERVERS). */
  servers: MailServerGuard;
  cache: TtlCache;
  log: SyncLog & { error(details: Record<string, unknown>, message: string): void };
  rawFiles: ReturnType<typeof createRawFileService>;
  /** Set once uploads and the pipeline exist (app.ts); without it PDFs are not imported. */
  sink: () => RawFileSink | undefined;
}

/** The caller's own mailbox; a mailbox is its user's alone. */
export async function ownIntegration(
  ctx: MailboxContext,
  viewer: Viewer,
): Promise<MailIntegrationRow> {
  const row = await integrationOfUser(ctx.db, viewer.user.id);
  if (!row) throw new AppError('MAILBOX_NOT_CONNECTED', 404);
  return row;
}

/** A `userId` naming another user's mailbox answers like a missing one. */
export function checkOwnUser(viewer: Viewer, userId: string | undefined | null): void {
  if (userId && userId !== viewer.user.id) throw new AppError('NOT_FOUND', 404);
}

export interface LocatedMessage extends MailMessageRow {
  folder_path: string;
}

/** The caller's messages by id, each with its folder; any id not theirs answers NOT_FOUND. */
export async function ownMessages(
  ctx: MailboxContext,
  integration: MailIntegrationRow,
  ids: readonly string[],
): Promise<LocatedMessage[]> {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ message: mailMessage, folder_path: mailFolder.path })
    .from(mailMessage)
    .innerJoin(mailFolder, eq(mailFolder.id, mailMessage.folder_id))
    .where(and(eq(mailMessage.integration_id, integration.id), inArray(mailMessage.id, unique)));
  if (rows.length !== unique.length) throw new AppError('NOT_FOUND', 404);
  return rows.map((row) => ({ ...row.message, folder_path: row.folder_path }));
}

export function groupByFolder(messages: readonly LocatedMessage[]): Map<string, LocatedMessage[]> {
  const groups = new Map<string, LocatedMessage[]>();
  for (const message of messages) {
    const group = groups.get(message.folder_path) ?? [];
    group.push(message);
    groups.set(message.folder_path, group);
  }
  return groups;
}
