/** Document types grouped by folder for the picker, and a folder colour safe to paint with. */
import type { DocumentFolder, DocumentType } from './operations';

export interface TypeGroup {
  folder: DocumentFolder;
  types: DocumentType[];
}

/** Folders by name, their types by name; `filter` matches the type or the folder name. */
export function groupTypesByFolder(types: readonly DocumentType[], filter = ''): TypeGroup[] {
  const needle = filter.trim().toLowerCase();
  const groups = new Map<string, TypeGroup>();
  for (const type of types) {
    const folder = type.legal_document_folder;
    if (
      needle &&
      !type.name.toLowerCase().includes(needle) &&
      !folder.name.toLowerCase().includes(needle)
    )
      continue;
    const group = groups.get(folder.id) ?? { folder, types: [] };
    group.types.push(type);
    groups.set(folder.id, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.folder.name.localeCompare(b.folder.name))
    .map((group) => ({
      ...group,
      types: group.types.sort((a, b) => a.name.localeCompare(b.name)),
    }));
}

const NEUTRAL = '#8f99a8';

/** The folder's hex colour when it is one (#rgb or #rrggbb, with or without '#'), else grey. */
export function swatchColour(hex: string | null | undefined): string {
  if (!hex) return NEUTRAL;
  const value = hex.trim();
  const withHash = value.startsWith('#') ? value : `#${value}`;
  return /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(withHash) ? withHash : NEUTRAL;
}
