/** SQL of the caller's notifications that point at a document. */
import { and, asc, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connection';
import { notification, userProfile, type NotificationRow } from '../../db/schema';

export type NotificationView = NotificationRow & { sender_name: string | null };

const sender = alias(userProfile, 'sender');

export function createNotificationQueries(db: Database) {
  return {
    /**
     * The receiver's notifications of the company that point at the document: a redirect to its
     * details route (`/documents/<id>`, with or without a query or fragment) or extra content
     * naming its id.
     */
    async notificationsAbout(
      receiverId: string,
      companyId: string,
      processedFileId: string,
      order: 'asc' | 'desc',
    ): Promise<NotificationView[]> {
      const route = `/documents/${processedFileId}`;
      const pointsAt: SQL | undefined = or(
        eq(notification.redirect, route),
        like(notification.redirect, `${route}?%`),
        like(notification.redirect, `${route}#%`),
        like(notification.extra_content, `%${processedFileId}%`),
      );
      const direction = order === 'asc' ? asc : desc;
      const rows = await db
        .select({
          row: notification,
          sender_name: sql<
            string | null
          >`case when ${sender.id} is null then null else ${sender.first_name} || ' ' || ${sender.last_name} end`,
        })
        .from(notification)
        .leftJoin(sender, eq(sender.id, notification.sender_id))
        .where(
          and(
            eq(notification.receiver_id, receiverId),
            eq(notification.company_id, companyId),
            pointsAt,
          ),
        )
        .orderBy(direction(notification.created_at), direction(notification.id));
      return rows.map(({ row, sender_name }) => ({ ...row, sender_name }));
    },
  };
}
