import { describe, expect, it } from 'vitest';
import { flagsOf, isPdfAttachment, messageIds, threadIdOf } from './parse';
import { importsPdfs, matchingActions, ruleFlags } from './rules';

describe('mail parsing', () => {
  it('names a thread by the first of References, else In-Reply-To, else its own id', () => {
    expect(
      threadIdOf({ references: ['<a@x>', '<b@x>'], inReplyTo: '<b@x>', messageId: '<c@x>' }, 'f'),
    ).toBe('<a@x>');
    expect(threadIdOf({ references: undefined, inReplyTo: '<b@x>', messageId: '<c@x>' }, 'f')).toBe(
      '<b@x>',
    );
    expect(
      threadIdOf({ references: undefined, inReplyTo: undefined, messageId: '<c@x>' }, 'f'),
    ).toBe('<c@x>');
    expect(
      threadIdOf({ references: undefined, inReplyTo: undefined, messageId: undefined }, 'uid:1'),
    ).toBe('uid:1');
    expect(messageIds('<a@x> junk <b@x>')).toEqual(['<a@x>', '<b@x>']);
  });

  it('maps IMAP flags and the folder to the spec flags', () => {
    const inbox = { isInbox: true, specialUse: '\\Inbox' };
    expect(flagsOf(new Set(['\\Seen', '\\Flagged', '$Important']), inbox)).toMatchObject({
      is_read: true,
      is_starred: true,
      is_important: true,
      is_inbox: true,
      is_sent: false,
    });
    expect(flagsOf(new Set(), { isInbox: false, specialUse: '\\Sent' })).toMatchObject({
      is_sent: true,
      is_read: false,
    });
    expect(flagsOf(new Set(), { isInbox: false, specialUse: '\\Junk' }).is_spam).toBe(true);
    expect(flagsOf(new Set(), { isInbox: false, specialUse: '\\Trash' }).is_trash).toBe(true);
    expect(flagsOf(new Set(), { isInbox: false, specialUse: '\\Drafts' }).is_draft).toBe(true);
  });

  it('knows a PDF by type or by name', () => {
    expect(isPdfAttachment({ contentType: 'application/pdf' })).toBe(true);
    expect(isPdfAttachment({ contentType: 'application/octet-stream', filename: 'scan.PDF' })).toBe(
      true,
    );
    expect(isPdfAttachment({ contentType: 'image/png', filename: 'scan.png' })).toBe(false);
  });
});

describe('filtering rules', () => {
  const mail = {
    from_address: 'clerk@court.test',
    from_name: 'Court Clerk',
    subject: 'Hearing notice',
    to_addresses: ['me@firm.test'],
  };

  it('matches from, subject and to, case-insensitively', () => {
    const actions = matchingActions(
      [
        { field: 'from', contains: 'COURT', action: 'star' },
        { field: 'subject', contains: 'invoice', action: 'mark_read' },
        { field: 'to', contains: 'me@', action: 'important' },
      ],
      mail,
    );
    expect([...actions].sort()).toEqual(['important', 'star']);
    expect(ruleFlags(actions)).toEqual(['\\Flagged', '$Important']);
  });

  it('imports every PDF without an import rule, and only matching mail with one', () => {
    expect(importsPdfs([], new Set())).toBe(true);
    const rules = [{ field: 'from' as const, contains: 'scanner', action: 'import_pdfs' as const }];
    expect(importsPdfs(rules, matchingActions(rules, mail))).toBe(false);
    expect(
      importsPdfs(rules, matchingActions(rules, { ...mail, from_address: 'scanner@firm.test' })),
    ).toBe(true);
  });
});
