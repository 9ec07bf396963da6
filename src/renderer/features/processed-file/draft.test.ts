import { describe, expect, it } from 'vitest';
import { changesOfDraft, editDraft, formOfDraft, hasDraft, NO_DRAFT } from './draft';
import { formFromDocument, type EditableDocument } from './form';

const online: EditableDocument = {
  name: 'Medical report - Ruiz',
  applicant: 'Maria Ruiz',
  defendant: null,
  legal_file_type_id: 'type-med',
  legal_case_id: null,
  case_number: [],
  adj_number: ['ADJ10234567'],
  eams_number: [],
  claim_number: [],
  wcab_number: [],
  date_of_injury: '2023-03-15',
  date_of_injury_end: null,
  date_of_incident: null,
  start_page_no: 1,
  end_page_no: 2,
};

describe('document draft: what was typed outlives the document being shown again', () => {
  it('given nothing typed, when the form is read, then it is the document as loaded', () => {
    expect(formOfDraft(online, NO_DRAFT)).toEqual(formFromDocument(online));
    expect(hasDraft(NO_DRAFT)).toBe(false);
    expect(changesOfDraft(online, NO_DRAFT)).toEqual({ changes: {}, base: {} });
  });

  it('given a typed applicant, when the offline copy (another object, newer stored values elsewhere) is shown, then the typed value stays and the other fields follow the copy', () => {
    const draft = editDraft(NO_DRAFT, online, { applicant: 'Maria Ruiz-Offline' });
    const offlineCopy: EditableDocument = { ...online, defendant: 'Acme Insurance' };
    const form = formOfDraft(offlineCopy, draft);
    expect(form.applicant).toBe('Maria Ruiz-Offline');
    expect(form.defendant).toBe('Acme Insurance');
    expect(changesOfDraft(offlineCopy, draft)).toEqual({
      changes: { applicant: 'Maria Ruiz-Offline' },
      base: { applicant: 'Maria Ruiz' },
    });
  });

  it('given a typed field someone else changed meanwhile, when saved, then its base is the value the user started from (so the server reports the conflict)', () => {
    let draft = editDraft(NO_DRAFT, online, { applicant: 'Maria R.' });
    const changed: EditableDocument = { ...online, applicant: 'Maria Ruiz Lopez' };
    // Typing on after the new copy arrived keeps the first base.
    draft = editDraft(draft, changed, { applicant: 'Maria R. Ruiz' });
    expect(changesOfDraft(changed, draft)).toEqual({
      changes: { applicant: 'Maria R. Ruiz' },
      base: { applicant: 'Maria Ruiz' },
    });
  });

  it('given typed values the document now holds (saved), when compared, then nothing is left to send', () => {
    const draft = editDraft(NO_DRAFT, online, {
      applicant: 'Maria Ruiz-Offline',
      end_page_no: '2',
    });
    const saved: EditableDocument = { ...online, applicant: 'Maria Ruiz-Offline' };
    expect(changesOfDraft(saved, draft)).toEqual({ changes: {}, base: {} });
  });

  it('given the cumulative box unticked, when compared, then the end date goes with the stored base', () => {
    const period: EditableDocument = { ...online, date_of_injury_end: '2023-06-30' };
    const draft = editDraft(NO_DRAFT, period, { cumulative: false });
    expect(changesOfDraft(period, draft)).toEqual({
      changes: { date_of_injury_end: null },
      base: { date_of_injury_end: '2023-06-30' },
    });
  });
});
