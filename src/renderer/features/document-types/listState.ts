/**
 * The screen's copy of folders and types after a save: the saved type replaces its old self, a
 * folder rename or colour reaches every type in that folder, and the order stays the server's
 * (folders as listed, then type name).
 */
import type { FileType, FileTypeList } from './api';

/** The list after one type came back from the server (sorted as the server sorts). */
export function withUpdatedType(list: FileTypeList, updated: FileType): FileTypeList {
  const folder = updated.legal_document_folder;
  const folders = list.folders.map((f) => (f.id === folder.id ? folder : f));
  const types = list.types.map((t) => {
    if (t.id === updated.id) return updated;
    return t.legal_document_folder.id === folder.id ? { ...t, legal_document_folder: folder } : t;
  });
  const order = new Map(folders.map((f, i) => [f.id, i]));
  types.sort(
    (a, b) =>
      (order.get(a.legal_document_folder_id) ?? 0) - (order.get(b.legal_document_folder_id) ?? 0) ||
      a.name.localeCompare(b.name),
  );
  return { folders, types };
}
