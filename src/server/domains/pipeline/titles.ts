/**
 * A company's naming of its documents (naming.ts documentTitle) over stored values: the names of
 * its types (deleted ones too, a document may still carry one) and its date_format, read once.
 */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { eq } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connection';
import { company } from '../../db/schema';
import { legalFileType } from '../../db/schemaPipeline';
import { dayString } from '../documents/storedValues';
import { documentTitle } from './naming';

/** The stored values a title is made of (naming.ts TITLE_FIELDS). */
export interface TitleValues {
  legal_file_type_id?: string | null | undefined;
  applicant?: string | null | undefined;
  date_of_injury?: string | Date | null | undefined;
  date_of_incident?: string | Date | null | undefined;
}

export type TitleOf = (values: TitleValues) => string;

export async function companyTitles(
  executor: DatabaseExecutor,
  companyId: string,
): Promise<TitleOf> {
  const [settings] = await executor
    .select({ dateFormat: company.date_format })
    .from(company)
    .where(eq(company.id, companyId));
  const types = await executor
    .select({ id: legalFileType.id, name: legalFileType.name })
    .from(legalFileType)
    .where(eq(legalFileType.company_id, companyId));
  const names = new Map(types.map((type) => [type.id, type.name]));
  const dateFormat = settings?.dateFormat ?? DEFAULT_DATE_FORMAT;
  return (values) =>
    documentTitle(
      {
        typeName: values.legal_file_type_id ? names.get(values.legal_file_type_id) : null,
        applicant: values.applicant,
        dateOfInjury: dayString(values.date_of_injury),
        dateOfIncident: dayString(values.date_of_incident),
      },
      dateFormat,
    );
}
