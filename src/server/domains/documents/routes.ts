/**
 * REST of one processed file (spec section 7): its details, and the notifications that point at
 * it. Replies are {data: ...} or {error: {code, message}}; a missing document and another
 * tenant's answer alike (404 NOT_FOUND).
 */
import type { FastifyInstance } from 'fastify';
import { requestOrigin } from '../../http/auth';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';

export function registerProcessedFileRoutes(
  app: FastifyInstance,
  { services, config }: RouteDeps,
): void {
  const service = services.processedFileEdits;

  const handle = viewerRoute(services.auth, 'processed file request');

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
