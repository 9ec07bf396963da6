/**
 * Mail → raw files: each PDF attached to an incoming mail goes the way an upload goes
 * (rawFiles.create, then the upload's finish: content check, SHA-256, storage, duplicate check),
 * marked raw_file_medium 'mail' and is_received_email, and is queued for the pipeline. The same
 * bytes a company already has become no second raw file (the server's company + SHA-256 rule).
 * Runs as the mailbox's owner, scoped to their own company.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Attachment } from 'mailparser';
import type { Database } from '../../db/connection';
import { rawFile, userProfile, userType, type RawFileRow } from '../../db/schema';
import { mailMessage } from '../../db/schemaMail';
import type { Viewer } from '../../permissions';
import type { UserTypeName } from '../../db/schema';
import type { createRawFileService } from '../raw-files/service';
import { isPdfAttachment } from './parse';

/** Stores a registered raw file's bytes and queues it (uploads/finish.ts + the pipeline). */
export type RawFileSink = (
  viewer: Viewer,
  row: RawFileRow,
  source: { path: string; sha256: string },
) => Promise<void>;

export async function mailboxOwner(db: Database, userId: string): Promise<Viewer | undefined> {
  const [row] = await db
    .select({ user: userProfile, userType: userType.name })
    .from(userProfile)
    .innerJoin(userType, eq(userType.id, userProfile.user_type_id))
    .where(eq(userProfile.id, userId));
  if (!row || row.user.is_deactivated) return undefined;
  return {
    user: row.user,
    userType: row.userType as UserTypeName,
    sessionId: 'mailbox-sync',
    companyIds: [row.user.company_id],
    managedCompanyIds: [],
  };
}

const pdfName = (name: string | undefined, index: number) => {
  const base =
    [...(name ?? '')]
      .map((c) => (c < ' ' || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .trim() || `attachment-${index + 1}`;
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
};

/** The raw files the message's PDFs became (new or the company's existing copies). */
export async function importPdfAttachments(
  deps: { db: Database; rawFiles: ReturnType<typeof createRawFileService>; sink: RawFileSink },
  viewer: Viewer,
  messageId: string,
  attachments: readonly Attachment[],
): Promise<string[]> {
  const pdfs = attachments.filter(isPdfAttachment);
  if (pdfs.length === 0) return [];
  const staging = await mkdtemp(path.join(tmpdir(), 'lexdesk-mail-'));
  const ids: string[] = [];
  try {
    for (const [index, attachment] of pdfs.entries()) {
      const bytes = attachment.content;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const [created] = await deps.rawFiles.create(viewer, {
        company_id: viewer.user.company_id,
        files: [
          {
            index: 0,
            name: pdfName(attachment.filename, index),
            size: bytes.length,
            type: 'application/pdf',
            sha256,
            idempotency_key: randomUUID(),
          },
        ],
      });
      if (!created) continue;
      ids.push(created.raw_file.id);
      if (!created.created) continue;
      await deps.db
        .update(rawFile)
        .set({ raw_file_medium: 'mail', is_received_email: true })
        .where(eq(rawFile.id, created.raw_file.id));
      const sourcePath = path.join(staging, `${index}.pdf`);
      await writeFile(sourcePath, bytes, { mode: 0o600 });
      await deps.sink(viewer, created.raw_file, { path: sourcePath, sha256 });
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (ids.length > 0)
    await deps.db
      .update(mailMessage)
      .set({ raw_file_ids: sql`${`{${ids.join(',')}}`}::uuid[]` })
      .where(eq(mailMessage.id, messageId));
  return ids;
}
