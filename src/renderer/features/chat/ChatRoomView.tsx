/**
 * One room: its messages (the newest page, then live), who is typing, "Seen by" under the caller's
 * last message (members whose read mark passed it), the composer, the intake answers when the room
 * follows a script (IntakePanel), and (staff) adding members (AddMemberDialog). Opening the room and each new message
 * while it is open mark it read, so the rooms list's unread count resets.
 */
import { Button, Callout, Card, InputGroup, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { AddMemberDialog } from './AddMemberDialog';
import { IntakePanel } from './IntakePanel';
import {
  CHAT_MESSAGES_QUERY,
  CHAT_ROOM_EVENTS,
  CHAT_ROOM_QUERY,
  MARK_CHAT_ROOM_READ,
  SEND_CHAT_MESSAGE,
  SEND_CHAT_TYPING,
  SET_CHAT_FAVORITE,
  type ChatMessageItem,
} from './operations';

const TYPING_SHOWN_MS = 3_000;
const TYPING_SENT_EVERY_MS = 2_000;

export function ChatRoomView(props: { roomId: string; onChanged: () => void }) {
  const { roomId } = props;
  const room = useQuery(CHAT_ROOM_QUERY, { variables: { room_id: roomId } });
  const page = useQuery(CHAT_MESSAGES_QUERY, { variables: { room_id: roomId } });
  const [live, setLive] = useState<ChatMessageItem[]>([]);
  const [typing, setTyping] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [adding, setAdding] = useState(false);
  const lastTyping = useRef(0);
  const [send, sending] = useMutation(SEND_CHAT_MESSAGE);
  const [markRead] = useMutation(MARK_CHAT_ROOM_READ);
  const [sendTyping] = useMutation(SEND_CHAT_TYPING);
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

  async function onSend(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    const sent = await send({
      variables: { room_id: roomId, message: text, client_id: crypto.randomUUID() },
    }).catch(() => undefined);
    if (sent?.data) setDraft('');
  }

  function onDraft(value: string) {
    setDraft(value);
    const now = Date.now();
    if (now - lastTyping.current < TYPING_SENT_EVERY_MS) return;
    lastTyping.current = now;
    void sendTyping({ variables: { room_id: roomId } }).catch(() => undefined);
  }

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
            <div>{m.message}</div>
            {m.attached_files.map((f) => (
              <a key={f.id} href={f.file_url} target="_blank" rel="noreferrer">
                {f.name}
              </a>
            ))}
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
      {sending.error ? (
        <Callout intent={Intent.DANGER}>
          {describeError(sending.error, ERRORS.CREATE_MESSAGE_FAILED)}
        </Callout>
      ) : null}
      <form className="ld-chat-composer" onSubmit={(e) => void onSend(e)}>
        <InputGroup
          aria-label="Message"
          placeholder="Write a message"
          value={draft}
          onChange={(e) => onDraft(e.target.value)}
        />
        <Button type="submit" intent={Intent.PRIMARY} icon="send-message" loading={sending.loading}>
          Send
        </Button>
      </form>
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
