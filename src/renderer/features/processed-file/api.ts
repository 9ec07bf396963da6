/**
 * REST calls of the details screen: the notifications about one document
 * (GET /raw-files/processed-files-notifications/{id}, optional sortBy and orderBy; the server
 * sorts by created_at only). Answers are checked with zod; failures become a RestError with the server's catalogue code and message.
 */
import { z } from 'zod';
import { ERRORS, formatError } from '../../../shared/errors';
import { readErrorCode } from '../../app/errors';
import { RestError } from '../raw-files/api';

export const DocumentNotification = z.object({
  id: z.string(),
  content: z.string(),
  module: z.string().nullable().optional(),
  is_read: z.boolean().optional(),
  redirect: z.string().nullable().optional(),
  created_at: z.string(),
  sender_name: z.string().nullable().optional(),
  receiver_name: z.string().nullable().optional(),
});
export type DocumentNotification = z.infer<typeof DocumentNotification>;

const Answer = z.object({ data: z.array(DocumentNotification) });

const ErrorAnswer = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type NotificationSort = { sortBy: 'created_at'; orderBy: 'asc' | 'desc' };

export const NOTIFICATION_SORTS: Array<{ label: string; value: NotificationSort }> = [
  { label: 'Newest first', value: { sortBy: 'created_at', orderBy: 'desc' } },
  { label: 'Oldest first', value: { sortBy: 'created_at', orderBy: 'asc' } },
];

export function notificationsUrl(serverUrl: string, id: string, sort: NotificationSort): string {
  const query = new URLSearchParams({ sortBy: sort.sortBy, orderBy: sort.orderBy });
  return `${serverUrl.replace(/\/+$/, '')}/raw-files/processed-files-notifications/${encodeURIComponent(id)}?${query.toString()}`;
}

export async function fetchDocumentNotifications(request: {
  serverUrl: string;
  token: string;
  id: string;
  sort: NotificationSort;
  fetchFn?: typeof fetch;
}): Promise<DocumentNotification[]> {
  const fetchFn = request.fetchFn ?? fetch;
  const response = await fetchFn(notificationsUrl(request.serverUrl, request.id, request.sort), {
    headers: { Authorization: `Bearer ${request.token}` },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorAnswer.safeParse(body);
    const coded = parsed.success ? readErrorCode(parsed.data.error) : null;
    throw new RestError(
      coded?.message ?? formatError('HTTP_ERROR_STATUS', { code: response.status }),
      coded?.code ?? null,
    );
  }
  const parsed = Answer.safeParse(body);
  if (!parsed.success)
    throw new RestError(ERRORS.INVALID_RESPONSE_STRUCTURE, 'INVALID_RESPONSE_STRUCTURE');
  return parsed.data.data;
}
