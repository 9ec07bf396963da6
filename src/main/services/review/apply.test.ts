import { describe, expect, it } from 'vitest';
import {
  decodeConflictValue,
  localView,
  mergeServerCopy,
  pdfSourceOf,
  resolveConflict,
} from './apply';

const server = {
  id: 'd1',
  company_id: 'c1',
  version: 3,
  url: 'http://s/files/k?expires=1&sig=x',
  name: 'Letter',
  applicant: 'Ann',
  legal_file_type_id: 't1',
  legal_file_type: { id: 't1', name: 'Letter' },
  edited_fields: ['name'],
};

describe('the local view of a document', () => {
  it('given two unsent changes, when the view is built, then both apply in order and the edited fields grow', () => {
    const view = localView(
      server,
      [
        { kind: 'update', changes: { applicant: 'Bob' }, createdAt: 1 },
        { kind: 'update', changes: { applicant: 'Cy', defendant: 'Acme' }, createdAt: 2 },
      ],
      null,
    );
    expect(view).toMatchObject({ applicant: 'Cy', defendant: 'Acme', name: 'Letter' });
    expect(view.edited_fields).toEqual(['name', 'applicant', 'defendant']);
  });

  it('given a new type id without a display value, when the view is built, then the old type object is not shown', () => {
    const view = localView(
      server,
      [{ kind: 'update', changes: { legal_file_type_id: 't2' }, createdAt: 1 }],
      null,
    );
    expect(view.legal_file_type).toBeNull();
  });

  it('given a new type id with its display value, when the view is built, then the display value is shown', () => {
    const view = localView(
      server,
      [{ kind: 'update', changes: { legal_file_type_id: 't2' }, createdAt: 1 }],
      { legal_file_type: { id: 't2', name: 'Medical report' } },
    );
    expect(view.legal_file_type).toEqual({ id: 't2', name: 'Medical report' });
  });

  it('given a review mark, when the view is built, then the document reads as reviewed at that time', () => {
    const view = localView(server, [{ kind: 'markReviewed', changes: {}, createdAt: 0 }], null);
    expect(view.reviewed_at).toBe('1970-01-01T00:00:00.000Z');
  });

  it("given a server answer with fewer fields, when merged, then fresh values win and the renderer's other fields stay", () => {
    const merged = mergeServerCopy(
      { ...server, recommended_cases: [{ case_id: 'x' }] },
      { id: 'd1', applicant: 'Zed', legal_file_type_id: 't1', version: 4 },
    );
    expect(merged).toMatchObject({ applicant: 'Zed', version: 4, name: 'Letter' });
    expect(merged.recommended_cases).toEqual([{ case_id: 'x' }]);
    expect(merged.legal_file_type).toEqual({ id: 't1', name: 'Letter' });
  });
});

describe('resolving a conflict', () => {
  const conflicts = [
    { field: 'applicant', base_value: '"Ann"', server_value: '"Server Ann"', your_value: '"Bob"' },
    { field: 'adj_number', base_value: '[]', server_value: '["ADJ1"]', your_value: '["ADJ2"]' },
  ];
  const changes = { applicant: 'Bob', adj_number: ['ADJ2'], defendant: 'Acme' };
  const base = { applicant: 'Ann', adj_number: [], defendant: null };

  it("given 'mine' for one field and 'server' for the other, when resolved, then mine is sent with the server's value as base and the other is dropped", () => {
    const result = resolveConflict(changes, base, conflicts, {
      applicant: 'mine',
      adj_number: 'server',
    });
    expect(result).toEqual({
      ok: true,
      changes: { applicant: 'Bob', defendant: 'Acme' },
      base: { applicant: 'Server Ann', defendant: null },
    });
  });

  it('given a conflicting field without a choice, when resolved, then it is refused and names the field', () => {
    const result = resolveConflict(changes, base, conflicts, { applicant: 'mine' });
    expect(result).toEqual({ ok: false, message: 'Choose a value for: adj_number.' });
  });

  it('given a choice for a field that is not in conflict, when resolved, then it is refused', () => {
    const result = resolveConflict(changes, base, conflicts, {
      applicant: 'mine',
      adj_number: 'mine',
      name: 'mine',
    });
    expect(result.ok).toBe(false);
  });

  it('given JSON-encoded values, when decoded, then null, lists and plain text come back', () => {
    expect(decodeConflictValue(null)).toBeNull();
    expect(decodeConflictValue('null')).toBeNull();
    expect(decodeConflictValue('["A","B"]')).toEqual(['A', 'B']);
    expect(decodeConflictValue('not json')).toBe('not json');
  });

  it('given a signed link, when its source is taken, then the signature is left off', () => {
    expect(pdfSourceOf(server.url)).toBe('http://s/files/k');
  });
});
