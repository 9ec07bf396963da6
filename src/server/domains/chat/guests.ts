/**
 * Chat guests (issue 21): an invitation link for a member who is not a user (a legal contact, a
 * legal staff member or a named guest), valid GUEST_INVITATION_DAYS and good once; joining trades
 * it for a guest session (GUEST_TOKEN_PREFIX + 32 random bytes) that the auth service resolves to a
 * ChatGuest, which reaches that member's room and nothing else. Only SHA-256 of tokens are kept.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  GUEST_INVITATION_DAYS,
  GUEST_SESSION_DAYS,
  GUEST_TOKEN_PREFIX,
  joinRoomInput,
} from '../../../shared/chat';
import type { Database, DatabaseExecutor } from '../../db/connection';
import {
  chatGuestInvitation,
  chatGuestSession,
  chatRoom,
  chatRoomMember,
} from '../../db/schemaChat';
import { parseInput } from '../../errors';
import type { ChatGuest } from '../../permissions';
import { hashSessionToken, newSessionToken } from '../auth/tokens';

const DAY_MS = 86_400_000;

export function createChatGuests(db: Database) {
  return {
    /** A new invitation for `memberId`; the token is answered once and only its hash is kept. */
    async invite(
      ex: DatabaseExecutor,
      roomId: string,
      memberId: string,
      invitedBy: string,
    ): Promise<{ token: string; expires_at: Date }> {
      const token = randomBytes(32).toString('base64url');
      const expires_at = new Date(Date.now() + GUEST_INVITATION_DAYS * DAY_MS);
      await ex.insert(chatGuestInvitation).values({
        token_hash: hashSessionToken(token),
        room_id: roomId,
        member_id: memberId,
        invited_by: invitedBy,
        expires_at,
      });
      return { token, expires_at };
    },

    /** Public (the link is the credential): the guest session of the invited member. */
    async join(raw: unknown) {
      const { token } = parseInput(joinRoomInput, raw);
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({
            id: chatGuestInvitation.id,
            room_id: chatGuestInvitation.room_id,
            member_id: chatGuestInvitation.member_id,
            expires_at: chatGuestInvitation.expires_at,
            accepted_at: chatGuestInvitation.accepted_at,
            room_name: chatRoom.name,
          })
          .from(chatGuestInvitation)
          .innerJoin(chatRoom, eq(chatRoom.id, chatGuestInvitation.room_id))
          .where(eq(chatGuestInvitation.token_hash, hashSessionToken(token)))
          .for('update', { of: chatGuestInvitation })
          .limit(1);
        if (!found || found.accepted_at) throw new AppError('CHAT_GUEST_LINK_INVALID', 404);
        if (found.expires_at.getTime() <= Date.now())
          throw new AppError('CHAT_GUEST_LINK_EXPIRED', 410);
        const now = new Date();
        await tx
          .update(chatGuestInvitation)
          .set({ accepted_at: now })
          .where(eq(chatGuestInvitation.id, found.id));
        await tx
          .update(chatRoomMember)
          .set({ joined_at: now })
          .where(and(eq(chatRoomMember.id, found.member_id), isNull(chatRoomMember.joined_at)));
        const session = `${GUEST_TOKEN_PREFIX}${newSessionToken()}`;
        await tx.insert(chatGuestSession).values({
          token_hash: hashSessionToken(session),
          member_id: found.member_id,
          expires_at: new Date(Date.now() + GUEST_SESSION_DAYS * DAY_MS),
        });
        return {
          token: session,
          room_id: found.room_id,
          room_name: found.room_name,
          member_id: found.member_id,
        };
      });
    },

    /** The auth service's look-up of a guest session token (auth/service.ts GuestSessions). */
    async authenticate(token: string): Promise<ChatGuest | undefined> {
      const [row] = await db
        .select({
          sessionId: chatGuestSession.id,
          memberId: chatRoomMember.id,
          roomId: chatRoomMember.room_id,
          companyId: chatRoomMember.company_id,
        })
        .from(chatGuestSession)
        .innerJoin(
          chatRoomMember,
          and(eq(chatRoomMember.id, chatGuestSession.member_id), eq(chatRoomMember.is_guest, true)),
        )
        .where(
          and(
            eq(chatGuestSession.token_hash, hashSessionToken(token)),
            gt(chatGuestSession.expires_at, new Date()),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type ChatGuests = ReturnType<typeof createChatGuests>;
