/**
 * The smart inbox's list state (spec section 3 "Smart inbox list state": messages, total, page,
 * pageSize, totalPages, hasMore, selected messages, unread count, filter) and its one rule from
 * section 4: a message's selection toggles, and the selection clears once messages are marked read.
 */
import { SMART_INBOX_PAGE_SIZE } from '../../../shared/constants';
import type { MailMessage } from './api';

export const FOLDERS = [
  { key: 'inbox', label: 'Inbox', filters: {} },
  { key: 'starred', label: 'Starred', filters: { is_starred: true } },
  { key: 'important', label: 'Important', filters: { is_important: true } },
  { key: 'sent', label: 'Sent', filters: { is_sent: true } },
  { key: 'drafts', label: 'Drafts', filters: { is_draft: true } },
  { key: 'spam', label: 'Spam', filters: { is_spam: true } },
  { key: 'trash', label: 'Trash', filters: { is_trash: true } },
] as const;
export type FolderKey = (typeof FOLDERS)[number]['key'];

export interface InboxState {
  messages: MailMessage[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  hasMore: boolean;
  selected: string[];
  unread: number;
  folder: FolderKey;
  unreadOnly: boolean;
  search: string;
}

export const initialInbox: InboxState = {
  messages: [],
  total: 0,
  page: 1,
  pageSize: SMART_INBOX_PAGE_SIZE,
  totalPages: 1,
  hasMore: false,
  selected: [],
  unread: 0,
  folder: 'inbox',
  unreadOnly: false,
  search: '',
};

export type InboxAction =
  | {
      type: 'loaded';
      page: Pick<InboxState, 'messages' | 'total' | 'page' | 'pageSize' | 'totalPages' | 'hasMore'>;
    }
  | { type: 'unread'; count: number }
  | { type: 'toggle'; id: string }
  | { type: 'markedRead'; ids: string[] }
  | { type: 'folder'; folder: FolderKey }
  | { type: 'unreadOnly'; value: boolean }
  | { type: 'search'; text: string }
  | { type: 'page'; page: number };

export function inboxReducer(state: InboxState, action: InboxAction): InboxState {
  switch (action.type) {
    case 'loaded': {
      const visible = new Set(action.page.messages.map((m) => m.id));
      return { ...state, ...action.page, selected: state.selected.filter((id) => visible.has(id)) };
    }
    case 'unread':
      return { ...state, unread: action.count };
    case 'toggle':
      return {
        ...state,
        selected: state.selected.includes(action.id)
          ? state.selected.filter((id) => id !== action.id)
          : [...state.selected, action.id],
      };
    case 'markedRead': {
      const read = new Set(action.ids);
      return {
        ...state,
        selected: [],
        messages: state.messages.map((m) => (read.has(m.id) ? { ...m, is_read: true } : m)),
      };
    }
    case 'folder':
      return { ...state, folder: action.folder, page: 1, selected: [] };
    case 'unreadOnly':
      return { ...state, unreadOnly: action.value, page: 1, selected: [] };
    case 'search':
      return { ...state, search: action.text, page: 1, selected: [] };
    case 'page':
      return { ...state, page: Math.max(1, action.page) };
  }
}

/** The list request's filters for the state. */
export function listFilters(state: Pick<InboxState, 'folder' | 'unreadOnly' | 'search'>) {
  const folder = FOLDERS.find((f) => f.key === state.folder) ?? FOLDERS[0];
  return {
    ...folder.filters,
    ...(state.unreadOnly ? { is_read: false } : {}),
    ...(state.search.trim() ? { search: state.search.trim() } : {}),
  } as Record<string, string | boolean>;
}
