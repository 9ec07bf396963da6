/**
 * A case as clients see it (GraphQL LegalCase and the REST replies): case_id is the id, dates are
 * YYYY-MM-DD, timestamps ISO 8601, match_numbers and is_deleted stay inside the server.
 */
import type { LegalCaseRow } from '../../db/schemaPipeline';

/** A DATE column as YYYY-MM-DD (drizzle gives strings; a Date is taken as its UTC day). */
export function dayOf(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return value.slice(0, 10);
}

export interface PresentedCase {
  id: string;
  case_id: string;
  company_id: string;
  case_number: string;
  name: string | null;
  client_name: string | null;
  eams_number: string | null;
  wcab_number: string | null;
  primary_number: string | null;
  alternate_number: string | null;
  legal_case_status: string | null;
  legal_case_type: string | null;
  date_of_incident: string | null;
  date_of_injury: string | null;
  crm_type: string | null;
  created_at: string;
  updated_at: string;
  documents_count: number;
}

export function presentCase(row: LegalCaseRow & { documents_count: number }): PresentedCase {
  return {
    id: row.id,
    case_id: row.id,
    company_id: row.company_id,
    case_number: row.case_number,
    name: row.name,
    client_name: row.client_name,
    eams_number: row.eams_number,
    wcab_number: row.wcab_number,
    primary_number: row.primary_number,
    alternate_number: row.alternate_number,
    legal_case_status: row.legal_case_status,
    legal_case_type: row.legal_case_type,
    date_of_incident: dayOf(row.date_of_incident),
    date_of_injury: dayOf(row.date_of_injury),
    crm_type: row.crm_type,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    documents_count: row.documents_count,
  };
}
