/** REST: POST /companies/:id/icon (png, jpeg or svg; company managers only). */
import type { FastifyInstance } from 'fastify';
import { COMPANY_ICON_TYPES } from '../../../shared/schemas';
import { failAs } from '../../errors';
import { requestOrigin, requireRequestViewer } from '../../http/auth';
import { receiveFile } from '../../http/multipart';
import type { RouteDeps } from '../../http/routeDeps';
import { sendUploadError } from '../files/routes';

export function registerCompanyRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  app.post<{ Params: { id: string } }>('/companies/:id/icon', async (request, reply) => {
    try {
      const viewer = await requireRequestViewer(services.auth, request);
      await services.companies.assertCanSetIcon(viewer, request.params.id);
      const received = await receiveFile(request, config.uploadMaxBytes);
      const company = await failAs(
        'UPLOAD_ICON_FAILED',
        async () => {
          const stored = await services.files.upload(viewer, {
            ...received,
            companyId: request.params.id,
            allowed: COMPANY_ICON_TYPES,
          });
          return services.companies
            .setIcon(viewer, request.params.id, stored.path)
            .catch(async (error: unknown) => {
              await services.files.discard(stored).catch(() => undefined);
              throw error;
            });
        },
        (error) => request.log.error({ err: error }, 'company icon upload failed'),
      );
      const url = company.icon_url
        ? services.files.signer.sign(company.icon_url, requestOrigin(request, config.publicUrl))
        : '';
      return reply.send({ url });
    } catch (error) {
      return sendUploadError(reply, error);
    }
  });
}
