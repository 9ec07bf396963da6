/** SQL of notifications. Reads and writes are keyed by the receiver, i.e. the caller. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { notification, userProfile, type NotificationRow } from '../../db/schema';
import { isUuid } from '../../errors';
import { NOTIFICATION_CHANNEL } from './bus';

export type NotificationView = NotificationRow & { sender_name: string | null };

const sender = alias(userProfile, 'sender');
const viewColumns = {
  row: notification,
  sender_name: sql<
    string | null
  >`case when ${sender.id} is null then null else ${sender.first_name} || ' ' || ${sender.last_name} end`,
};
const toView = (r: { row: NotificationRow; sender_name: string | null }): NotificationView => ({
  ...r.row,
  sender_name: r.sender_name,
});

export type NewNotificationRow = typeof notification.$inferInsert;

/**
 * Inserts a notification and announces it, inside the caller's transaction: it commits (and is
 * heard) with the change it reports, or not at all. The one place notifications are written.
 */
export async function insertNotification(
  tx: DatabaseExecutor,
  values: NewNotificationRow,
): Promise<NotificationRow> {
  const [row] = await tx.insert(notification).values(values).returning();
  if (!row) throw new Error('notification insert returned no row');
  const payload = JSON.stringify({ id: row.id, receiver_id: row.receiver_id });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`);
  return row;
}

export function createNotificationRepository(db: Database) {
  function selectViews() {
    return db
      .select(viewColumns)
      .from(notification)
      .leftJoin(sender, eq(sender.id, notification.sender_id));
  }

  return {
    async listForReceiver(
      receiverId: string,
      limit: number,
      offset: number,
    ): Promise<NotificationView[]> {
      const rows = await selectViews()
        .where(eq(notification.receiver_id, receiverId))
        .orderBy(desc(notification.created_at), desc(notification.id))
        .limit(limit)
        .offset(offset);
      return rows.map(toView);
    },

    async findForReceiver(receiverId: string, id: string): Promise<NotificationView | undefined> {
      if (!isUuid(id)) return undefined;
      const rows = await selectViews()
        .where(and(eq(notification.id, id), eq(notification.receiver_id, receiverId)))
        .limit(1);
      return rows.map(toView)[0];
    },

    async counts(receiverId: string): Promise<{ total: number; unread: number }> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where not ${notification.is_read}))::int`,
        })
        .from(notification)
        .where(eq(notification.receiver_id, receiverId));
      return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
    },

    async markRead(receiverId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .update(notification)
        .set({ is_read: true })
        .where(and(eq(notification.id, id), eq(notification.receiver_id, receiverId)))
        .returning({ id: notification.id });
      return rows.length > 0;
    },

    async markAllRead(receiverId: string): Promise<number> {
      const rows = await db
        .update(notification)
        .set({ is_read: true })
        .where(and(eq(notification.receiver_id, receiverId), eq(notification.is_read, false)))
        .returning({ id: notification.id });
      return rows.length;
    },

    /** Inserts and announces the notification in one transaction: listeners hear it only once committed. */
    async insert(values: NewNotificationRow): Promise<NotificationRow> {
      return db.transaction((tx) => insertNotification(tx, values));
    },
  };
}

export type NotificationRepository = ReturnType<typeof createNotificationRepository>;
