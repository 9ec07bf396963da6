/**
 * The default California workers' compensation taxonomy: document folders (legal_document_folder,
 * name and hex_code) and the document types in them (legal_file_type), by stable key. The rules
 * that recognise each type live in rules.ts; the seed writes both for a new company.
 */
import type { DocumentFolderDef } from '../types';

export const DEFAULT_FOLDERS = [
  { name: 'Medical', hexCode: '#2d72d2' },
  { name: 'Medical-Legal', hexCode: '#7961db' },
  { name: 'Pleadings', hexCode: '#c87619' },
  { name: 'Hearings', hexCode: '#cd4246' },
  { name: 'Settlements and Orders', hexCode: '#238551' },
  { name: 'Discovery', hexCode: '#634dbf' },
  { name: 'Liens and Billing', hexCode: '#8f398f' },
  { name: 'Utilization Review', hexCode: '#00a396' },
  { name: 'Correspondence', hexCode: '#5f6b7c' },
  { name: 'Claims Administration', hexCode: '#d1980b' },
] as const satisfies readonly DocumentFolderDef[];

export type DefaultFolderName = (typeof DEFAULT_FOLDERS)[number]['name'];

export const DEFAULT_TYPES = [
  { key: 'medical_report', name: 'Medical Report', folder: 'Medical' },
  { key: 'pr2', name: 'PR-2 Progress Report', folder: 'Medical' },
  { key: 'pr4', name: 'PR-4 Permanent and Stationary Report', folder: 'Medical' },
  { key: 'qme_report', name: 'QME Report', folder: 'Medical-Legal' },
  { key: 'ame_report', name: 'AME Report', folder: 'Medical-Legal' },
  {
    key: 'application_for_adjudication',
    name: 'Application for Adjudication',
    folder: 'Pleadings',
  },
  {
    key: 'declaration_of_readiness',
    name: 'Declaration of Readiness to Proceed',
    folder: 'Pleadings',
  },
  { key: 'petition', name: 'Petition', folder: 'Pleadings' },
  { key: 'answer', name: 'Answer to Application', folder: 'Pleadings' },
  {
    key: 'substitution_of_attorney',
    name: 'Substitution of Attorney / Notice of Representation',
    folder: 'Pleadings',
  },
  { key: 'notice_of_hearing', name: 'Notice of Hearing', folder: 'Hearings' },
  { key: 'minutes_of_hearing', name: 'Minutes of Hearing', folder: 'Hearings' },
  {
    key: 'compromise_and_release',
    name: 'Compromise and Release',
    folder: 'Settlements and Orders',
  },
  {
    key: 'stipulations_with_award',
    name: 'Stipulations with Request for Award',
    folder: 'Settlements and Orders',
  },
  { key: 'findings_and_award', name: 'Findings and Award', folder: 'Settlements and Orders' },
  { key: 'order', name: 'Order', folder: 'Settlements and Orders' },
  { key: 'subpoena', name: 'Subpoena Duces Tecum', folder: 'Discovery' },
  { key: 'deposition_notice', name: 'Notice of Deposition', folder: 'Discovery' },
  { key: 'lien', name: 'Notice and Request for Allowance of Lien', folder: 'Liens and Billing' },
  { key: 'medical_bill', name: 'Medical Bill', folder: 'Liens and Billing' },
  {
    key: 'request_for_authorization',
    name: 'Request for Authorization (DWC Form RFA)',
    folder: 'Utilization Review',
  },
  { key: 'ur_decision', name: 'Utilization Review Decision', folder: 'Utilization Review' },
  {
    key: 'imr_decision',
    name: 'Independent Medical Review Decision',
    folder: 'Utilization Review',
  },
  { key: 'correspondence', name: 'Correspondence', folder: 'Correspondence' },
  { key: 'proof_of_service', name: 'Proof of Service', folder: 'Correspondence' },
  { key: 'claim_form', name: 'DWC-1 Claim Form', folder: 'Claims Administration' },
  { key: 'benefit_notice', name: 'Benefit Notice', folder: 'Claims Administration' },
] as const satisfies ReadonlyArray<{ key: string; name: string; folder: DefaultFolderName }>;

export type DefaultTypeKey = (typeof DEFAULT_TYPES)[number]['key'];
export const DEFAULT_TYPE_KEYS: readonly DefaultTypeKey[] = DEFAULT_TYPES.map((t) => t.key);
