/** Notification rules: the receiver reads and marks their own; senders notify users they can see. */
import { Repeater } from 'graphql-yoga';
import { AppError } from '../../../shared/errors';
import { createNotificationInputSchema, notificationPageSchema } from '../../../shared/schemas';
import { parseInput } from '../../errors';
import { canNotify, type Viewer } from '../../permissions';
import type { UserRepository } from '../users/repository';
import type { NotificationBus } from './bus';
import type { NotificationRepository, NotificationView } from './repository';

/** What the creation helper takes (spec: content, receiver, sender, module, redirect). */
export interface NewNotification {
  content: string;
  receiverId: string;
  senderId: string | null;
  module?: string | null;
  redirect?: string | null;
  extraContent?: string | null;
  /** The receiver's company; the notification belongs to it. */
  companyId: string;
}

export function createNotificationService(
  repo: NotificationRepository,
  users: UserRepository,
  bus: NotificationBus,
) {
  const notFound = () => new AppError('NOTIFICATION_NOT_FOUND', 404);

  /** The creation helper for server code: stores the notification and announces it live. */
  async function notify(input: NewNotification): Promise<NotificationView> {
    const row = await repo.insert({
      content: input.content,
      receiver_id: input.receiverId,
      sender_id: input.senderId,
      module: input.module ?? null,
      redirect: input.redirect ?? null,
      extra_content: input.extraContent ?? null,
      company_id: input.companyId,
    });
    const view = await repo.findForReceiver(row.receiver_id, row.id);
    if (!view) throw new Error('notification vanished after insert');
    return view;
  }

  return {
    notify,

    async list(viewer: Viewer, raw: { limit?: number | null; offset?: number | null }) {
      const page = parseInput(notificationPageSchema, {
        limit: raw.limit ?? undefined,
        offset: raw.offset ?? undefined,
      });
      const [items, counts] = await Promise.all([
        repo.listForReceiver(viewer.user.id, page.limit, page.offset),
        repo.counts(viewer.user.id),
      ]);
      return { items, total: counts.total, unread_count: counts.unread };
    },

    async unreadCount(viewer: Viewer): Promise<number> {
      return (await repo.counts(viewer.user.id)).unread;
    },

    async markRead(viewer: Viewer, id: string): Promise<NotificationView> {
      if (!(await repo.markRead(viewer.user.id, id))) throw notFound();
      const view = await repo.findForReceiver(viewer.user.id, id);
      if (!view) throw notFound();
      return view;
    },

    markAllRead(viewer: Viewer): Promise<number> {
      return repo.markAllRead(viewer.user.id);
    },

    /** The GraphQL helper: the caller is the sender; the receiver must be someone they can see. */
    async create(viewer: Viewer, raw: unknown): Promise<NotificationView> {
      const input = parseInput(createNotificationInputSchema, raw);
      const receiver = await users.findVisible(viewer.companyIds, input.receiver_id);
      if (!receiver || !canNotify(viewer, receiver)) throw new AppError('NO_USER_PROFILE', 404);
      return notify({
        content: input.content,
        receiverId: receiver.id,
        senderId: viewer.user.id,
        module: input.module,
        redirect: input.redirect,
        extraContent: input.extra_content,
        companyId: receiver.company_id,
      });
    },

    /** The caller's notifications as they are created, until the subscriber stops. */
    live(viewer: Viewer): AsyncIterable<NotificationView> {
      const receiverId = viewer.user.id;
      return new Repeater<NotificationView>(async (push, stop) => {
        // Loads run one after another so events arrive in the order they were announced.
        let queue: Promise<unknown> = Promise.resolve();
        const off = bus.onNotification(receiverId, (event) => {
          queue = queue
            .then(() => repo.findForReceiver(receiverId, event.id))
            .then((view) => (view ? push(view) : undefined))
            .catch(() => undefined);
        });
        await stop;
        off();
      });
    },

    /**
     * The caller's unread count: the listener is registered before the first count is read, so a
     * notification created at any time after the first value arrives is counted in a later one.
     */
    liveUnreadCount(viewer: Viewer): AsyncIterable<number> {
      const receiverId = viewer.user.id;
      return new Repeater<number>(async (push, stop) => {
        let queue: Promise<unknown> = Promise.resolve();
        const pushCount = () => {
          queue = queue
            .then(() => repo.counts(receiverId))
            .then((counts) => push(counts.unread))
            .catch(() => undefined);
        };
        const off = bus.onNotification(receiverId, pushCount);
        pushCount();
        await stop;
        off();
      });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
