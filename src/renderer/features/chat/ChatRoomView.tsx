/**
 * One room: its messages (the newest page, then live) with their files, who is typing, "Seen by"
 * under the caller's last message (members whose read mark passed it), the composer (ChatComposer:
 * text and files), the intake answers when the room follows a script (IntakePanel), and (staff)
 * adding members (AddMemberDialog). Opening the room and each new message while it is open mark it
 * read, so the rooms list's unread count resets.
 */
import { Button, Callout, Card, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { AddMemberDialog } from './AddMemberDialog';
import { ChatComposer } from './ChatComposer';
import { MessageFiles } from './ChatFiles';
import { IntakePanel } from './IntakePanel';
import {
  CHAT_MESSAGES_QUERY,
  CHAT_ROOM_EVENTS,
  CHAT_ROOM_QUERY,
  MARK_CHAT_ROOM_READ,
  SET_CHAT_FAVORITE,
  type ChatMessageItem,
} from './operations';
import { chatUploadUrl } from './useChatUploads';

const TYPING_SHOWN_MS = 3_000;

/** guestToken: a guest's own session (GuestChatPage), which their uploads go with; staff upload with the app's. */
export function ChatRoomView(props: {
  roomId: string;
  onChanged: () => void;
  guestToken?: string;
}) {
  const { roomId } = props;
  const { info } = useServices();
  const appToken = useAppSelector((state) => state.auth.token);
  const room = useQuery(CHAT_ROOM_QUERY, { variables: { room_id: roomId } });
  const page = useQuery(CHAT_MESSAGES_QUERY, { variables: { room_id: roomId } });
  const [live, setLive] = useState<ChatMessageItem[]>([]);
  const [typing, setTyping] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [markRead] = useMutation(MARK_CHAT_ROOM_READ);
  const [favorite] = useMutation(SET_CHAT_FAVORITE);
  const me = room.data?.chatRoom.my_member_id;

  const read = () =>
    void markRead({ variables: { room_id: roomId } })
      .then(props.onChanged)
      .catch(() => undefined);

  useSubscription(CHAT_ROOM_EVENTS, {
    variables: { room_id: roomId },
    onData: ({ data }) => {
      const event = data.data?.chatRoomEvents;
      if (!event) return;
      if (event.type === 'SUBSCRIBED') {
        setLive([]);
        void page.refetch();
        void room.refetch();
      } else if (event.type === 'MESSAGE' && event.message) {
        const message = event.message;
        setLive((shown) => (shown.some((m) => m.id === message.id) ? shown : [...shown, message]));
        setTyping(null);
        if (message.sender_id !== me) read();
      } else if (event.type === 'TYPING' && event.member_id !== me) {
        setTyping(event.member_name);
      } else if (event.type === 'READ' || event.type === 'ROOM') {
        void room.refetch();
      }
    },
  });

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  useEffect(read, [roomId]); // eslint-disable-line react-hooks/exhaustive-deps

  const messages = useMemo(() => {
    const first = page.data?.chatMessages.items ?? [];
    const seen = new Set(first.map((m) => m.id));
    return [...first, ...live.filter((m) => !seen.has(m.id))];
  }, [page.data, live]);

  const detail = room.data?.chatRoom;
  const mine = [...messages].reverse().find((m) => m.sender_id === me);
  const seenBy = mine
    ? (detail?.members ?? []).filter(
        (m) => m.id !== me && Number(m.last_read_message_id ?? 0) >= Number(mine.id),
      )
    : [];

  const failure = room.error ?? page.error;
  if (failure)
    return (
      <Callout intent={Intent.DANGER}>
        {describeError(
          failure,
          room.error ? ERRORS.FETCH_ROOMS_FAILED : ERRORS.FETCH_ROOM_MESSAGES_FAILED,
        )}
      </Callout>
    );
  return (
    <Card className="ld-chat-room" aria-label="Chat room">
      <header className="ld-chat-room-head">
        <h2>{detail?.name ?? '…'}</h2>
        <span>
          {detail?.members.length ?? 0} {detail?.members.length === 1 ? 'member' : 'members'}
        </span>
        {detail?.can_manage ? (
          <Button icon="new-person" onClick={() => setAdding(true)}>
            Add member
          </Button>
        ) : null}
        <Button
          minimal
          aria-label={detail?.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
          icon={detail?.is_favorite ? 'star' : 'star-empty'}
          onClick={() =>
            void favorite({
              variables: { room_id: roomId, is_favorite: !detail?.is_favorite },
            })
              .then(props.onChanged)
              .catch(() => undefined)
          }
        />
      </header>
      <div className="ld-chat-messages" role="log" aria-label="Messages">
        {messages.map((m) => (
          <div key={m.id} className={`ld-chat-message${m.sender_id === me ? ' is-mine' : ''}`}>
            <div className="ld-chat-message-meta">
              {m.sender_name} · {new Date(m.created_at).toLocaleTimeString()}
            </div>
            {m.message ? <div>{m.message}</div> : null}
            <MessageFiles files={m.attached_files} />
          </div>
        ))}
      </div>
      <div className="ld-chat-status" aria-live="polite">
        {typing
          ? `${typing} is typing…`
          : seenBy.length > 0
            ? `Seen by ${seenBy.map((m) => m.name).join(', ')}`
            : ''}
      </div>
      <ChatComposer
        roomId={roomId}
        upload={{
          url: chatUploadUrl(info.serverUrl, roomId),
          token: props.guestToken ?? appToken,
        }}
      />
      {detail && (detail.can_manage || detail.intake_script) ? (
        <IntakePanel room={detail} onChanged={() => void room.refetch()} />
      ) : null}
      {adding && detail ? (
        <AddMemberDialog
          roomId={roomId}
          companyId={detail.company_id}
          members={detail.members}
          onAdded={() => void room.refetch()}
          onClose={() => setAdding(false)}
        />
      ) : null}
    </Card>
  );
}
