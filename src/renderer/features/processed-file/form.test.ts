import { describe, expect, it } from 'vitest';
import { DAY_MESSAGE } from '../../../shared/documents';
import {
  cleanNumbers,
  describeSaveError,
  diffDocument,
  errorsFromIssues,
  formFromDocument,
  hasChanges,
  readIssues,
  validateForm,
  type DocumentForm,
  type EditableDocument,
  type ValidationContext,
} from './form';

const loaded: EditableDocument = {
  name: 'QME Report (pp. 3-5)',
  applicant: 'Maria Gonzalez',
  defendant: null,
  legal_file_type_id: 'type-qme',
  legal_case_id: null,
  case_number: [],
  adj_number: ['ADJ10234567'],
  eams_number: [],
  claim_number: ['ZNT-44-019283'],
  wcab_number: [],
  date_of_injury: '2023-03-15',
  date_of_injury_end: null,
  date_of_incident: null,
  start_page_no: 3,
  end_page_no: 5,
};

const context: ValidationContext = {
  rawFilePages: 6,
  currentPages: { start: 3, end: 5 },
  today: '2026-11-22',
};

const edit = (patch: Partial<DocumentForm>): DocumentForm => ({
  ...formFromDocument(loaded),
  ...patch,
});

describe('document form: what a save sends', () => {
  it('given the form as loaded, when compared, then nothing is sent', () => {
    const set = diffDocument(loaded, formFromDocument(loaded));
    expect(set).toEqual({ changes: {}, base: {} });
    expect(hasChanges(set)).toBe(false);
  });

  it('given a new type, an added ADJ number and a new applicant, then only those are sent with their loaded values as base', () => {
    const set = diffDocument(
      loaded,
      edit({
        legal_file_type_id: 'type-pr2',
        adj_number: ['ADJ10234567', 'ADJ7654321'],
        applicant: '  Maria G. Gonzalez ',
      }),
    );
    expect(set.changes).toEqual({
      legal_file_type_id: 'type-pr2',
      adj_number: ['ADJ10234567', 'ADJ7654321'],
      applicant: 'Maria G. Gonzalez',
    });
    expect(set.base).toEqual({
      legal_file_type_id: 'type-qme',
      adj_number: ['ADJ10234567'],
      applicant: 'Maria Gonzalez',
    });
  });

  it('given a text emptied, then it is sent as null; whitespace-only edits of an empty field are no change', () => {
    const set = diffDocument(loaded, edit({ applicant: '   ', defendant: '  ' }));
    expect(set.changes).toEqual({ applicant: null });
    expect(set.base).toEqual({ applicant: 'Maria Gonzalez' });
  });

  it('given cumulative trauma switched on with an end date, then the end is sent; switched off, it is cleared', () => {
    const on = diffDocument(loaded, edit({ cumulative: true, date_of_injury_end: '2023-06-30' }));
    expect(on.changes).toEqual({ date_of_injury_end: '2023-06-30' });
    expect(on.base).toEqual({ date_of_injury_end: null });

    const ct: EditableDocument = { ...loaded, date_of_injury_end: '2023-06-30' };
    const form = formFromDocument(ct);
    expect(form.cumulative).toBe(true);
    const off = diffDocument(ct, { ...form, cumulative: false });
    expect(off.changes).toEqual({ date_of_injury_end: null });
  });

  it('given a new page range, then the pages are sent as numbers; an unreadable page is not sent', () => {
    expect(diffDocument(loaded, edit({ start_page_no: '2' })).changes).toEqual({
      start_page_no: 2,
    });
    expect(diffDocument(loaded, edit({ end_page_no: 'x' })).changes).toEqual({});
  });

  it('given numbers with blanks and repeats, then they are trimmed and kept once in order', () => {
    expect(cleanNumbers([' ADJ1 ', '', 'adj1', 'ADJ2', 'ADJ2'])).toEqual(['ADJ1', 'ADJ2']);
    expect(diffDocument(loaded, edit({ adj_number: ['ADJ10234567 ', 'adj10234567'] }))).toEqual({
      changes: {},
      base: {},
    });
  });
});

describe('document form: checks before saving', () => {
  it('given the loaded form, then there is nothing to fix', () => {
    expect(validateForm(formFromDocument(loaded), context)).toEqual({});
  });

  it('given impossible or future dates, then the fields say so', () => {
    const errors = validateForm(
      edit({ date_of_injury: '2023-02-30', date_of_incident: '2027-01-01' }),
      context,
    );
    expect(errors.date_of_injury).toBe(DAY_MESSAGE);
    // The shared year range: a slip like 1023 for 2023 is caught before saving.
    expect(validateForm(edit({ date_of_injury: '1023-03-15' }), context).date_of_injury).toBe(
      DAY_MESSAGE,
    );
    expect(errors.date_of_incident).toMatch(/future/);
  });

  it('given a cumulative-trauma period ending before it starts, or without an end, then the end is flagged', () => {
    expect(
      validateForm(edit({ cumulative: true, date_of_injury_end: '2023-01-01' }), context)
        .date_of_injury_end,
    ).toMatch(/ends before it starts/);
    expect(
      validateForm(edit({ cumulative: true, date_of_injury_end: '' }), context).date_of_injury_end,
    ).toMatch(/Enter the end/);
    expect(
      validateForm(
        edit({ cumulative: true, date_of_injury: '', date_of_injury_end: '2023-01-01' }),
        context,
      ).date_of_injury,
    ).toMatch(/needs its start/);
  });

  it('given page ranges that are backwards, beyond the raw file or away from the current pages, then they are refused', () => {
    expect(
      validateForm(edit({ start_page_no: '5', end_page_no: '4' }), context).end_page_no,
    ).toMatch(/before the first/);
    expect(validateForm(edit({ end_page_no: '7' }), context).end_page_no).toBe(
      'The raw file has 6 pages.',
    );
    expect(validateForm(edit({ start_page_no: '0' }), context).start_page_no).toMatch(/from 1/);
    expect(
      validateForm(edit({ start_page_no: '6', end_page_no: '6' }), context).start_page_no,
    ).toMatch(/Keep at least one of the current pages/);
    expect(validateForm(edit({ start_page_no: '2', end_page_no: '6' }), context)).toEqual({});
  });

  it('given an empty name, then a name is asked for', () => {
    expect(validateForm(edit({ name: '  ' }), context).name).toBe('A document needs a name.');
  });
});

describe('document form: the server’s field problems', () => {
  it('given INVALID_INPUT issues, then they land on the fields they name and the rest stays apart', () => {
    const placed = errorsFromIssues([
      { path: 'changes.date_of_injury_end', message: 'The end is before the date of injury' },
      { path: 'changes.adj_number.1', message: 'Empty values are not allowed' },
      { path: 'id', message: 'This document was deleted; restore it before changing it' },
    ]);
    expect(placed.fields).toEqual({
      date_of_injury_end: 'The end is before the date of injury',
      adj_number: 'Empty values are not allowed',
    });
    expect(placed.other).toEqual(['This document was deleted; restore it before changing it']);
  });

  it('given a GraphQL error or a bridge error carrying issues, then they are read; otherwise none', () => {
    const graphQL = {
      errors: [
        {
          message: 'Some of the information entered is not valid.',
          extensions: { code: 'INVALID_INPUT', issues: [{ path: 'changes.name', message: 'x' }] },
        },
      ],
    };
    expect(readIssues(graphQL)).toEqual([{ path: 'changes.name', message: 'x' }]);
    expect(readIssues({ code: 'INVALID_INPUT', issues: [{ path: 'name', message: 'y' }] })).toEqual(
      [{ path: 'name', message: 'y' }],
    );
    expect(readIssues(new Error('boom'))).toEqual([]);
  });
});

describe('document form: why a save failed', () => {
  it('given a catalogue code, the desktop’s own refusal or anything else, then the right text is shown', () => {
    expect(describeSaveError({ code: 'NOT_FOUND', message: '' })).toBe('Not found.');
    expect(
      describeSaveError({
        code: 'REVIEW_UNAVAILABLE',
        message: 'Offline review is not available.',
      }),
    ).toBe('Offline review is not available.');
    expect(describeSaveError(new Error('boom'))).toBe('Failed to update processed file');
  });
});
