/**
 * One fetched IMAP message (its source parsed by mailparser, its flags and folder) as a
 * mail_message row: addresses, a text snippet, capped bodies, the attachment list, the thread id
 * In-Reply-To and References, and the spec's flags (section 3 "Email message flags"). Text is
 * cleaned of NUL characters (a malformed mail can carry them; PostgreSQL text cannot). Pure: no
 * IMAP, no database.
 */
import type { AddressObject, ParsedMail } from 'mailparser';

/** Bodies beyond this are cut (the source stays on the IMAP server). */
export const MAX_STORED_BODY = 256 * 1024;
const SNIPPET_LENGTH = 200;

export interface FolderKind {
  isInbox: boolean;
  specialUse: string | null;
}

export interface ParsedRow {
  message_id: string | null;
  thread_id: string;
  in_reply_to: string | null;
  reference_ids: string[];
  subject: string;
  from_address: string;
  from_name: string;
  to_addresses: string[];
  cc_addresses: string[];
  sent_at: Date;
  snippet: string;
  text_body: string;
  html_body: string | null;
  attachments: Array<{ filename: string; content_type: string; size: number }>;
}

export interface MessageFlags {
  is_read: boolean;
  is_starred: boolean;
  is_draft: boolean;
  is_important: boolean;
  is_inbox: boolean;
  is_sent: boolean;
  is_spam: boolean;
  is_trash: boolean;
}

function addressList(value: AddressObject | AddressObject[] | undefined): string[] {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const out: string[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.address) out.push(entry.address.toLowerCase());
      if (entry.group) walk(entry.group);
    }
  };
  for (const object of objects) walk(object.value);
  return [...new Set(out)];
}

const NUL = String.fromCharCode(0);

/** Text PostgreSQL can store (no NUL), at most `max` characters. */
const cut = (text: string, max: number) => {
  const clean = text.includes(NUL) ? text.split(NUL).join('') : text;
  return clean.length > max ? clean.slice(0, max) : clean;
};
const MAX_HEADER = 998;

/** The Message-IDs of a References / In-Reply-To header, in order. */
export function messageIds(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(' ') : (header ?? '');
  return (text.match(/<[^<>\s]+>/g) ?? []).filter((id) => !id.includes(NUL));
}

/**
 * A thread is named by its first message: the first id of References, else In-Reply-To, else
 * the message's own Message-ID, else its place (folder and UID) when it has none.
 */
export function threadIdOf(
  parsed: Pick<ParsedMail, 'references' | 'inReplyTo' | 'messageId'>,
  fallback: string,
): string {
  const root = messageIds(parsed.references)[0] ?? messageIds(parsed.inReplyTo)[0];
  if (root) return root;
  const own = messageIds(parsed.messageId)[0];
  return own ?? fallback;
}

export function rowOfParsed(parsed: ParsedMail, fallbackThread: string, date: Date): ParsedRow {
  const text = parsed.text ?? '';
  const from = parsed.from?.value[0];
  const html = typeof parsed.html === 'string' ? cut(parsed.html, MAX_STORED_BODY) : null;
  return {
    message_id: messageIds(parsed.messageId)[0] ?? null,
    thread_id: cut(threadIdOf(parsed, fallbackThread), MAX_HEADER),
    in_reply_to: messageIds(parsed.inReplyTo)[0]?.slice(0, MAX_HEADER) ?? null,
    reference_ids: messageIds(parsed.references)
      .slice(-100)
      .map((id) => id.slice(0, MAX_HEADER)),
    subject: cut(parsed.subject ?? '', MAX_HEADER),
    from_address: cut(from?.address ?? '', 320).toLowerCase(),
    from_name: cut(from?.name ?? '', MAX_HEADER),
    to_addresses: addressList(parsed.to).map((a) => cut(a, 320)),
    cc_addresses: addressList(parsed.cc).map((a) => cut(a, 320)),
    sent_at: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : date,
    snippet: cut(text.replace(/\s+/g, ' ').trim(), SNIPPET_LENGTH),
    text_body: cut(text, MAX_STORED_BODY),
    html_body: html,
    attachments: parsed.attachments.map((a) => ({
      filename: cut(a.filename ?? 'attachment', 255),
      content_type: cut(a.contentType, 255),
      size: a.size,
    })),
  };
}

/** IMAP flags and the folder's role as the spec's flags. */
export function flagsOf(flags: ReadonlySet<string> | undefined, folder: FolderKind): MessageFlags {
  const has = (flag: string) => flags?.has(flag) ?? false;
  return {
    is_read: has('\\Seen'),
    is_starred: has('\\Flagged'),
    is_draft: has('\\Draft') || folder.specialUse === '\\Drafts',
    is_important: has('$Important') || has('\\Important'),
    is_inbox: folder.isInbox,
    is_sent: folder.specialUse === '\\Sent',
    is_spam: folder.specialUse === '\\Junk' || has('$Junk'),
    is_trash: folder.specialUse === '\\Trash',
  };
}

/** True for a PDF attachment (by type or by name). */
export function isPdfAttachment(a: {
  contentType: string;
  filename?: string | undefined;
}): boolean {
  return a.contentType.toLowerCase() === 'application/pdf' || /\.pdf$/i.test(a.filename ?? '');
}
