/**
 * REST of raw files (spec section 7, upload contract): register (idempotent), where to send bytes,
 * duplicate check, list with counts (filters in the body or the query string), details, upload
 * log and soft delete. Replies are {data: ...} or {error: {code, message}}.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '../../../shared/schemas/input';
import { AppError } from '../../../shared/errors';
import type { RawFileRow } from '../../db/schema';
import { parseInput } from '../../errors';
import { requestOrigin } from '../../http/auth';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';
import { UPLOADS_PATH } from '../uploads/constants';
import { hasAcceptedExtension } from './service';

const presignQuery = z.object({ fileName: text().trim().min(1).max(255) });
const detailsQuery = z.object({ rawFileId: text().min(1) });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function registerRawFileRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  const rawFiles = services.rawFiles;

  /** A row as JSON with its stored path turned into a signed link. */
  const present = (request: FastifyRequest, row: RawFileRow) => ({
    ...row,
    url: row.url
      ? services.files.signer.sign(row.url, requestOrigin(request, config.publicUrl))
      : '',
  });

  const handle = viewerRoute(services.auth, 'raw file request');

  app.post(
    '/processed-legal-file/createRawFile',
    handle('CREATE_RAW_FILES_FAILED', async (viewer, request) => {
      const created = await rawFiles.create(viewer, request.body);
      return created.map((item) => ({
        index: item.index,
        created: item.created,
        raw_file: present(request, item.raw_file),
      }));
    }),
  );

  // LexDesk sends bytes with tus (resumable) to its own server instead of a presigned S3 URL.
  app.get(
    '/processed-legal-file/generatePresignedUrl',
    handle('CREATE_PRESIGNED_URL_FAILED', async (_viewer, request) => {
      const { fileName } = parseInput(presignQuery, request.query ?? {});
      if (!hasAcceptedExtension(fileName)) throw new AppError('INVALID_FILE_TYPE', 400);
      return {
        fileName,
        upload_url: `${requestOrigin(request, config.publicUrl)}${UPLOADS_PATH}`,
        protocol: 'tus',
      };
    }),
  );

  app.post(
    '/raw-files/isDuplicateFile',
    handle('FETCH_RAW_FILES_FAILED', (viewer, request) =>
      rawFiles.duplicates(viewer, request.body),
    ),
  );

  app.post(
    '/raw-files/getRawFiles',
    handle('FETCH_RAW_FILES_FAILED', async (viewer, request) => {
      // Filters may also come in the query string (the spec's ?statusType=...); it wins over the
      // body for a filter given in both.
      const body = isRecord(request.body) ? request.body : {};
      const query = isRecord(request.query) ? request.query : {};
      const result = await rawFiles.list(viewer, { ...body, ...query });
      return { ...result, rawFiles: result.rawFiles.map((row) => present(request, row)) };
    }),
  );

  app.get(
    '/raw-files/rawFilesDetails',
    handle('FETCH_RAW_FILE_FAILED', async (viewer, request) => {
      const { rawFileId } = parseInput(detailsQuery, request.query ?? {});
      const file = await rawFiles.get(viewer, rawFileId);
      return { ...present(request, file), logs: await rawFiles.logs(viewer, file.id) };
    }),
  );

  app.post(
    '/raw-files/upload-log',
    handle('CREATE_RAW_FILE_LOG_FAILED', (viewer, request) =>
      rawFiles.uploadLog(viewer, request.body),
    ),
  );

  app.delete<{ Params: { id: string } }>(
    '/raw-files/:id',
    handle('DELETE_RAW_FILE_FAILED', async (viewer, request) => {
      const { id } = request.params as { id: string };
      return present(request, await rawFiles.remove(viewer, id));
    }),
  );
}
