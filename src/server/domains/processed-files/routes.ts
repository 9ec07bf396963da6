/**
 * REST of one processed file (spec section 7): its details, and the notifications that point at
 * it. Replies are {data: ...} or {error: {code, message}}; a missing document and another
 * tenant's answer alike (404 NOT_FOUND).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../../shared/errors';
import { failAs } from '../../errors';
import { requestOrigin, requireRequestViewer } from '../../http/auth';
import type { RouteDeps } from '../../http/routes';
import type { Viewer } from '../../permissions';

export function registerProcessedFileRoutes(
  app: FastifyInstance,
  { services, config }: RouteDeps,
): void {
  const service = services.processedFileEdits;

  function handle<T>(
    code: ErrorCode,
    work: (viewer: Viewer, request: FastifyRequest) => Promise<T>,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = await requireRequestViewer(services.auth, request);
      const data = await failAs(
        code,
        () => work(viewer, request),
        (error) =>
          request.log.error(
            { err: error, url: request.url.split('?')[0] },
            'processed file request failed',
          ),
      );
      return reply.send({ data });
    };
  }

  app.get(
    '/processed-legal-file/:id',
    handle('FETCH_PROCESSED_FILE_FAILED', async (viewer, request) => {
      const { id } = request.params as { id: string };
      const file = await service.details(viewer, id);
      return {
        ...file,
        url: file.url
          ? services.files.signer.sign(file.url, requestOrigin(request, config.publicUrl))
          : '',
      };
    }),
  );

  app.get(
    '/raw-files/processed-files-notifications/:processFileId',
    handle('FETCH_NOTIFICATIONS_FAILED', (viewer, request) => {
      const { processFileId } = request.params as { processFileId: string };
      return service.notifications(viewer, processFileId, request.query);
    }),
  );
}
