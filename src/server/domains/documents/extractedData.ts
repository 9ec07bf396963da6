/**
 * Extracted data values of a processed file (spec sections 3 and 7: legal_extracted_data_for_
 * processed_file; "save extracted values per processed file; update an extracted value").
 * Saving is per data field: the document's live value of that field is updated, else one is
 * added. A value a person saved carries saved_by_user, so reprocessing the raw file keeps it
 * (see the pipeline's write.ts); each change is written to the document's log.
 */
import { z } from 'zod';
import { text, uuid as uuidOf } from '../../../shared/schemas/input';
import { notFound, parseInput, ValidationError } from '../../errors';
import type { Viewer } from '../../permissions';
import type { ExtractedRow } from './extractedQueries';
import type { ProcessedFileRepository } from './repository';
import type { FieldChange, RecordChanges } from './types';

const uuid = uuidOf('Not a valid id');

const saveSchema = z
  .object({
    processed_file_id: text(),
    values: z
      .array(
        z.object({
          data_field: text().trim().min(1, 'A data field is required').max(200),
          extracted_value: text().max(20_000).nullish(),
          legal_company_data_for_extraction_id: uuid.nullish(),
        }),
      )
      .min(1, 'At least one value is needed')
      .max(200),
  })
  .superRefine((input, context) => {
    const seen = new Set<string>();
    input.values.forEach((value, i) => {
      if (seen.has(value.data_field))
        context.addIssue({
          code: 'custom',
          path: ['values', i, 'data_field'],
          message: `${value.data_field} is given twice`,
        });
      seen.add(value.data_field);
    });
  });

const updateSchema = z
  .object({
    id: text(),
    extracted_value: text().max(20_000).nullable().optional(),
    is_saved_in_crm: z.boolean().nullish(),
  })
  .refine((input) => input.extracted_value !== undefined || input.is_saved_in_crm != null, {
    message: 'Give extracted_value or is_saved_in_crm',
    path: ['extracted_value'],
  });

const fieldOf = (dataField: string) => `extracted_data.${dataField}`;

export function createExtractedDataService(
  repo: ProcessedFileRepository,
  recordChanges: RecordChanges,
) {
  return {
    /** Adds or updates the document's values by data field; returns them in the given order. */
    async save(viewer: Viewer, raw: unknown): Promise<ExtractedRow[]> {
      const input = parseInput(saveSchema, raw);
      return repo.transaction(async (tx) => {
        const file = await repo.find(tx, viewer.companyIds, input.processed_file_id, {
          lock: true,
        });
        if (!file) throw notFound();
        if (file.is_deleted)
          throw new ValidationError([
            { path: 'processed_file_id', message: 'This document was deleted' },
          ]);
        const linkIds = input.values.flatMap((value) =>
          value.legal_company_data_for_extraction_id
            ? [value.legal_company_data_for_extraction_id]
            : [],
        );
        const links = new Set(
          (await repo.companyDataFields(tx, file.company_id, linkIds)).map((row) => row.id),
        );
        const issues = input.values.flatMap((value, i) =>
          value.legal_company_data_for_extraction_id &&
          !links.has(value.legal_company_data_for_extraction_id)
            ? [
                {
                  path: `values.${i}.legal_company_data_for_extraction_id`,
                  message: 'Not a data field of this company',
                },
              ]
            : [],
        );
        if (issues.length > 0) throw new ValidationError(issues);

        const existing = new Map(
          (await repo.liveExtracted(tx, file.id)).map((row) => [row.data_field, row]),
        );
        const saved: ExtractedRow[] = [];
        const changes: FieldChange[] = [];
        for (const value of input.values) {
          const next = value.extracted_value ?? null;
          const old = existing.get(value.data_field);
          const link =
            value.legal_company_data_for_extraction_id ??
            old?.legal_company_data_for_extraction_id ??
            null;
          const row = old
            ? await repo.updateExtracted(tx, old.id, {
                extracted_value: next,
                legal_company_data_for_extraction_id: link,
                saved_by_user: viewer.user.id,
              })
            : await repo.insertExtracted(tx, {
                processed_file_id: file.id,
                data_field: value.data_field,
                extracted_value: next,
                legal_company_data_for_extraction_id: link,
                saved_by_user: viewer.user.id,
              });
          saved.push(row);
          if (!old || old.extracted_value !== next)
            changes.push({
              file,
              field: fieldOf(value.data_field),
              from: old?.extracted_value ?? null,
              to: next,
              action: 'extracted_data',
            });
        }
        await recordChanges(tx, viewer, changes);
        return saved;
      });
    },

    /** Changes the value and/or the CRM mark; the caller becomes saved_by_user. */
    async update(viewer: Viewer, raw: unknown): Promise<ExtractedRow> {
      const input = parseInput(updateSchema, raw);
      return repo.transaction(async (tx) => {
        const found = await repo.findExtracted(tx, viewer.companyIds, input.id);
        if (!found) throw notFound();
        const { value } = found;
        const row = await repo.updateExtracted(tx, value.id, {
          ...(input.extracted_value !== undefined
            ? { extracted_value: input.extracted_value }
            : {}),
          ...(input.is_saved_in_crm != null ? { is_saved_in_crm: input.is_saved_in_crm } : {}),
          saved_by_user: viewer.user.id,
        });
        const file = {
          id: value.processed_file_id,
          company_id: found.company_id,
          is_exception: found.is_exception,
          legal_file_type_id: found.legal_file_type_id,
        };
        const changes: FieldChange[] = [];
        if (row.extracted_value !== value.extracted_value)
          changes.push({
            file,
            field: fieldOf(value.data_field),
            from: value.extracted_value,
            to: row.extracted_value,
            action: 'extracted_data',
          });
        if (row.is_saved_in_crm !== value.is_saved_in_crm)
          changes.push({
            file,
            field: `${fieldOf(value.data_field)}.is_saved_in_crm`,
            from: String(value.is_saved_in_crm),
            to: String(row.is_saved_in_crm),
            action: 'extracted_data',
          });
        await recordChanges(tx, viewer, changes);
        return row;
      });
    },
  };
}

export type ExtractedDataService = ReturnType<typeof createExtractedDataService>;
