/**
 * A chat guest's screen (issue 21): the invitation link `#/chat-invitation/<token>` joins the room
 * (the link works once) and opens it on a session of the guest's own, kept in this tab's memory
 * only: the guest's token reaches that room and nothing else (the server refuses every other
 * field), so this screen shows the room alone, without the app's navigation. The guest's files
 * upload with that session too (the composer's attach button).
 */
import { Callout, Intent, Spinner } from '@blueprintjs/core';
import { ApolloProvider, useMutation } from '@apollo/client/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { graphql } from '../../../shared/graphql/graphql';
import { createApolloSession, type ApolloSession } from '../../app/apollo';
import { describeError } from '../../app/errors';
import { useServices } from '../../app/services';
import { AuthLayout } from '../auth/AuthLayout';
import { ChatRoomView } from './ChatRoomView';
import './chat.css';

const JOIN_CHAT_ROOM = graphql(`
  mutation JoinChatRoom($token: String) {
    joinChatRoom(token: $token) {
      token
      room_id
      room_name
    }
  }
`);

export function GuestChatPage() {
  const { token = '' } = useParams();
  const { info } = useServices();
  const [join, joining] = useMutation(JOIN_CHAT_ROOM);
  const [guest, setGuest] = useState<{
    session: ApolloSession;
    roomId: string;
    token: string;
  } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void join({ variables: { token } })
      .then((result) => {
        const joined = result.data?.joinChatRoom;
        if (!joined) return;
        const session = createApolloSession({ serverUrl: info.serverUrl, token: joined.token });
        setGuest({ session, roomId: joined.room_id, token: joined.token });
      })
      .catch(() => undefined);
  }, [join, token, info.serverUrl]);

  useEffect(() => () => void guest?.session.dispose(), [guest]);

  if (guest)
    return (
      <ApolloProvider client={guest.session.client}>
        <div className="ld-chat-guest">
          <ChatRoomView
            roomId={guest.roomId}
            guestToken={guest.token}
            onChanged={() => undefined}
          />
        </div>
      </ApolloProvider>
    );
  return (
    <AuthLayout title="Joining the chat" subtitle="Your invitation link opens one chat room.">
      {joining.error ? (
        <Callout intent={Intent.DANGER}>
          {describeError(joining.error, PRODUCT_ERRORS.JOIN_CHAT_ROOM_FAILED)}
        </Callout>
      ) : (
        <Spinner aria-label="Joining" />
      )}
    </AuthLayout>
  );
}
