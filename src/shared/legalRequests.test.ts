import { describe, expect, it } from 'vitest';
import {
  canMoveLegalRequest,
  createLegalRequestInput,
  LEGAL_REQUEST_STATUSES,
} from './legalRequests';

describe('task request status moves', () => {
  it('given every pair of statuses, then exactly hold/complete from In Progress, resume from On Hold and reopen from Completed are allowed', () => {
    const allowed = LEGAL_REQUEST_STATUSES.flatMap((from) =>
      LEGAL_REQUEST_STATUSES.filter((to) => canMoveLegalRequest(from, to)).map(
        (to) => `${from} -> ${to}`,
      ),
    );
    expect(allowed).toEqual([
      'In Progress -> On Hold',
      'In Progress -> Completed',
      'On Hold -> In Progress',
      'Completed -> In Progress',
    ]);
  });
});

describe('the create input', () => {
  it('given only a headline, then every other required field is named once', () => {
    const result = createLegalRequestInput.safeParse({ headline: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'company_id is required.',
      'requested_by is required.',
      'priority is required.',
      'category is required.',
      'due_date is required.',
      'details is required.',
    ]);
  });
});
