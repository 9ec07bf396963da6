/** The document-type edit form as data: lines, keyword rows, checks, changes and summaries. */
import { describe, expect, it } from 'vitest';
import type { FileType } from './api';
import {
  changesFor,
  errorsFromIssues,
  formFromType,
  isWeight,
  linesToList,
  newKeywordRow,
  readForm,
  rulesCounts,
  topKeywords,
} from './rulesForm';

const type: FileType = {
  id: 't1',
  key: 'qme_report',
  name: 'QME Report',
  legal_document_folder_id: 'f1',
  legal_document_folder: { id: 'f1', name: 'Medical-Legal', hex_code: '#7961db' },
  rules: {
    titles: ['QUALIFIED MEDICAL EVALUATOR REPORT', 'PANEL QME REPORT'],
    formNumbers: ['QME Form 105'],
    keywords: [
      { term: 'panel qme', weight: 4 },
      { term: 'agreed medical evaluator', weight: -3 },
    ],
  },
};

describe('linesToList', () => {
  it('given blank lines, padding and a repeat in other case, then each item once, trimmed', () => {
    expect(linesToList('  PANEL QME \n\n\r\npanel qme\nQME REPORT\n')).toEqual([
      'PANEL QME',
      'QME REPORT',
    ]);
  });
});

describe('readForm and changesFor', () => {
  it('given the form of a type untouched, then it reads back to the same rules and no changes', () => {
    const form = formFromType(type);
    const read = readForm(form);
    expect(read).toEqual({ ok: true, name: 'QME Report', rules: type.rules });
    if (read.ok) expect(changesFor(type, form, read)).toEqual({});
  });

  it('given a new title, folder and a blank keyword row, then only those changes, blank row dropped', () => {
    const form = {
      ...formFromType(type),
      titles: 'PANEL QME REPORT\nSUPPLEMENTAL QME REPORT',
      folderId: 'f2',
      keywords: [...formFromType(type).keywords, newKeywordRow('', '')],
    };
    const read = readForm(form);
    if (!read.ok) throw new Error('expected a valid form');
    expect(changesFor(type, form, read)).toEqual({
      legal_document_folder_id: 'f2',
      rules: { ...type.rules, titles: ['PANEL QME REPORT', 'SUPPLEMENTAL QME REPORT'] },
    });
  });

  it.each([
    ['an empty name', { name: '  ' }, 'name'],
    ['a weight of 11', { keywords: [newKeywordRow('qme', '11')] }, 'keywords'],
    ['a weight that is not a number', { keywords: [newKeywordRow('qme', 'high')] }, 'keywords'],
    ['a weight without a term', { keywords: [newKeywordRow('', '2')] }, 'keywords'],
    ['a title of 201 characters', { titles: 'x'.repeat(201) }, 'titles'],
  ])('given %s, then the form is refused on that field', (_label, patch, field) => {
    const read = readForm({ ...formFromType(type), ...patch });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(Object.keys(read.errors)).toEqual([field]);
  });
});

describe('isWeight', () => {
  it('given weights at and beyond the limits, then only -10..10 numbers pass', () => {
    expect(['-10', '10', '0.5', ' 3 '].map(isWeight)).toEqual([true, true, true, true]);
    expect(['-10.5', '11', '', 'high', 'Infinity'].map(isWeight)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('errorsFromIssues', () => {
  it('given server issues by path, then they land on the matching fields', () => {
    expect(
      errorsFromIssues([
        { path: 'data.rules.keywords.0.weight', message: 'Too big' },
        { path: 'data.name', message: 'Too short' },
        { path: 'data.legal_document_folder_id', message: 'Unknown folder' },
      ]),
    ).toEqual({ keywords: 'Too big', name: 'Too short' });
  });
});

describe('summaries', () => {
  it('given rules, then counts with plurals and the strongest keywords first', () => {
    expect(rulesCounts(type.rules)).toBe('2 titles · 1 form number · 2 keywords');
    expect(rulesCounts({ titles: [], formNumbers: [], keywords: [] })).toMatch(/No rules/);
    expect(topKeywords(type.rules)).toEqual(['panel qme +4', 'agreed medical evaluator -3']);
  });
});
