/**
 * Files of chat guests (issue 21): a guest uploads through the same POST /files/upload and its
 * file-type check as anyone, with their guest session; the file is stored for their room's
 * company and remembered as theirs (chat_guest_upload), so that a guest attaches only files they
 * uploaded themselves, and only in their own room (their member row belongs to that one room).
 * They read attachments through the signed links of their room's messages; a guest session opens
 * no file by itself (GET /files/:key).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { chatGuestUpload } from '../../db/schemaChat';
import { ValidationError } from '../../errors';
import type { ChatGuest } from '../../permissions';
import type { FileService, StoredUpload } from '../files/service';

export function createChatGuestFiles(db: Database, files: FileService) {
  return {
    /** Stores a guest's upload for their room's company (another company_id answers NO_COMPANY). */
    async upload(
      guest: ChatGuest,
      request: { name: string; bytes: Uint8Array; companyId?: string },
    ): Promise<StoredUpload> {
      if (request.companyId !== undefined && request.companyId !== guest.companyId)
        throw new AppError('NO_COMPANY', 404);
      const stored = await files.storeForGuest(guest.companyId, request);
      try {
        await db
          .insert(chatGuestUpload)
          .values({ file_key: stored.file.key, member_id: guest.memberId });
      } catch (error) {
        await files.discard(stored).catch(() => undefined);
        throw error;
      }
      return stored;
    },

    /** Every key must be an upload of this guest member, else each other one is named. */
    async checkOwn(ex: DatabaseExecutor, guest: ChatGuest, keys: readonly string[]) {
      if (keys.length === 0) return;
      const own = await ex
        .select({ key: chatGuestUpload.file_key })
        .from(chatGuestUpload)
        .where(
          and(
            eq(chatGuestUpload.member_id, guest.memberId),
            inArray(chatGuestUpload.file_key, [...keys]),
          ),
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
  };
}

export type ChatGuestFiles = ReturnType<typeof createChatGuestFiles>;
