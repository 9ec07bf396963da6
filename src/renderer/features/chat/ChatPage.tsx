/**
 * Chat rooms (issue 21): the caller's rooms with unread counts (favorites first), live through
 * chatRoomsChanged; the open room's messages, live through chatRoomEvents (new messages, typing,
 * read marks), a composer, and "Seen by" from the members' read marks. Staff create rooms and add
 * members: a colleague at once, a guest by an invitation link shown once to copy.
 */
import {
  Button,
  Callout,
  Card,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { ChatRoomView } from './ChatRoomView';
import { CHAT_ROOMS_CHANGED, CHAT_ROOMS_QUERY, CREATE_CHAT_ROOM } from './operations';
import './chat.css';

export function ChatPage() {
  const viewer = useViewer();
  const { id } = useParams();
  const navigate = useNavigate();
  const companyId = viewer?.company.id ?? '';
  const rooms = useQuery(CHAT_ROOMS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
  });
  useSubscription(CHAT_ROOMS_CHANGED, {
    variables: { company_id: companyId },
    skip: !companyId,
    onData: () => void rooms.refetch(),
  });
  const [name, setName] = useState('');
  const [create, creating] = useMutation(CREATE_CHAT_ROOM);

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    const result = await create({
      variables: { input: { company_id: companyId, name } },
    }).catch(() => undefined);
    const room = result?.data?.createChatRoom;
    if (!room) return;
    setName('');
    await rooms.refetch();
    void navigate(`/chat/${room.id}`);
  }

  const list = rooms.data?.chatRooms ?? [];
  return (
    <Page title="Chat" subtitle="Rooms with your team and invited guests">
      <div className="ld-chat">
        <Card className="ld-chat-rooms" aria-label="Chat rooms">
          <form className="ld-chat-new" onSubmit={(e) => void onCreate(e)}>
            <InputGroup
              aria-label="New room name"
              placeholder="New room name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" icon="plus" loading={creating.loading} disabled={!name.trim()}>
              Create
            </Button>
          </form>
          {creating.error ? (
            <Callout intent={Intent.DANGER}>
              {describeError(creating.error, ERRORS.CREATE_ROOM_FAILED)}
            </Callout>
          ) : null}
          {rooms.error ? (
            <Callout intent={Intent.DANGER}>
              {describeError(rooms.error, ERRORS.FETCH_ROOMS_FAILED)}
            </Callout>
          ) : null}
          <ul className="ld-chat-room-list">
            {list.map((room) => (
              <li key={room.id} className={room.id === id ? 'is-active' : undefined}>
                <Link to={`/chat/${room.id}`} aria-label={`Room ${room.name}`}>
                  {room.is_favorite ? <Icon icon="star" size={12} /> : null}
                  <span className="ld-chat-room-name">{room.name}</span>
                  {room.unread_count > 0 ? (
                    <Tag round intent={Intent.PRIMARY} aria-label={`${room.unread_count} unread`}>
                      {room.unread_count}
                    </Tag>
                  ) : null}
                  <span className="ld-chat-room-last">
                    {room.last_message === ''
                      ? 'Sent files' // the server takes an empty text only with files
                      : (room.last_message ?? 'No messages yet')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {rooms.data && list.length === 0 ? (
            <NonIdealState icon="chat" title="No rooms yet" description="Create one above." />
          ) : null}
        </Card>
        {id ? (
          <ChatRoomView key={id} roomId={id} onChanged={() => void rooms.refetch()} />
        ) : (
          <NonIdealState icon="chat" title="Pick a room" className="ld-chat-empty" />
        )}
      </div>
    </Page>
  );
}
