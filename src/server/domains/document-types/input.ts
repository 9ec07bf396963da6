/**
 * What the admin screen of document types may send (spec section 7: GET
 * /admin/getLegalFileTypesForWorkflows?companyId, POST /admin/update-file-type {id, data}).
 * The envelope is read first so an unknown id answers 404 before the changes are judged; the
 * changes themselves are checked once the type is known to be the caller's to change.
 */
import { z } from 'zod';
import { text, uuid } from '../../../shared/schemas/input';
import { typeRulesSchema } from '../pipeline/taxonomy';

export const HEX_CODE = /^#[0-9a-f]{6}$/i;

export const listFileTypesQuery = z.object({ companyId: text().trim().min(1) });

/** {id, data}: the id of a legal_file_type and the changes, judged later by updateFileTypeData. */
export const updateFileTypeEnvelope = z.object({ id: text().min(1), data: z.unknown() });

const folderChange = z
  .object({
    id: uuid(),
    name: text().trim().min(1).max(80).optional(),
    hex_code: text().regex(HEX_CODE, 'A colour is # followed by six hex digits').optional(),
  })
  .strict()
  .refine((folder) => folder.name !== undefined || folder.hex_code !== undefined, {
    message: 'Give the folder a new name or colour',
  });

/**
 * The changes to one type: its name, its folder (another folder of the same company), its rules,
 * and optionally the name or colour of a folder (data.folder).
 */
export const updateFileTypeData = z
  .object({
    name: text().trim().min(1).max(120).optional(),
    legal_document_folder_id: uuid().optional(),
    rules: typeRulesSchema.strict().optional(),
    folder: folderChange.optional(),
  })
  .strict()
  .refine((data) => Object.values(data).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });

export type UpdateFileTypeData = z.infer<typeof updateFileTypeData>;
