/**
 * Every REST route of the server. The tenant-isolation and permission-model tests enumerate ROUTES
 * (each needs an isolation case and a row in docs/ARCHITECTURE.md); add new ones here.
 */
import type { FastifyInstance } from 'fastify';
import { registerCaseRoutes } from '../domains/cases/routes';
import { registerCompanyRoutes } from '../domains/companies/routes';
import { registerReviewRoutes } from '../domains/document-center/routes';
import { registerFileTypeRoutes } from '../domains/document-types/routes';
import { registerProcessedFileRoutes } from '../domains/documents/routes';
import { EVALUATION_ROUTES, registerEvaluationRoutes } from '../domains/evaluation/routes';
import { registerFileRoutes } from '../domains/files/routes';
import { registerRawFileRoutes } from '../domains/raw-files/routes';
import { registerUploadRoutes } from '../domains/uploads/routes';
import { registerUserRoutes } from '../domains/users/routes';
import {
  registerWorkflowRoutes,
  WORKFLOW_READ_ONLY_POSTS,
  WORKFLOW_ROUTES,
} from '../domains/workflows/routes';
import { DIGEST_ROUTES, registerDigestRoutes } from '../domains/notification-rules/routes';
import {
  MAILBOX_READ_ONLY_POSTS,
  MAILBOX_ROUTES,
  registerMailboxRoutes,
} from '../domains/mailbox/routes';
import { CRM_READ_ONLY_POSTS, CRM_ROUTES, registerCrmRoutes } from '../domains/crm/routes';
import { INTAKE_ROUTES, registerIntakeRoutes } from '../domains/chat/routes';
import type { RouteDeps } from './routeDeps';

/** The REST surface besides /health and /graphql, as `METHOD path`. */
export const ROUTES = [
  'POST /files/upload',
  'GET /files/:key',
  'POST /companies/:id/icon',
  'POST /users/:id/avatar',
  'POST /processed-legal-file/createRawFile',
  'GET /processed-legal-file/generatePresignedUrl',
  'POST /raw-files/isDuplicateFile',
  'POST /raw-files/getRawFiles',
  'GET /raw-files/rawFilesDetails',
  'POST /raw-files/upload-log',
  'DELETE /raw-files/:id',
  // tus (HEAD /uploads/:id too; HEAD routes are not listed)
  'POST /uploads',
  'PATCH /uploads/:id',
  'DELETE /uploads/:id',
  // The admin screen of document types.
  'GET /admin/getLegalFileTypesForWorkflows',
  'POST /admin/update-file-type',
  // The admin evaluation of a company's periods.
  ...EVALUATION_ROUTES,
  // Cases (spec section 7).
  'POST /legal-cases',
  'POST /legal-cases/get-stats',
  'POST /legal-cases/import',
  'GET /case/:caseId/company/:companyId',
  'PATCH /case/:caseId/company/:companyId',
  'GET /raw-files/legal-cases',
  // One processed file (review issue).
  'GET /processed-legal-file/:id',
  'GET /raw-files/processed-files-notifications/:processFileId',
  // The document center's counts and the review queues.
  'GET /raw-files/review-processed-files-count',
  'GET /raw-files/processed-files-count',
  'GET /raw-files/need-reviews',
  'POST /raw-files/get-by-status',
  // Workflows (issue 17).
  ...WORKFLOW_ROUTES,
  // CRM integrations (issue 18).
  ...CRM_ROUTES,
  // Digest subscriptions (issue 20).
  ...DIGEST_ROUTES,
  // The smart inbox (issue 20).
  ...MAILBOX_ROUTES,
  // Intake scripts (issue 21).
  ...INTAKE_ROUTES,
] as const;

/**
 * POST routes that only read (list searches and checks with a body): they run with the read
 * statement timeout like every GET (http/readScope.ts).
 */
export const READ_ONLY_POST_ROUTES: ReadonlySet<string> = new Set([
  'POST /raw-files/isDuplicateFile',
  'POST /raw-files/getRawFiles',
  'POST /raw-files/get-by-status',
  'POST /legal-cases/get-stats',
  ...WORKFLOW_READ_ONLY_POSTS,
  ...CRM_READ_ONLY_POSTS,
  ...MAILBOX_READ_ONLY_POSTS,
]);

export function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  registerFileRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerRawFileRoutes(app, deps);
  registerFileTypeRoutes(app, deps);
  registerCaseRoutes(app, deps);
  registerProcessedFileRoutes(app, deps);
  registerReviewRoutes(app, deps);
  registerWorkflowRoutes(app, deps);
  registerCrmRoutes(app, deps);
  registerDigestRoutes(app, deps);
  registerMailboxRoutes(app, deps);
  registerEvaluationRoutes(app, deps);
  registerIntakeRoutes(app, deps);
  return { uploads: registerUploadRoutes(app, deps) };
}
