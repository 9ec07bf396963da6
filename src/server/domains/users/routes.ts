/** REST: POST /users/:id/avatar (own profile only; png, jpeg or svg). */
import type { FastifyInstance } from 'fastify';
import { COMPANY_ICON_TYPES } from '../../../shared/schemas';
import { failAs } from '../../errors';
import { requestOrigin, requireRequestViewer } from '../../http/auth';
import { receiveFile } from '../../http/multipart';
import type { RouteDeps } from '../../http/routeDeps';
import { sendUploadError } from '../files/routes';

export function registerUserRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  app.post<{ Params: { id: string } }>('/users/:id/avatar', async (request, reply) => {
    try {
      const viewer = await requireRequestViewer(services.auth, request);
      await services.users.assertCanSetAvatar(viewer, request.params.id);
      const received = await receiveFile(request, config.uploadMaxBytes);
      const user = await failAs(
        'UPLOAD_AVATAR_FAILED',
        async () => {
          const stored = await services.files.upload(viewer, {
            ...received,
            allowed: COMPANY_ICON_TYPES,
          });
          return services.users.setAvatar(viewer, stored.path).catch(async (error: unknown) => {
            await services.files.discard(stored).catch(() => undefined);
            throw error;
          });
        },
        (error) => request.log.error({ err: error }, 'avatar upload failed'),
      );
      const url = user.avatar
        ? services.files.signer.sign(user.avatar, requestOrigin(request, config.publicUrl))
        : '';
      return reply.send({ url });
    } catch (error) {
      return sendUploadError(reply, error);
    }
  });
}
