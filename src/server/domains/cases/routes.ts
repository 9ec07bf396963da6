/**
 * REST of cases (spec section 7). Replies are {data: ...} or {error: {code, message}}; unexpected
 * faults answer 'Failed to fetch case data' (FETCH_CASE_DATA_FAILED). Another tenant's case, company
 * or raw file answers exactly like a missing one.
 *
 * - POST /legal-cases?page&limit&crmType {query, filters, companyIds, sortBy?, sortOrder?}
 *   -> {legalCases, pagination: {page, limit, total, totalPages}} (recent cases: page 1, limit 3)
 * - POST /legal-cases/get-stats?companyId&crmType -> CaseStats
 * - POST /legal-cases/import?companyId, a text/csv body (up to 20 MB) or JSON {csv}
 *   -> CaseImportResult
 * - GET /case/:caseId/company/:companyId -> the case with documents_count (a malformed id: 400)
 * - PATCH /case/:caseId/company/:companyId {data: {...fields}} -> the updated case
 * - GET /raw-files/legal-cases?id=<raw file id> -> [{...case, linked_document_ids, recommendation}]
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type ErrorCode } from '../../../shared/errors';
import { uuid } from '../../../shared/schemas/input';
import { notFound, parseInput, ValidationError } from '../../errors';
import { requireRequestViewer } from '../../http/auth';
import { viewerRoute, type ViewerWork } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';
import { presentCase } from './present';

/** The largest CSV POST /legal-cases/import accepts (other routes keep the 1 MB default). */
export const CASE_IMPORT_BODY_LIMIT = 20 * 1024 * 1024;
const CSV_TYPES = ['text/csv', 'application/csv'];
/** Both ids of /case/:caseId/company/:companyId; a malformed one is refused (400) and named. */
const caseParamsSchema = z.object({ caseId: uuid(), companyId: uuid() });

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const recordOf = (value: unknown): Record_ => (isRecord(value) ? value : {});

export function registerCaseRoutes(app: FastifyInstance, { services }: RouteDeps): void {
  const cases = services.cases;

  const route = viewerRoute(services.auth, 'case request');
  /** Every case route answers 'Failed to fetch case data' on faults unless it names another code. */
  const handle = <T>(work: ViewerWork<T>, code: ErrorCode = 'FETCH_CASE_DATA_FAILED') =>
    route(code, work);

  app.post(
    '/legal-cases',
    handle(async (viewer, request) => {
      const body = recordOf(request.body);
      const query = recordOf(request.query);
      const pick = (key: string) => query[key] ?? body[key];
      const page = await cases.list(viewer, {
        companyIds: body.companyIds ?? query.companyIds,
        query: pick('query'),
        filters: body.filters,
        page: pick('page'),
        limit: pick('limit'),
        crmType: pick('crmType'),
        sortBy: pick('sortBy'),
        sortOrder: pick('sortOrder'),
      });
      return {
        legalCases: page.items.map(presentCase),
        pagination: {
          page: page.page,
          limit: page.limit,
          total: page.total,
          totalPages: page.totalPages,
        },
      };
    }),
  );

  app.post(
    '/legal-cases/get-stats',
    handle(async (viewer, request) => {
      const body = recordOf(request.body);
      const query = recordOf(request.query);
      return cases.stats(viewer, {
        companyId: query.companyId ?? body.companyId,
        crmType: query.crmType ?? body.crmType,
      });
    }),
  );

  // The import takes CSV text up to 20 MB: its own content-type parser and body limit, kept to
  // this route by registering it in an encapsulated plugin.
  void app.register(async (scope) => {
    scope.addContentTypeParser(CSV_TYPES, { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/legal-cases/import',
      {
        bodyLimit: CASE_IMPORT_BODY_LIMIT,
        // Refuse a caller without a session before reading up to 20 MB of body.
        onRequest: async (request) => void (await requireRequestViewer(services.auth, request)),
      },
      handle(async (viewer, request) => {
        const query = recordOf(request.query);
        const body = request.body;
        const csv = typeof body === 'string' ? body : recordOf(body).csv;
        return cases.importCsv(viewer, {
          companyId: query.companyId ?? recordOf(body).companyId,
          csv,
        });
      }),
    );
  });

  const caseParams = (request: FastifyRequest) => parseInput(caseParamsSchema, request.params);

  app.get(
    '/case/:caseId/company/:companyId',
    handle(async (viewer, request) => {
      const { caseId, companyId } = caseParams(request);
      const found = await cases.get(viewer, caseId, companyId);
      if (!found) throw notFound();
      return presentCase(found);
    }),
  );

  app.patch(
    '/case/:caseId/company/:companyId',
    handle(async (viewer, request) => {
      const { caseId, companyId } = caseParams(request);
      const body = recordOf(request.body);
      // Visibility before the body's shape: another tenant's case is "not found" whatever is sent.
      if (!(await cases.get(viewer, caseId, companyId))) throw notFound();
      if (!isRecord(body.data))
        throw new ValidationError([
          { path: 'data', message: 'Send the changed fields as {"data": {...}}.' },
        ]);
      return presentCase(await cases.update(viewer, caseId, body.data, companyId));
    }),
  );

  app.get(
    '/raw-files/legal-cases',
    handle(async (viewer, request) => {
      const { id } = recordOf(request.query);
      if (typeof id !== 'string' || id.trim() === '')
        throw new ValidationError([{ path: 'id', message: 'The raw file id (?id=) is required.' }]);
      const found = await cases.rawFileCases(viewer, id.trim());
      return found.map((entry) => ({
        ...presentCase(entry.case),
        linked_document_ids: entry.linked_document_ids,
        recommendation: entry.recommendation,
      }));
    }),
  );
}
