/** Input of the notification-creation helper, shared by server and renderer. */
import { z } from 'zod';

export const NOTIFICATION_PAGE_MAX = 100;

export const createNotificationInputSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, 'Enter the notification text.')
    .max(2000, 'The notification text can be at most 2000 characters.'),
  receiver_id: z.uuid('Choose who receives the notification.'),
  module: z.string().trim().max(100).optional().nullable(),
  redirect: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/(?!\/)/, 'The redirect must be a path inside the app, starting with /.')
    .optional()
    .nullable(),
  extra_content: z.string().max(4000).optional().nullable(),
});
export type CreateNotificationInput = z.infer<typeof createNotificationInputSchema>;

export const notificationPageSchema = z.object({
  limit: z.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(20),
  offset: z.number().int().min(0).default(0),
});
