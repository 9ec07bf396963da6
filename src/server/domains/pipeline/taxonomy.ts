/**
 * A company's document folders and types as the pipeline uses them. A company starts with the
 * default California workers' compensation taxonomy (seeded on first use, idempotently, and
 * topped up with default types added later); its
 * admins edit names, folders and rules later. Types a company added itself have no key, so the
 * pipeline knows them by their id.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { text } from '../../../shared/schemas/input';
import type { DatabaseExecutor } from '../../db/connection';
import { classifierModel, legalDocumentFolder, legalFileType } from '../../db/schemaPipeline';
import { parseModel, type LearnedModel } from '../../pipeline/classify';
import { DEFAULT_FOLDERS, DEFAULT_TYPES } from '../../pipeline/taxonomy/keys';
import { DEFAULT_TAXONOMY } from '../../pipeline/taxonomy/rules';
import type { DocumentTypeRule, Taxonomy } from '../../pipeline/types';

export const typeRulesSchema = z.object({
  titles: z.array(text().min(1).max(200)).max(50),
  formNumbers: z.array(text().min(1).max(100)).max(50),
  keywords: z
    .array(z.object({ term: text().min(1).max(100), weight: z.number().min(-10).max(10) }))
    .max(200),
});
export type TypeRules = z.infer<typeof typeRulesSchema>;

export interface CompanyTaxonomy {
  taxonomy: Taxonomy;
  /** The legal_file_type id of every taxonomy key. */
  typeIds: Map<string, string>;
  /** legal_file_type id -> {name, folder}, for names written into logs. */
  names: Map<string, { name: string; folder: string }>;
}

/**
 * Writes the default folders and types a company lacks: all of them for a new company, and for a
 * company seeded before a default type was added (the Request for Authorization, the Substitution
 * of Attorney) just the new ones, by key. A type the company deleted keeps its row (is_deleted),
 * so it is not brought back; a renamed folder that a new type needs is written again under its
 * default name. Safe to call again and concurrently (unique indexes, on conflict do nothing).
 */
export async function ensureCompanyTaxonomy(
  db: DatabaseExecutor,
  companyId: string,
): Promise<void> {
  const existing = await db
    .select({ key: legalFileType.key })
    .from(legalFileType)
    .where(eq(legalFileType.company_id, companyId));
  const have = new Set(existing.map((t) => t.key));
  const missing = DEFAULT_TYPES.filter((t) => !have.has(t.key));
  if (missing.length === 0) return;
  const neededFolders = new Set<string>(missing.map((t) => t.folder));
  const isNew = existing.length === 0;
  await db
    .insert(legalDocumentFolder)
    .values(
      DEFAULT_FOLDERS.filter((f) => isNew || neededFolders.has(f.name)).map((f) => ({
        company_id: companyId,
        name: f.name,
        hex_code: f.hexCode,
      })),
    )
    .onConflictDoNothing();
  const folders = await db
    .select()
    .from(legalDocumentFolder)
    .where(eq(legalDocumentFolder.company_id, companyId));
  const folderId = new Map(folders.map((f) => [f.name, f.id]));
  const rules = new Map(DEFAULT_TAXONOMY.types.map((t) => [t.key, t]));
  await db
    .insert(legalFileType)
    .values(
      missing.map((type) => {
        const rule = rules.get(type.key);
        const folder = folderId.get(type.folder);
        if (!folder) throw new Error(`default folder ${type.folder} missing`);
        return {
          company_id: companyId,
          key: type.key,
          name: type.name,
          legal_document_folder_id: folder,
          rules: {
            titles: rule?.titles ?? [],
            formNumbers: rule?.formNumbers ?? [],
            keywords: rule?.keywords ?? [],
          } satisfies TypeRules,
        };
      }),
    )
    .onConflictDoNothing();
}

/** The company's live (not deleted) types with their folders, as a pipeline Taxonomy. */
export async function loadCompanyTaxonomy(
  db: DatabaseExecutor,
  companyId: string,
): Promise<CompanyTaxonomy> {
  const rows = await db
    .select({ type: legalFileType, folder: legalDocumentFolder })
    .from(legalFileType)
    .innerJoin(
      legalDocumentFolder,
      eq(legalDocumentFolder.id, legalFileType.legal_document_folder_id),
    )
    .where(and(eq(legalFileType.company_id, companyId), eq(legalFileType.is_deleted, false)));
  const typeIds = new Map<string, string>();
  const names = new Map<string, { name: string; folder: string }>();
  const folders = new Map<string, { name: string; hexCode: string }>();
  const types: DocumentTypeRule[] = [];
  for (const { type, folder } of rows) {
    const parsed = typeRulesSchema.safeParse(type.rules);
    // A type whose stored rules are unreadable is still offered, recognised by its name only.
    const rules = parsed.success ? parsed.data : { titles: [], formNumbers: [], keywords: [] };
    const key = type.key ?? type.id;
    typeIds.set(key, type.id);
    names.set(type.id, { name: type.name, folder: folder.name });
    folders.set(folder.name, { name: folder.name, hexCode: folder.hex_code });
    types.push({
      key,
      name: type.name,
      folder: folder.name,
      titles: rules.titles.length > 0 ? rules.titles : [type.name],
      formNumbers: rules.formNumbers,
      keywords: rules.keywords,
    });
  }
  types.sort((a, b) => a.key.localeCompare(b.key));
  return { taxonomy: { folders: [...folders.values()], types }, typeIds, names };
}

/** The company's learnt first-page model (corrections.ts), if any. */
export async function loadModel(
  db: DatabaseExecutor,
  companyId: string,
): Promise<LearnedModel | undefined> {
  const [row] = await db
    .select()
    .from(classifierModel)
    .where(eq(classifierModel.company_id, companyId));
  if (!row) return undefined;
  try {
    return parseModel(JSON.stringify(row.model));
  } catch {
    return undefined; // an unreadable model means rules only, never a stuck queue
  }
}
