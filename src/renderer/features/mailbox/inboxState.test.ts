import { describe, expect, it } from 'vitest';
import type { MailMessage } from './api';
import { initialInbox, inboxReducer, listFilters } from './inboxState';

const message = (id: string): MailMessage => ({
  id,
  thread_id: `<${id}>`,
  subject: id,
  from_address: 'a@b.test',
  from_name: '',
  to_addresses: [],
  sent_at: '2026-11-27T08:00:00Z',
  snippet: '',
  attachments: [],
  raw_file_ids: [],
  is_read: false,
  is_starred: false,
  is_draft: false,
  is_important: false,
  is_sent: false,
  is_spam: false,
  is_trash: false,
});

describe('inbox list state', () => {
  const loaded = inboxReducer(initialInbox, {
    type: 'loaded',
    page: {
      messages: [message('a'), message('b')],
      total: 2,
      page: 1,
      pageSize: 10,
      totalPages: 1,
      hasMore: false,
    },
  });

  it('toggles a selection on and off', () => {
    const on = inboxReducer(loaded, { type: 'toggle', id: 'a' });
    expect(on.selected).toEqual(['a']);
    expect(inboxReducer(on, { type: 'toggle', id: 'a' }).selected).toEqual([]);
  });

  it('clears the selection and shows the messages read once marked read', () => {
    const both = inboxReducer(inboxReducer(loaded, { type: 'toggle', id: 'a' }), {
      type: 'toggle',
      id: 'b',
    });
    const read = inboxReducer(both, { type: 'markedRead', ids: ['a', 'b'] });
    expect(read.selected).toEqual([]);
    expect(read.messages.every((m) => m.is_read)).toBe(true);
  });

  it('starts at page 1 of size 10 and asks the folder, unread and search filters', () => {
    expect(initialInbox).toMatchObject({ page: 1, pageSize: 10 });
    expect(listFilters({ folder: 'sent', unreadOnly: true, search: ' court ' })).toEqual({
      is_sent: true,
      is_read: false,
      search: 'court',
    });
    expect(listFilters({ folder: 'inbox', unreadOnly: false, search: '' })).toEqual({});
  });
});
