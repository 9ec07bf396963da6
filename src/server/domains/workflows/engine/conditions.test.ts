import { describe, expect, it } from 'vitest';
import {
  caseMatchedCondition,
  confidenceCondition,
  fieldCondition,
  fillTemplate,
} from './conditions';
import type { DocumentFacts } from './facts';

const facts: DocumentFacts = {
  id: 'd',
  company_id: 'c',
  name: 'QME Report',
  applicant: 'Maria Lopez',
  defendant: null,
  case_number: [],
  adj_number: ['ADJ123', 'ADJ456'],
  eams_number: [],
  claim_number: [],
  wcab_number: [],
  date_of_injury: '2024-03-01',
  date_of_incident: null,
  content: '',
  legal_file_type_id: null,
  file_type: 'QME Report',
  folder_id: null,
  folder: null,
  legal_case_id: null,
  case_number_of_case: null,
  split_confidence: 0.9,
  type_confidence: null,
  reviewed_at: null,
  is_deleted: false,
};

describe('conditions', () => {
  it('compares fields', () => {
    const f = (
      operator: 'equals' | 'contains' | 'matches' | 'is_empty',
      field: 'applicant' | 'adj_number' | 'defendant',
      value = '',
    ) => fieldCondition({ field, operator, value }, facts).branch;
    expect(f('equals', 'applicant', ' maria lopez')).toBe('true');
    expect(f('contains', 'adj_number', 'adj456')).toBe('true');
    expect(f('matches', 'adj_number', '^ADJ\\d{4}')).toBe('false');
    expect(f('is_empty', 'defendant')).toBe('true');
    expect(f('is_empty', 'applicant')).toBe('false');
  });

  it('tells matched cases and low confidence', () => {
    expect(caseMatchedCondition(facts).branch).toBe('false');
    expect(caseMatchedCondition({ ...facts, legal_case_id: 'x' }).branch).toBe('true');
    expect(confidenceCondition({ measure: 'split', threshold: 0.8 }, facts).branch).toBe('false');
    expect(confidenceCondition({ measure: 'type', threshold: 0.5 }, facts).branch).toBe('true');
  });

  it('fills a name template', () => {
    expect(fillTemplate('{file_type} - {applicant} {date_of_injury}', facts)).toBe(
      'QME Report - Maria Lopez 2024-03-01',
    );
  });
});
