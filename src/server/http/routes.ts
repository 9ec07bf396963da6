/** Every REST route of the server. The tenant-isolation test enumerates ROUTES; add new ones here. */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { registerCompanyRoutes } from '../domains/companies/routes';
import { registerFileRoutes } from '../domains/files/routes';
import { registerFileTypeRoutes } from '../domains/pipeline/fileTypesRoutes';
import { registerRawFileRoutes } from '../domains/raw-files/routes';
import { registerUploadRoutes } from '../domains/uploads/routes';
import { registerUserRoutes } from '../domains/users/routes';
import type { Services } from '../services';

export interface RouteDeps {
  services: Services;
  config: ServerConfig;
  /** Called once a raw file's bytes are stored (status Uploaded): queues it for the pipeline. */
  onRawFileUploaded?: (rawFileId: string) => void;
}

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
] as const;

export function registerRoutes(app: FastifyInstance, deps: RouteDeps) {
  registerFileRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerRawFileRoutes(app, deps);
  registerFileTypeRoutes(app, deps);
  return { uploads: registerUploadRoutes(app, deps) };
}
