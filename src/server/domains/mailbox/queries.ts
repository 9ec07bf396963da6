/**
 * Reads of one integration's messages: the paged list (spec "Smart inbox list state": messages,
 * total, page, pageSize, totalPages, hasMore), a thread, the unread count and the contacts (every
 * address the mailbox has exchanged mail with: data and total).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { mailMessage } from '../../db/schemaMail';
import { MESSAGE_FLAGS, type MessageListQuery } from '../../../shared/mailbox/schemas';
import { orderThread } from './thread';

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's columns: no bodies. */
export const listColumns = {
  id: mailMessage.id,
  thread_id: mailMessage.thread_id,
  subject: mailMessage.subject,
  from_address: mailMessage.from_address,
  from_name: mailMessage.from_name,
  to_addresses: mailMessage.to_addresses,
  cc_addresses: mailMessage.cc_addresses,
  sent_at: mailMessage.sent_at,
  snippet: mailMessage.snippet,
  attachments: mailMessage.attachments,
  raw_file_ids: mailMessage.raw_file_ids,
  ...Object.fromEntries(MESSAGE_FLAGS.map((flag) => [flag, mailMessage[flag]])),
} as const;

/** Where a folder filter is given, it decides; otherwise the inbox (starred/important: all but spam and trash). */
function listCondition(integrationId: string, query: MessageListQuery): SQL {
  const filters = { ...query.filters };
  for (const key of ['is_sent', 'is_draft', 'is_read'] as const)
    if (query[key] !== undefined) filters[key] = query[key];
  const conditions: SQL[] = [eq(mailMessage.integration_id, integrationId)];
  for (const flag of MESSAGE_FLAGS) {
    const value = filters[flag];
    if (value !== undefined) conditions.push(eq(mailMessage[flag], value));
  }
  const folderChosen = ['is_sent', 'is_draft', 'is_spam', 'is_trash', 'is_inbox'].some(
    (flag) => filters[flag as keyof typeof filters] !== undefined,
  );
  if (!folderChosen) {
    const inbox =
      filters.is_starred === undefined && filters.is_important === undefined && !filters.thread_id;
    // Written as the predicate of mail_message_inbox_idx, so the planner matches that index.
    conditions.push(
      inbox
        ? sql`(is_inbox and not is_spam and not is_trash)`
        : sql`(not is_spam and not is_trash)`,
    );
  }
  if (filters.search) {
    const like = likeText(filters.search);
    conditions.push(
      or(
        ilike(mailMessage.subject, like),
        ilike(mailMessage.from_address, like),
        ilike(mailMessage.from_name, like),
        ilike(mailMessage.snippet, like),
      )!,
    );
  }
  if (filters.from) conditions.push(ilike(mailMessage.from_address, likeText(filters.from)));
  if (filters.thread_id) conditions.push(eq(mailMessage.thread_id, filters.thread_id));
  if (filters.has_attachments !== undefined)
    conditions.push(
      filters.has_attachments
        ? sql`jsonb_array_length(${mailMessage.attachments}) > 0`
        : sql`jsonb_array_length(${mailMessage.attachments}) = 0`,
    );
  return and(...conditions)!;
}

/** The number of messages a list query matches (an index-only count on the same index as the page). */
export async function listTotal(
  db: Database,
  integrationId: string,
  query: MessageListQuery,
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(mailMessage)
    .where(listCondition(integrationId, query));
  return total?.n ?? 0;
}

/**
 * A page: the page's ids are found first (an index-only walk of mail_message_inbox_idx or
 * mail_message_list_idx), then only those rows are read. OFFSET walks every index entry before
 * the page, so a page in the older half is found from the other end of the index (ascending, the
 * offset counted from the last message) and the walk is at most half the list. The total comes
 * from `total` (the service caches it per filter: it is the same for every page) and is counted
 * here when none is given.
 */
export async function listMessages(
  db: Database,
  integrationId: string,
  query: MessageListQuery,
  total: () => Promise<number> = () => listTotal(db, integrationId, query),
) {
  const where = listCondition(integrationId, query);
  const totalCount = await total();
  const offset = (query.page - 1) * query.pageSize;
  const fromEnd = offset > totalCount / 2;
  const pageIds = db
    .select({ id: mailMessage.id })
    .from(mailMessage)
    .where(where)
    .orderBy(
      ...(fromEnd
        ? [asc(mailMessage.sent_at), asc(mailMessage.id)]
        : [desc(mailMessage.sent_at), desc(mailMessage.id)]),
    )
    .limit(fromEnd ? Math.max(0, Math.min(query.pageSize, totalCount - offset)) : query.pageSize)
    .offset(fromEnd ? Math.max(0, totalCount - offset - query.pageSize) : offset);
  const rows = await db
    .select(listColumns)
    .from(mailMessage)
    .where(inArray(mailMessage.id, pageIds))
    .orderBy(desc(mailMessage.sent_at), desc(mailMessage.id));
  const totalPages = Math.max(1, Math.ceil(totalCount / query.pageSize));
  return {
    messages: rows,
    total: totalCount,
    page: query.page,
    pageSize: query.pageSize,
    totalPages,
    hasMore: query.page < totalPages,
  };
}

/**
 * A thread (its first 500 messages by date) in reply order (thread.ts): oldest first, but a reply
 * never before the message its In-Reply-To / References name.
 */
export async function threadMessages(db: Database, integrationId: string, threadId: string) {
  const rows = await db
    .select({
      ...listColumns,
      text_body: mailMessage.text_body,
      html_body: mailMessage.html_body,
      message_id: mailMessage.message_id,
      in_reply_to: mailMessage.in_reply_to,
      reference_ids: mailMessage.reference_ids,
      uid: mailMessage.uid,
    })
    .from(mailMessage)
    .where(and(eq(mailMessage.integration_id, integrationId), eq(mailMessage.thread_id, threadId)))
    .orderBy(asc(mailMessage.sent_at), asc(mailMessage.id))
    .limit(500);
  return orderThread(rows).map(
    ({ message_id: _m, in_reply_to: _r, reference_ids: _refs, uid: _u, ...message }) => message,
  );
}

export async function unreadCount(db: Database, integrationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mailMessage)
    .where(
      and(
        eq(mailMessage.integration_id, integrationId),
        eq(mailMessage.is_inbox, true),
        eq(mailMessage.is_read, false),
      ),
    );
  return row?.n ?? 0;
}

/** Every address in the mailbox's From, To and Cc, with how often, searchable. */
export async function contacts(
  db: Database,
  integrationId: string,
  query: { page: number; pageSize: number; globalSearch?: string | undefined },
) {
  const search = query.globalSearch ? likeText(query.globalSearch) : null;
  const result = await db.execute<{
    email: string;
    name: string;
    messages: number;
    total: number;
  }>(sql`
    with addresses as (
      select from_address as email, from_name as name from mail_message
       where integration_id = ${integrationId} and from_address <> ''
      union all
      select unnest(to_addresses || cc_addresses), '' from mail_message
       where integration_id = ${integrationId}
    ), grouped as (
      select email, max(name) as name, count(*)::int as messages from addresses
       group by email
    )
    select email, name, messages, (count(*) over ())::int as total from grouped
     where ${search === null ? sql`true` : sql`(email ilike ${search} or name ilike ${search})`}
     order by messages desc, email
     limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const rows = result.rows;
  return {
    data: rows.map(({ email, name, messages }) => ({ email, name, messages })),
    total: rows[0]?.total ?? 0,
  };
}
