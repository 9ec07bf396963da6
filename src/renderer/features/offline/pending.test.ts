import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../shared/ipc/review';
import { pendingByDocument, withPending } from './pending';

function item(patch: Partial<OutboxItem>): OutboxItem {
  return {
    id: 'o1',
    documentId: 'd1',
    companyId: 'c1',
    documentName: 'Claim form',
    kind: 'update',
    changes: {},
    base: {},
    state: 'pending',
    conflicts: [],
    attempts: 0,
    lastError: null,
    createdAt: 1,
    ...patch,
  };
}

describe('changes waiting in the outbox', () => {
  it('given two unsent changes of a document, then the newest value of each field waits, in the order changed', () => {
    const pending = pendingByDocument([
      item({
        id: 'b',
        createdAt: 2,
        changes: { applicant: 'Maria Ruiz-Offline', defendant: 'Acme' },
      }),
      item({ id: 'a', createdAt: 1, changes: { applicant: 'Maria R.' } }),
      item({ id: 'c', documentId: 'd2', state: 'sending', changes: { adj_number: ['ADJ1'] } }),
    ]);
    expect(pending.get('d1')).toEqual({
      fields: ['applicant', 'defendant'],
      changes: { applicant: 'Maria Ruiz-Offline', defendant: 'Acme' },
    });
    expect(pending.get('d2')?.changes).toEqual({ adj_number: ['ADJ1'] });
  });

  it('given a conflict, a refused change or a mark-reviewed, then nothing waits to be shown', () => {
    const pending = pendingByDocument([
      item({ state: 'conflict', changes: { applicant: 'x' } }),
      item({ documentId: 'd2', state: 'failed', changes: { applicant: 'y' } }),
      item({ documentId: 'd3', kind: 'markReviewed' }),
    ]);
    expect(pending.size).toBe(0);
  });

  it('given a document with a waiting value, then it shows that value, and a new type takes its name from the local copy', () => {
    const doc = {
      id: 'd1',
      applicant: 'Maria Ruiz',
      legal_file_type_id: 't1',
      legal_file_type: { id: 't1', name: 'Medical report' },
    };
    const shown = withPending(
      doc,
      {
        fields: ['applicant', 'legal_file_type_id', 'crm_case_id'],
        changes: { applicant: 'Maria Ruiz-Offline', legal_file_type_id: 't2', crm_case_id: 'X' },
      },
      { legal_file_type_id: 't2', legal_file_type: { id: 't2', name: 'Claim form' } },
    );
    expect(shown).toEqual({
      id: 'd1',
      applicant: 'Maria Ruiz-Offline',
      legal_file_type_id: 't2',
      legal_file_type: { id: 't2', name: 'Claim form' },
    });
    expect(withPending(doc, undefined)).toBe(doc);
  });
});
