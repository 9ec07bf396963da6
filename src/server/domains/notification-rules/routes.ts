/**
 * REST of digest subscriptions (spec section 7 "Digest subscription"); `{provider}` is the mail
 * integration's kind (`imap`). Replies are {data: ...} or {error: {code, message}}.
 * - POST  /email-subscription/:provider/create-email-subscription {emails, starting_date, frequency, file_type, company_id}
 * - PATCH /email-subscription/:provider/update-email-subscription/:id {fields to change}
 * - GET   /email-subscription/:provider/subscription/:id
 * - GET   /email-subscription/:provider/subscriptions?company_id (the screen's list)
 * - GET   /email-subscription/:provider/processed-documents?companyId&page&pageSize&sortBy&sortOrder&<filters>
 * - GET   /email-subscription/:provider/processed-documents/bulk?companyId&pageSize&<filters> (page 1)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestOrigin } from '../../http/auth';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';

export const DIGEST_ROUTES = [
  'POST /email-subscription/:provider/create-email-subscription',
  'PATCH /email-subscription/:provider/update-email-subscription/:id',
  'GET /email-subscription/:provider/subscription/:id',
  'GET /email-subscription/:provider/subscriptions',
  'GET /email-subscription/:provider/processed-documents',
  'GET /email-subscription/:provider/processed-documents/bulk',
] as const;

type Params = { provider?: string; id?: string };
const paramsOf = (request: FastifyRequest) => (request.params ?? {}) as Params;
const queryOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.query === 'object' && request.query !== null
    ? { ...(request.query as Record<string, unknown>) }
    : {};

/** The spec's document-filter query (camelCase paging) as the document center's arguments. */
function listArgs(query: Record<string, unknown>, bulk: boolean) {
  const { companyId, company_id, page, pageSize, sortBy, sortOrder, ...filters } = query;
  const number = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);
  return {
    company_id: companyId ?? company_id,
    page: bulk ? 1 : (number(page) ?? 1),
    page_size: number(pageSize) ?? 10,
    ...(sortBy !== undefined ? { sort_by: sortBy } : {}),
    ...(sortOrder !== undefined ? { sort_order: sortOrder } : {}),
    filters,
  };
}

export function registerDigestRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  const digests = services.digestSubscriptions;
  const handle = viewerRoute(services.auth, 'email subscription request');
  const link = (request: FastifyRequest, stored: string | null) =>
    stored ? services.files.signer.sign(stored, requestOrigin(request, config.publicUrl)) : '';

  app.post(
    '/email-subscription/:provider/create-email-subscription',
    handle('SAVE_EMAIL_SUBSCRIPTION_FAILED', (viewer, request) =>
      digests.create(viewer, paramsOf(request).provider, request.body),
    ),
  );
  app.patch(
    '/email-subscription/:provider/update-email-subscription/:id',
    handle('SAVE_EMAIL_SUBSCRIPTION_FAILED', (viewer, request) =>
      digests.update(viewer, paramsOf(request).provider, paramsOf(request).id, request.body),
    ),
  );
  app.get(
    '/email-subscription/:provider/subscription/:id',
    handle(
      'FETCH_EMAIL_SUBSCRIPTION_FAILED',
      (viewer, request) => digests.get(viewer, paramsOf(request).provider, paramsOf(request).id),
      { readOnly: true },
    ),
  );
  app.get(
    '/email-subscription/:provider/subscriptions',
    handle(
      'FETCH_EMAIL_SUBSCRIPTION_FAILED',
      (viewer, request) =>
        digests.list(viewer, paramsOf(request).provider, queryOf(request).company_id),
      { readOnly: true },
    ),
  );
  for (const bulk of [false, true])
    app.get(
      `/email-subscription/:provider/processed-documents${bulk ? '/bulk' : ''}`,
      handle(
        'FETCH_PROCESSED_FILE_FAILED',
        async (viewer, request) => {
          digests.checkProvider(paramsOf(request).provider);
          const page = await services.processedFileList.list(
            viewer,
            listArgs(queryOf(request), bulk),
          );
          return {
            ...page,
            items: page.items.map((item) => ({ ...item, url: link(request, item.url) })),
          };
        },
        { readOnly: true },
      ),
    );
}
