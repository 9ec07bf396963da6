import { describe, expect, it } from 'vitest';
import { processedNotices } from './notices';

const raw = { id: '3f1c2a4e-0000-4000-8000-000000000001', name: 'batch.pdf' };

describe('the notices of a finished run', () => {
  it('given documents none of which needs review, then one "ready" notice links to the raw file', () => {
    expect(processedNotices(raw, [{ exception_reasons: [] }])).toEqual([
      {
        content: '1 document ready from "batch.pdf".',
        redirect: `/raw-files/${raw.id}`,
        extra: null,
      },
    ]);
  });

  it('given documents that need review, then a second notice says how many and why, linking to the review queue', () => {
    const notices = processedNotices(raw, [
      { exception_reasons: ['needs_case_number'] },
      { exception_reasons: [] },
      { exception_reasons: ['no_file_type', 'needs_case_number'] },
      { exception_reasons: ['multi_case'] },
    ]);
    expect(notices).toEqual([
      {
        content: '4 documents ready from "batch.pdf".',
        redirect: `/raw-files/${raw.id}`,
        extra: null,
      },
      {
        content: '3 documents from "batch.pdf" need review.',
        redirect: '/review',
        extra: 'No case number: 2; no document type: 1; several matching cases: 1.',
      },
    ]);
  });
});
