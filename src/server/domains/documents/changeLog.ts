/**
 * The change logs of a document: a legal_processed_file_log row per changed field and, when the
 * caller administers the document's company (writesAdminChangeLog), an admin_file_change_log row
 * too, each naming its author.
 */
import { writesAdminChangeLog, type Viewer } from '../../permissions';
import { authorOf } from '../raw-files/service';
import type { ProcessedFileRepository } from './repository';
import type { RecordChanges } from './types';

export function logAuthor(viewer: Viewer) {
  const author = authorOf(viewer);
  return {
    updated_by_name: author.updated_by_username,
    updated_by_email: author.updated_by_email,
    updated_by_id: author.update_by_user_id,
    updated_by_role: author.updated_by_role,
  };
}

/**
 * Writes a processed-file log row per change and, for the document company's administrators
 * (writesAdminChangeLog), an admin change log row naming the document's type (as it is after the
 * change).
 */
export function changeRecorder(repo: ProcessedFileRepository): RecordChanges {
  return async (executor, viewer, changes) => {
    const author = logAuthor(viewer);
    const rows = await repo.insertLogs(
      executor,
      changes.map((change) => ({
        processed_file_id: change.file.id,
        field: change.field,
        original_value: change.from,
        updated_value: change.to,
        action_type: change.action,
        is_exception_value: change.file.is_exception,
        ...author,
      })),
    );
    const adminChanges = changes.filter((change) => writesAdminChangeLog(viewer, change.file));
    if (adminChanges.length === 0) return rows;
    const typeNames = new Map<string, string | null>();
    for (const { file } of adminChanges) {
      const typeId = file.legal_file_type_id;
      if (typeId && !typeNames.has(typeId)) {
        const type = await repo.fileType(executor, file.company_id, typeId, {
          includeDeleted: true,
        });
        typeNames.set(typeId, type?.name ?? null);
      }
    }
    await repo.insertAdminLogs(
      executor,
      adminChanges.map((change) => ({
        company_id: change.file.company_id,
        reference_file_id: change.file.id,
        data_field: change.field,
        file_type: change.file.legal_file_type_id
          ? (typeNames.get(change.file.legal_file_type_id) ?? null)
          : null,
        role: author.updated_by_role,
        current: change.from,
        updated: change.to,
        user_name: author.updated_by_name,
        email: author.updated_by_email,
        user_id: author.updated_by_id,
      })),
    );
    return rows;
  };
}
