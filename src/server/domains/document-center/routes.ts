/**
 * REST of the review queues and the document center's counts (spec sections 5 and 7). Replies are
 * {data: ...} or {error: {code, message}}; stored file paths are answered as signed links.
 *
 * - GET  /raw-files/review-processed-files-count?company_id  -> {count}; no company_id: 400
 *   "Company ID is required".
 * - GET  /raw-files/processed-files-count?company_id[&filters] -> {count, capped}.
 * - GET  /raw-files/need-reviews?company_ids=a,b&tags=...    -> {rawFiles (each with
 *   exception_processed_files), total}.
 * - POST /raw-files/get-by-status?statusType=all|no_file_type|multi_case, body: the raw-file list
 *   filters (companyIds, searchQuery, page, pageSize, includeContentSearch, ...) -> same shape.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawFileRow } from '../../db/schema';
import { requestOrigin } from '../../http/auth';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';
import type { ProcessedFileRecord } from '../documents/columns';

const queryOf = (request: FastifyRequest): Record<string, unknown> =>
  typeof request.query === 'object' && request.query !== null
    ? (request.query as Record<string, unknown>)
    : {};

export function registerReviewRoutes(app: FastifyInstance, { services, config }: RouteDeps): void {
  const lists = services.processedFileList;

  const handle = viewerRoute(services.auth, 'review request');

  const link = (request: FastifyRequest, stored: string) =>
    stored ? services.files.signer.sign(stored, requestOrigin(request, config.publicUrl)) : '';

  /** Raw files with their exception documents, stored paths turned into signed links. */
  const present = (
    request: FastifyRequest,
    result: {
      rawFiles: Array<RawFileRow & { exception_processed_files: ProcessedFileRecord[] }>;
      total: number;
      total_capped: boolean;
    },
  ) => ({
    total: result.total,
    total_capped: result.total_capped,
    rawFiles: result.rawFiles.map((row) => ({
      ...row,
      url: link(request, row.url),
      exception_processed_files: row.exception_processed_files.map((document) => ({
        ...document,
        url: link(request, document.url),
      })),
    })),
  });

  app.get(
    '/raw-files/review-processed-files-count',
    handle(
      'FETCH_REVIEW_COUNT_FAILED',
      (viewer, request) => lists.reviewCount(viewer, queryOf(request)),
      { readOnly: true },
    ),
  );

  app.get(
    '/raw-files/processed-files-count',
    handle(
      'FETCH_PROCESSED_FILE_FAILED',
      (viewer, request) => lists.centerCount(viewer, queryOf(request)),
      { readOnly: true },
    ),
  );

  app.get(
    '/raw-files/need-reviews',
    handle(
      'FETCH_RAW_FILES_FAILED',
      async (viewer, request) =>
        present(request, await lists.needReviews(viewer, queryOf(request))),
      { readOnly: true },
    ),
  );

  app.post(
    '/raw-files/get-by-status',
    handle('FETCH_RAW_FILES_FAILED', async (viewer, request) =>
      present(
        request,
        await lists.byStatus(viewer, queryOf(request).statusType, request.body ?? {}),
      ),
    ),
  );
}
