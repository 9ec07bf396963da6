/**
 * REST: POST /files/upload (a user's; a chat composer's with chat_room_id, or a chat guest's, for
 * their room) and GET /files/:key.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { text } from '../../../shared/schemas/input';
import { AppError } from '../../../shared/errors';
import { failAs, parseInput } from '../../errors';
import { authenticateRequest, requestOrigin, viewerOf } from '../../http/auth';
import { sendAppError } from '../../http/errors';
import { receiveFile } from '../../http/multipart';
import type { RouteDeps } from '../../http/routeDeps';
import type { ChatCaller } from '../../permissions';

/** Upload failures carry an empty location, as the spec asks: {"error":{...},"url":""}. */
export function sendUploadError(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof AppError) return sendAppError(reply, error, { url: '' });
  throw error;
}

/** chat_room_id: a chat composer's upload, remembered for that room (chat/uploads.ts). */
const uploadQuery = z.object({ company_id: text().optional(), chat_room_id: text().optional() });
const fileQuery = z.object({ expires: text().optional(), sig: text().optional() });

/** Served files never run as pages: no sniffing, and SVG scripts are sandboxed away. */
const FILE_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'cross-origin',
} as const;

export function registerFileRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  app.post('/files/upload', async (request, reply) => {
    try {
      const auth = await authenticateRequest(services.auth, request);
      // A chat guest's upload, and a staff upload naming a chat room, are chat composer uploads:
      // stored for the room's company and remembered for the room (chat/uploads.ts).
      const who: ChatCaller =
        auth.kind === 'guest'
          ? { kind: 'guest', guest: auth.guest }
          : { kind: 'staff', viewer: viewerOf(auth) };
      const query = parseInput(uploadQuery, request.query ?? {});
      const received = await receiveFile(request, config.uploadMaxBytes);
      const upload = { name: received.name, bytes: received.bytes, companyId: query.company_id };
      const stored = await failAs(
        'UPLOAD_FILE_FAILED',
        () =>
          who.kind === 'guest' || query.chat_room_id !== undefined
            ? services.chatUploads.upload(who, { ...upload, roomId: query.chat_room_id })
            : services.files.upload(who.viewer, upload),
        (error) => request.log.error({ err: error }, 'file upload failed'),
      );
      const url = services.files.signer.sign(stored.path, requestOrigin(request, config.publicUrl));
      return reply.send({
        url,
        key: stored.file.key,
        content_type: stored.file.content_type,
        size: stored.file.size,
      });
    } catch (error) {
      return sendUploadError(reply, error);
    }
  });

  app.get<{ Params: { key: string } }>('/files/:key', async (request, reply) => {
    const link = parseInput(fileQuery, request.query ?? {});
    const auth = await authenticateRequest(services.auth, request);
    const viewer = auth.kind === 'signed-in' ? auth.viewer : undefined;
    if (auth.kind === 'invalid' && !link.sig) throw new AppError('SESSION_EXPIRED', 401);
    const { file, stream } = await services.files.open(viewer, request.params.key, link);
    return reply
      .headers(FILE_SECURITY_HEADERS)
      .header('content-type', file.content_type)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=3600')
      .send(stream);
  });
}
