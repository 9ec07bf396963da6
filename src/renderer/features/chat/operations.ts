/** GraphQL operations of the chat and intake script screens (schema/64-chat.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const CHAT_ROOMS_QUERY = graphql(`
  query ChatRooms($company_id: ID) {
    chatRooms(company_id: $company_id) {
      id
      name
      room_type
      is_favorite
      unread_count
      last_message
      last_message_at
    }
  }
`);

export const CHAT_ROOM_QUERY = graphql(`
  query ChatRoom($room_id: ID!) {
    chatRoom(room_id: $room_id) {
      id
      name
      room_type
      is_favorite
      unread_count
      my_member_id
      can_manage
      members {
        id
        name
        is_guest
        user_id
        staff_id
        contact_id
        joined_at
        last_read_message_id
      }
      company_id
      intake_script {
        id
        title
        subject
        dialog
        required_data
      }
      intake_answers {
        name
        value
      }
    }
  }
`);

export type ChatRoomDetails = ResultOf<typeof CHAT_ROOM_QUERY>['chatRoom'];

/** A chat message as the room shows it: the page query and the live events answer the same fields. */
const CHAT_MESSAGE_FIELDS = graphql(`
  fragment ChatMessageFields on ChatMessage {
    id
    sender_id
    sender_name
    message
    created_at
    attached_files {
      id
      name
      type
      size
      file_url
    }
  }
`);

export const CHAT_MESSAGES_QUERY = graphql(
  `
    query ChatMessages($room_id: ID!, $before: ID) {
      chatMessages(room_id: $room_id, before: $before) {
        has_more
        items {
          ...ChatMessageFields
        }
      }
    }
  `,
  [CHAT_MESSAGE_FIELDS],
);

export type ChatMessageItem = ResultOf<typeof CHAT_MESSAGES_QUERY>['chatMessages']['items'][number];

export const CHAT_ROOM_EVENTS = graphql(
  `
    subscription ChatRoomEvents($room_id: ID!) {
      chatRoomEvents(room_id: $room_id) {
        type
        member_id
        member_name
        last_read_message_id
        message {
          ...ChatMessageFields
        }
      }
    }
  `,
  [CHAT_MESSAGE_FIELDS],
);

export const CHAT_ROOMS_CHANGED = graphql(`
  subscription ChatRoomsChanged($company_id: ID) {
    chatRoomsChanged(company_id: $company_id) {
      type
      room_id
    }
  }
`);

export const CREATE_CHAT_ROOM = graphql(`
  mutation CreateChatRoom($input: CreateChatRoomInput!) {
    createChatRoom(input: $input) {
      id
    }
  }
`);

/** A chip taken out of the composer: the server forgets the unsent upload at once. */
export const REMOVE_CHAT_UPLOAD = graphql(`
  mutation RemoveChatUpload($key: String!) {
    removeChatUpload(key: $key)
  }
`);

export const SEND_CHAT_MESSAGE = graphql(`
  mutation SendChatMessage(
    $room_id: ID!
    $message: String
    $attachment_keys: [String!]
    $client_id: String
  ) {
    sendChatMessage(
      room_id: $room_id
      message: $message
      attachment_keys: $attachment_keys
      client_id: $client_id
    ) {
      id
    }
  }
`);

export const MARK_CHAT_ROOM_READ = graphql(`
  mutation MarkChatRoomRead($room_id: ID!) {
    markChatRoomRead(room_id: $room_id) {
      id
      unread_count
    }
  }
`);

export const SEND_CHAT_TYPING = graphql(`
  mutation SendChatTyping($room_id: ID!) {
    sendChatTyping(room_id: $room_id)
  }
`);

export const ADD_CHAT_MEMBER = graphql(`
  mutation AddChatRoomMember($input: AddChatRoomMemberInput!) {
    addChatRoomMember(input: $input) {
      invitation_token
      invitation_expires_at
      member {
        id
        name
      }
    }
  }
`);

export const SET_CHAT_FAVORITE = graphql(`
  mutation SetChatRoomFavorite($room_id: ID!, $is_favorite: Boolean) {
    setChatRoomFavorite(room_id: $room_id, is_favorite: $is_favorite) {
      id
      is_favorite
    }
  }
`);

export const INTAKE_SCRIPTS_QUERY = graphql(`
  query IntakeScripts($page: Int, $page_size: Int) {
    intakeScripts(page: $page, page_size: $page_size) {
      total
      page
      page_size
      total_pages
      items {
        id
        title
        subject
        dialog
        required_data
        last_updated_at
      }
    }
  }
`);

export const CREATE_INTAKE_SCRIPT = graphql(`
  mutation CreateIntakeScript($input: CreateIntakeScriptInput!) {
    createIntakeScript(input: $input) {
      id
    }
  }
`);

export const DELETE_INTAKE_SCRIPT = graphql(`
  mutation DeleteIntakeScript($id: ID!) {
    deleteIntakeScript(id: $id)
  }
`);

/** Who a room's staff can add: the company's users, its legal staff and its legal contacts. */
export const CHAT_PEOPLE_QUERY = graphql(`
  query ChatPeople($company_id: ID!) {
    usersByCompany(company_id: $company_id) {
      id
      first_name
      last_name
      email
      is_deactivated
    }
    legalStaff(company_id: $company_id) {
      id
      display_name
      email
    }
    legalContacts(company_id: $company_id) {
      id
      name
      primary_email
    }
  }
`);

export const SET_CHAT_ROOM_SCRIPT = graphql(`
  mutation SetChatRoomIntakeScript($room_id: ID!, $intake_script_id: ID) {
    setChatRoomIntakeScript(room_id: $room_id, intake_script_id: $intake_script_id) {
      id
      room_type
    }
  }
`);

export const SAVE_CHAT_INTAKE_ANSWERS = graphql(`
  mutation SaveChatIntakeAnswers($room_id: ID!, $answers: [IntakeAnswerInput!]) {
    saveChatIntakeAnswers(room_id: $room_id, answers: $answers) {
      id
      intake_answers {
        name
        value
      }
    }
  }
`);
