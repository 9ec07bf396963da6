/** Input of the notification-creation helper, shared by server and renderer. */
import { z } from 'zod';
import { isAppPath } from '../routes';
import { int32, text, uuid } from './input';

export const NOTIFICATION_PAGE_MAX = 100;

export const createNotificationInputSchema = z.object({
  content: text()
    .trim()
    .min(1, 'Enter the notification text.')
    .max(2000, 'The notification text can be at most 2000 characters.'),
  receiver_id: uuid('Choose who receives the notification.'),
  module: text().trim().max(100).optional().nullable(),
  redirect: text()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)/, 'The redirect must be a path inside the app, starting with /.')
    .refine(isAppPath, 'The redirect must open a page of the app (such as /raw-files or /review).')
    .optional()
    .nullable(),
  extra_content: text().max(4000).optional().nullable(),
});
export type CreateNotificationInput = z.infer<typeof createNotificationInputSchema>;

export const notificationPageSchema = z.object({
  limit: int32(1, NOTIFICATION_PAGE_MAX).default(20),
  offset: int32().default(0),
});
