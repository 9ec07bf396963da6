/**
 * The workflow messages legal-side spec section 8 quotes are in the catalogue word for word, and
 * the failures it names without words keep one message each (no two operations share one).
 */
import { describe, expect, it } from 'vitest';
import { ERRORS, PRODUCT_ERRORS } from './errors';

/** Quoted in section 8, "Workflows". */
const SPEC_WORKFLOW_MESSAGES = [
  'Failed to fetch workflow logs',
  'Failed to fetch workflow log by id',
  'Failed to fetch workflow log details by workflow id',
];

describe('the workflow messages of section 8', () => {
  it('given the quoted messages, then each is in the catalogue verbatim', () => {
    expect(ERRORS.FETCH_WORKFLOW_LOGS_FAILED).toBe(SPEC_WORKFLOW_MESSAGES[0]);
    expect(ERRORS.FETCH_WORKFLOW_LOG_FAILED).toBe(SPEC_WORKFLOW_MESSAGES[1]);
    expect(ERRORS.FETCH_WORKFLOW_LOG_DETAILS_FAILED).toBe(SPEC_WORKFLOW_MESSAGES[2]);
  });

  it('given every message, then no two codes share a text', () => {
    const texts = [...Object.values(ERRORS), ...Object.values(PRODUCT_ERRORS)];
    const repeated = texts.filter((text, index) => texts.indexOf(text) !== index);
    expect(repeated).toEqual([]);
  });
});
