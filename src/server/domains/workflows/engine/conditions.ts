/** The conditions' verdicts over a document (pure: the engine and the test run share them). */
import type { BranchHandle, NodeConfig } from '../../../../shared/workflows';
import { fieldText, type DocumentFacts } from './facts';

export interface Verdict {
  branch: BranchHandle;
  output: Record<string, unknown>;
}

const branch = (yes: boolean): BranchHandle => (yes ? 'true' : 'false');

export function fieldCondition(
  config: NodeConfig<'condition.field'>,
  facts: DocumentFacts,
): Verdict {
  const actual = fieldText(facts, config.field).trim();
  const expected = config.value.trim();
  let yes: boolean;
  switch (config.operator) {
    case 'equals':
      yes = actual.toLowerCase() === expected.toLowerCase();
      break;
    case 'contains':
      yes = actual.toLowerCase().includes(expected.toLowerCase());
      break;
    case 'matches':
      yes = new RegExp(config.value, 'i').test(actual);
      break;
    case 'is_empty':
      yes = actual === '';
      break;
  }
  return { branch: branch(yes), output: { field: config.field, value: actual.slice(0, 500) } };
}

export function caseMatchedCondition(facts: DocumentFacts): Verdict {
  return {
    branch: branch(facts.legal_case_id !== null),
    output: { legal_case_id: facts.legal_case_id, case_number: facts.case_number_of_case },
  };
}

export function confidenceCondition(
  config: NodeConfig<'condition.confidence'>,
  facts: DocumentFacts,
): Verdict {
  const value = (config.measure === 'split' ? facts.split_confidence : facts.type_confidence) ?? 0;
  return {
    branch: branch(value < config.threshold),
    output: { measure: config.measure, confidence: value, threshold: config.threshold },
  };
}

/** {name}, {applicant}, {file_type}, {date_of_injury} filled from the document. */
export function fillTemplate(template: string, facts: DocumentFacts): string {
  return template.replace(/\{(name|applicant|file_type|date_of_injury)\}/g, (_m, key: string) =>
    fieldText(facts, key as 'name'),
  );
}
