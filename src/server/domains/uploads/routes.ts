/**
 * Mounts the tus endpoint in Fastify: POST /uploads, HEAD/PATCH/DELETE /uploads/:id, in an
 * encapsulated plugin whose content-type parsers leave the request stream to tus. Every request is
 * authenticated here (bearer token) before tus sees it. A timer removes expired uploads.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { ValidationError } from '../../errors';
import { requireRequestViewer } from '../../http/auth';
import { errorBody } from '../../http/errors';
import type { RouteDeps } from '../../http/routeDeps';
import { createUploadAlerts, type UploadAlerts } from './alerts';
import { UPLOADS_PATH } from './constants';
import { patchUpload } from './patch';
import { createTusEndpoint } from './tus';

/** The cleanup runs this often (and never less often than uploads expire). */
const MAX_CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

export function registerUploadRoutes(
  app: FastifyInstance,
  deps: RouteDeps,
): { alerts: UploadAlerts; cleanUp: () => Promise<number> } {
  const { services, config } = deps;
  const alerts = createUploadAlerts(
    { webhookUrl: config.slackWebhookUrl, channel: config.uploadAlertChannel },
    app.log,
  );
  const tus = createTusEndpoint({
    services,
    config,
    alerts,
    log: app.log,
    onUploaded: deps.onRawFileUploaded,
    listening: () => app.server.address(),
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    let viewer;
    try {
      viewer = await requireRequestViewer(services.auth, request);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.header('tus-resumable', '1.0.0').status(error.status).send(errorBody(error));
    }
    if (request.headers['upload-concat'] !== undefined) {
      // tus's concatenation extension is not offered (OPTIONS does not list it); tus itself would
      // answer 501, a server fault, for what is a request this server never invited.
      const refused = new ValidationError([
        {
          path: 'upload-concat',
          message: 'Uploads cannot be joined; send the file as one upload.',
        },
      ]);
      return reply.header('tus-resumable', '1.0.0').status(400).send(errorBody(refused));
    }
    tus.viewers.set(request.raw, viewer);
    reply.hijack();
    // PATCH reads the request itself on the happy path (patch.ts); the rest is tus's.
    if (request.method === 'PATCH') await patchUpload(request.raw, reply.raw, viewer, tus);
    else await tus.server.handle(request.raw, reply.raw);
  };

  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({ method: 'POST', url: UPLOADS_PATH, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${UPLOADS_PATH}/:id`, handler });
  });

  const intervalMs = Math.min(config.uploadExpirationSeconds * 1000, MAX_CLEANUP_INTERVAL_MS);
  const timer = setInterval(() => {
    tus.cleanUp().catch((error: unknown) => app.log.error({ err: error }, 'upload cleanup failed'));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await alerts.settled();
  });
  return { alerts, cleanUp: tus.cleanUp };
}
