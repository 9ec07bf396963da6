/**
 * Files uploaded in a chat composer (issue 21). Each picked file is uploaded at once through POST
 * /files/upload (its type check): staff name the room (chat_room_id) and the file is stored for
 * its company; a guest's session already names theirs. Either way a chat_upload row remembers the
 * uploader's member row, so that
 * - a guest attaches only files they uploaded themselves, and only in their own room;
 * - the uploader may remove the file while it is unsent (the composer's chip taken out);
 * - unsent files are swept with their bytes after CHAT_UPLOAD_RETENTION_MS (the window closed).
 * Attaching (files/repository.ts attachableFiles) sets attached_at under the row's lock; removal
 * and the sweep lock the row first and skip attached ones, so a sent file is never removed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { CHAT_UPLOAD_RETENTION_MS, chatUploadKeyInput } from '../../../shared/chat';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { storedFile } from '../../db/schema';
import { chatRoomMember, chatUpload } from '../../db/schemaChat';
import { isUuid, notFound, parseInput, ValidationError } from '../../errors';
import { canRemoveChatUpload, type ChatCaller, type ChatGuest } from '../../permissions';
import type { FileService, StoredUpload } from '../files/service';
import type { RoomAccess } from './access';

/** Unsent uploads removed per sweep transaction (each batch commits before its bytes go). */
export const CHAT_UPLOAD_SWEEP_BATCH = 200;

/** One sweep at a time across server processes (a transaction-scoped advisory lock per batch). */
const SWEEP_LOCK = sql`select pg_try_advisory_xact_lock(hashtext('lexdesk.chat-upload-sweep')) as ok`;

interface SweepLog {
  error(details: object, message: string): void;
}

export function createChatUploads(
  db: Database,
  files: FileService,
  access: RoomAccess['access'],
  log: SweepLog = { error: () => undefined },
) {
  async function remember(stored: StoredUpload, memberId: string): Promise<StoredUpload> {
    try {
      await db.insert(chatUpload).values({ file_key: stored.file.key, member_id: memberId });
    } catch (error) {
      await files.discard(stored).catch(() => undefined);
      throw error;
    }
    return stored;
  }

  /** Removes bytes of rows already deleted; a failure leaves only unreachable bytes, logged. */
  async function removeBytes(removed: ReadonlyArray<{ key: string; company_id: string }>) {
    for (const file of removed)
      await files
        .removeBytes(file.company_id, file.key)
        .catch((error: unknown) =>
          log.error({ err: error, key: file.key }, 'chat upload bytes not removed'),
        );
  }

  return {
    /**
     * Stores a composer upload: a guest's for their room's company (another company_id answers
     * NO_COMPANY), a staff member's for the company of a room they are a member of.
     */
    async upload(
      caller: ChatCaller,
      request: { name: string; bytes: Uint8Array; companyId?: string; roomId: string | undefined },
    ): Promise<StoredUpload> {
      const { name, bytes } = request;
      if (caller.kind === 'guest') {
        const { guest } = caller;
        if (request.companyId !== undefined && request.companyId !== guest.companyId)
          throw new AppError('NO_COMPANY', 404);
        if (request.roomId !== undefined && request.roomId !== guest.roomId) throw notFound();
        return remember(
          await files.storeForGuest(guest.companyId, { name, bytes }),
          guest.memberId,
        );
      }
      if (request.roomId === undefined || !isUuid(request.roomId)) throw notFound();
      const { room, member } = await access(db, caller, request.roomId);
      if (request.companyId !== undefined && request.companyId !== room.company_id)
        throw new AppError('NO_COMPANY', 404);
      const stored = await files.upload(caller.viewer, { name, bytes, companyId: room.company_id });
      return remember(stored, member.id);
    },

    /** Every key must be an upload of this guest member, else each other one is named. */
    async checkOwn(ex: DatabaseExecutor, guest: ChatGuest, keys: readonly string[]) {
      if (keys.length === 0) return;
      const own = await ex
        .select({ key: chatUpload.file_key })
        .from(chatUpload)
        .where(
          and(eq(chatUpload.member_id, guest.memberId), inArray(chatUpload.file_key, [...keys])),
        );
      const others = keys.filter((key) => !own.some((o) => o.key === key));
      if (others.length > 0)
        throw new ValidationError(
          others.map((key) => ({
            path: `attachment_keys.${keys.indexOf(key)}`,
            message: 'Upload the file in this chat before attaching it.',
          })),
        );
    },

    /**
     * The uploader takes an unsent file out of the composer: its row and bytes go at once.
     * Unknown keys, files that are no chat upload and those the caller cannot see answer NOT_FOUND;
     * another member's upload CHAT_UPLOAD_NOT_YOURS; a sent one CHAT_UPLOAD_SENT.
     */
    async remove(caller: ChatCaller, raw: unknown): Promise<boolean> {
      const { key } = parseInput(chatUploadKeyInput, raw);
      const removed = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            member_id: chatUpload.member_id,
            attached_at: chatUpload.attached_at,
            user_id: chatRoomMember.user_id,
            company_id: storedFile.company_id,
          })
          .from(chatUpload)
          .innerJoin(storedFile, eq(storedFile.key, chatUpload.file_key))
          .innerJoin(chatRoomMember, eq(chatRoomMember.id, chatUpload.member_id))
          .where(eq(chatUpload.file_key, key))
          .for('update', { of: chatUpload });
        if (!found) throw notFound();
        const visible =
          caller.kind === 'guest'
            ? found.member_id === caller.guest.memberId
            : caller.viewer.companyIds.includes(found.company_id);
        if (!visible) throw notFound();
        if (!canRemoveChatUpload(caller, found)) throw new AppError('CHAT_UPLOAD_NOT_YOURS', 403);
        if (found.attached_at) throw new AppError('CHAT_UPLOAD_SENT', 409);
        await tx.delete(storedFile).where(eq(storedFile.key, key));
        return { key, company_id: found.company_id };
      });
      await removeBytes([removed]);
      return true;
    },

    /**
     * Removes unsent uploads made before `now` - CHAT_UPLOAD_RETENTION_MS, rows then bytes, in
     * batches of `batch`, oldest first; returns how many. A row being attached right now is locked
     * by its sender and skipped (SKIP LOCKED); one attached meanwhile is re-read under the lock
     * and left (attached_at is no longer null). Another process sweeping: this one stops.
     */
    async sweep(now: Date, batch = CHAT_UPLOAD_SWEEP_BATCH): Promise<number> {
      const cutoff = new Date(now.getTime() - CHAT_UPLOAD_RETENTION_MS);
      let total = 0;
      for (;;) {
        const removed = await db.transaction(async (tx) => {
          const [lock] = (await tx.execute<{ ok: boolean }>(SWEEP_LOCK)).rows;
          if (!lock?.ok) return undefined;
          const due = await tx
            .select({ key: storedFile.key, company_id: storedFile.company_id })
            .from(chatUpload)
            .innerJoin(storedFile, eq(storedFile.key, chatUpload.file_key))
            .where(
              and(
                sql`${chatUpload.attached_at} is null`,
                sql`${chatUpload.created_at} < ${cutoff}`,
              ),
            )
            .orderBy(chatUpload.created_at)
            .limit(batch)
            .for('update', { of: chatUpload, skipLocked: true });
          if (due.length > 0)
            await tx.delete(storedFile).where(
              inArray(
                storedFile.key,
                due.map((d) => d.key),
              ),
            );
          return due;
        });
        if (!removed) return total;
        await removeBytes(removed);
        total += removed.length;
        if (removed.length < batch) return total;
      }
    },
  };
}

export type ChatUploads = ReturnType<typeof createChatUploads>;
