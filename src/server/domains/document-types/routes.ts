/**
 * REST of the admin screen of document types (spec section 7):
 * GET /admin/getLegalFileTypesForWorkflows?companyId -> {data: {folders, types}} and
 * POST /admin/update-file-type {id, data} -> {data: type}. Errors are {error: {code, message}};
 * unexpected faults go to the shared error handler (logged, answered with the generic message).
 */
import type { FastifyInstance } from 'fastify';
import { requireRequestViewer } from '../../http/auth';
import type { RouteDeps } from '../../http/routeDeps';
import type { FileTypeView } from './repository';

const present = (type: FileTypeView) => ({
  id: type.id,
  key: type.key,
  name: type.name,
  company_id: type.company_id,
  legal_document_folder_id: type.legal_document_folder.id,
  legal_document_folder: type.legal_document_folder,
  rules: type.rules,
  updated_at: type.updated_at.toISOString(),
});

export function registerFileTypeRoutes(app: FastifyInstance, { services }: RouteDeps): void {
  const { fileTypes } = services;

  app.get('/admin/getLegalFileTypesForWorkflows', async (request, reply) => {
    const viewer = await requireRequestViewer(services.auth, request);
    const { folders, types } = await fileTypes.list(viewer, request.query);
    return reply.send({ data: { folders, types: types.map(present) } });
  });

  app.post('/admin/update-file-type', async (request, reply) => {
    const viewer = await requireRequestViewer(services.auth, request);
    const updated = await fileTypes.update(viewer, request.body);
    return reply.send({ data: present(updated) });
  });
}
