/** Resolvers of chat rooms and intake scripts (schema/64-chat.graphql); rules in service.ts. */
import { AppError, type ErrorCode } from '../../../shared/errors';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { fileLink, guarded, type ResolverDeps } from '../../graphql/types';
import type { ChatCaller } from '../../permissions';
import type { ChatInboxEvent, ChatRoomEvent } from './live';

type Args = Record<string, unknown>;

/** A signed-in user, or a joined guest (whose session reaches the chat fields only). */
export function chatCaller(context: GraphQLContext): ChatCaller {
  if (context.auth.kind === 'guest') return { kind: 'guest', guest: context.auth.guest };
  return { kind: 'staff', viewer: requireViewer(context) };
}

export function chatResolvers(deps: ResolverDeps) {
  const chat = deps.services.chat;
  const intake = deps.services.intakeScripts;
  type ChatMethod = Exclude<keyof typeof chat, 'create' | 'join' | 'follow' | 'followInbox'>;
  /** A field any room member (staff or guest) may call. */
  const member =
    (code: ErrorCode, method: ChatMethod, unwrapInput = false) =>
    (_: unknown, args: Args, context: GraphQLContext) =>
      guarded<unknown>(deps, code, method, () =>
        chat[method](chatCaller(context), unwrapInput ? args.input : args),
      );
  /** An intake script field (staff only). */
  const script =
    (code: ErrorCode, method: keyof typeof intake, unwrapInput = false) =>
    (_: unknown, args: Args, context: GraphQLContext) =>
      guarded<unknown>(deps, code, `intake.${method}`, () =>
        intake[method](requireViewer(context), unwrapInput ? args.input : args),
      );
  return {
    Query: {
      chatRooms: member('FETCH_ROOMS_FAILED', 'rooms'),
      chatRoom: member('FETCH_ROOMS_FAILED', 'room'),
      chatMessages: member('FETCH_ROOM_MESSAGES_FAILED', 'messages'),
      intakeScripts: script('FETCH_INTAKE_SCRIPTS_FAILED', 'list'),
      intakeScript: script('FETCH_INTAKE_SCRIPTS_FAILED', 'get'),
    },
    Mutation: {
      createChatRoom: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'CREATE_ROOM_FAILED', 'createChatRoom', async () => {
          const caller = chatCaller(context);
          if (caller.kind !== 'staff') throw new AppError('FORBIDDEN', 403);
          return chat.create(caller.viewer, args.input);
        }),
      renameChatRoom: member('UPDATE_ROOM_FAILED', 'rename'),
      setChatRoomFavorite: member('UPDATE_CHAT_ROOM_FAILED', 'favorite'),
      setChatRoomIntakeScript: member('UPDATE_ROOM_FAILED', 'setScript'),
      addChatRoomMember: member('ADD_ROOM_MEMBER_FAILED', 'addMember', true),
      joinChatRoom: (_: unknown, args: Args) =>
        guarded(deps, 'JOIN_CHAT_ROOM_FAILED', 'joinChatRoom', () => chat.join(args)),
      sendChatMessage: member('CREATE_MESSAGE_FAILED', 'send'),
      removeChatUpload: member('REMOVE_CHAT_UPLOAD_FAILED', 'removeUpload'),
      markChatRoomRead: member('UPDATE_UNREAD_COUNT_FAILED', 'markRead'),
      sendChatTyping: member('CREATE_MESSAGE_FAILED', 'typing'),
      saveChatIntakeAnswers: member('UPDATE_ROOM_FAILED', 'saveAnswers'),
      createIntakeScript: script('CREATE_INTAKE_SCRIPT_FAILED', 'create', true),
      updateIntakeScript: script('UPDATE_INTAKE_SCRIPT_FAILED', 'update', true),
      deleteIntakeScript: script('DELETE_INTAKE_SCRIPT_FAILED', 'remove'),
    },
    Subscription: {
      chatRoomEvents: {
        subscribe: (_: unknown, args: Args, context: GraphQLContext) =>
          guarded(deps, 'FETCH_ROOM_MESSAGES_FAILED', 'chatRoomEvents', () =>
            chat.follow(chatCaller(context), args),
          ),
        resolve: (payload: ChatRoomEvent) => payload,
      },
      chatRoomsChanged: {
        subscribe: (_: unknown, args: Args, context: GraphQLContext) =>
          guarded(deps, 'FETCH_ROOMS_FAILED', 'chatRoomsChanged', async () =>
            chat.followInbox(chatCaller(context), args),
          ),
        resolve: (payload: ChatInboxEvent) => payload,
      },
    },
    ChatMessageFile: {
      file_url: (parent: { file_key: string }, _: Args, context: GraphQLContext) =>
        fileLink(deps, context, `/files/${parent.file_key}`) ?? '',
    },
  };
}
