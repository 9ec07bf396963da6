/**
 * How a chat caller reaches a room (issue 21): through their member row — a staff member's (a
 * user who is a member of a room of a company they see) or a guest's own — else not found; and the
 * room as the details answer shows it (members, intake script and answers, the caller's unread).
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { DatabaseExecutor } from '../../db/connection';
import { notFound, ValidationError } from '../../errors';
import { canAddChatMember, canUseChatRoom, type ChatCaller, type Viewer } from '../../permissions';
import type { ChatRepository, RoomRow } from './repository';

/** The room's answers in the order its script asks them (answers no longer asked come last). */
function orderedAnswers(answers: Record<string, string>, asked: readonly string[]) {
  const names = [
    ...asked.filter((n) => n in answers),
    ...Object.keys(answers).filter((n) => !asked.includes(n)),
  ];
  return names.map((name) => ({ name, value: answers[name]! }));
}

export function createRoomAccess(repo: ChatRepository) {
  const { db } = repo;
  async function access(ex: DatabaseExecutor, caller: ChatCaller, roomId: string) {
    const found =
      caller.kind === 'guest'
        ? caller.guest.roomId === roomId
          ? await repo.memberById(ex, caller.guest.memberId)
          : undefined
        : await repo.userMembership(ex, caller.viewer.companyIds, caller.viewer.user.id, roomId);
    if (!found || !canUseChatRoom(caller, found.room, found.member)) throw notFound();
    return found;
  }

  const staffOnly = (caller: ChatCaller, room: RoomRow): Viewer => {
    if (!canAddChatMember(caller, room) || caller.kind !== 'staff')
      throw new AppError('FORBIDDEN', 403);
    return caller.viewer;
  };

  async function checkScript(ex: DatabaseExecutor, companyId: string, scriptId: string) {
    if (!(await repo.script(ex, [companyId], scriptId)))
      throw new ValidationError([
        { path: 'intake_script_id', message: 'No such intake script of this company.' },
      ]);
  }

  async function details(caller: ChatCaller, roomId: string) {
    const { room, member } = await access(db, caller, roomId);
    const [members, script, [listed]] = await Promise.all([
      repo.members(db, room.id),
      room.intake_script_id ? repo.script(db, [room.company_id], room.intake_script_id) : undefined,
      repo.roomList(db, sql`m.id = ${member.id}`),
    ]);
    return {
      ...room,
      is_favorite: member.is_favorite,
      unread_count: listed?.unread_count ?? 0,
      my_member_id: member.id,
      can_manage: caller.kind === 'staff',
      members: caller.kind === 'guest' ? members.map((m) => ({ ...m, email: null })) : members,
      intake_script: script ?? null,
      intake_answers: orderedAnswers(room.intake_answers, script?.required_data ?? []),
    };
  }

  return { access, staffOnly, checkScript, details };
}

export type RoomAccess = ReturnType<typeof createRoomAccess>;
