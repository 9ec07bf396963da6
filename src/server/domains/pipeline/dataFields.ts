/**
 * The company's chosen data fields (legal_company_data_for_extraction over data_field_prompts)
 * and their values in a document, found by the label extractor.
 */
import { and, eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connection';
import { dataFieldPrompts, legalCompanyDataForExtraction } from '../../db/schemaPipeline';
import { extractDataFields } from '../../pipeline/extract';

export interface CompanyDataField {
  /** legal_company_data_for_extraction id */
  id: string;
  dataField: string;
  variable: string;
}

export async function companyDataFields(
  db: DatabaseExecutor,
  companyId: string,
): Promise<CompanyDataField[]> {
  const rows = await db
    .select({
      id: legalCompanyDataForExtraction.id,
      dataField: dataFieldPrompts.data_field,
      variable: dataFieldPrompts.data_field_variable,
    })
    .from(legalCompanyDataForExtraction)
    .innerJoin(
      dataFieldPrompts,
      eq(dataFieldPrompts.id, legalCompanyDataForExtraction.data_field_id),
    )
    .where(
      and(
        eq(legalCompanyDataForExtraction.company_id, companyId),
        eq(legalCompanyDataForExtraction.is_active, true),
        eq(legalCompanyDataForExtraction.is_deleted, false),
      ),
    );
  return rows;
}

/** Label-extracted values first; the optional LLM extractor's (`fromLlm`) fill the rest. */
export function extractCompanyData(
  text: string,
  fields: CompanyDataField[],
  fromLlm: Record<string, string> = {},
): Array<{ fieldId: string; dataField: string; value: string | null }> {
  if (fields.length === 0) return [];
  const values = extractDataFields(text, fields);
  return fields.map((field) => ({
    fieldId: field.id,
    dataField: field.dataField,
    value: values[field.variable] ?? fromLlm[field.variable] ?? null,
  }));
}
