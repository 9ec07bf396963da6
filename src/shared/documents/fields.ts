/**
 * The fields of a processed document a person may edit (GraphQL ProcessedFileChanges), in the
 * order logs, conflicts and forms list them, and the words every screen uses for them. The server
 * (edit rules, logs), the desktop (outbox checks) and the renderer (form, history, outbox dialog)
 * all read them from here.
 */

/** The number fields; each holds a list (spec: "the number fields may be lists"). */
export const NUMBER_FIELDS = [
  'case_number',
  'adj_number',
  'eams_number',
  'claim_number',
  'wcab_number',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** Calendar days (see days.ts); date_of_injury_end closes a cumulative-trauma period. */
export const DATE_FIELDS = ['date_of_injury', 'date_of_injury_end', 'date_of_incident'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** The document's pages in its raw file; changing them re-splits the raw file. */
export const PAGE_FIELDS = ['start_page_no', 'end_page_no'] as const;
export type PageField = (typeof PAGE_FIELDS)[number];

/** Every editable field, in the order logs and conflicts list them. */
export const EDITABLE_FIELDS = [
  'name',
  'legal_file_type_id',
  ...NUMBER_FIELDS,
  ...DATE_FIELDS,
  'applicant',
  'defendant',
  'legal_case_id',
  'crm_case_id',
  ...PAGE_FIELDS,
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

const EDITABLE: ReadonlySet<string> = new Set(EDITABLE_FIELDS);

export function isEditableField(field: string): field is EditableField {
  return EDITABLE.has(field);
}

/** The editable fields' labels, in the words of the spec's field names. */
export const FIELD_LABELS: Readonly<Record<EditableField, string>> = {
  name: 'Name',
  legal_file_type_id: 'Document type',
  case_number: 'Case numbers',
  adj_number: 'ADJ numbers',
  eams_number: 'EAMS numbers',
  claim_number: 'Claim numbers',
  wcab_number: 'WCAB numbers',
  date_of_injury: 'Date of injury',
  date_of_injury_end: 'End of injury period',
  date_of_incident: 'Date of incident',
  applicant: 'Applicant',
  defendant: 'Defendant',
  legal_case_id: 'Case',
  crm_case_id: 'CRM case id',
  start_page_no: 'First page',
  end_page_no: 'Last page',
};

/**
 * Other names the document's logs use: an id change is logged under the name of what it points
 * to (legal_file_type, legal_case), and review, deletion and re-splits have their own.
 */
export const LOGGED_FIELD_LABELS: Readonly<Record<string, string>> = {
  legal_file_type: 'Document type',
  legal_case: 'Case',
  page_range: 'Pages',
  document: 'Document',
  reviewed: 'Reviewed',
  reviewed_at: 'Reviewed',
  is_deleted: 'Deleted',
};

/** Whether `field` has a label here (an editable field or a logged name). */
export function isLabelledField(field: string): boolean {
  return isEditableField(field) || Object.hasOwn(LOGGED_FIELD_LABELS, field);
}

/** The words for a field name; an unknown name reads with spaces for underscores. */
export function fieldLabel(field: string): string {
  if (isEditableField(field)) return FIELD_LABELS[field];
  return Object.hasOwn(LOGGED_FIELD_LABELS, field)
    ? (LOGGED_FIELD_LABELS[field] ?? field)
    : field.replace(/_/g, ' ');
}
