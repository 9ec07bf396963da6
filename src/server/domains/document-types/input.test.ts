/** The admin screen's input shapes: what a type update may carry and what it may not. */
import { describe, expect, it } from 'vitest';
import { updateFileTypeData, updateFileTypeEnvelope } from './input';

const FOLDER = '6f1c2a8e-3b7d-4e0a-9c41-2d5f8b9e7a10';
const rules = { titles: ['QME Report'], formNumbers: [], keywords: [{ term: 'qme', weight: 3 }] };

describe('updateFileTypeData', () => {
  it('given a new name with spaces around it, then it is trimmed', () => {
    expect(updateFileTypeData.parse({ name: '  Panel QME  ' })).toEqual({ name: 'Panel QME' });
  });

  it('given rules, a folder move and a folder colour, then all are kept', () => {
    const parsed = updateFileTypeData.parse({
      rules,
      legal_document_folder_id: FOLDER,
      folder: { id: FOLDER, hex_code: '#A1B2C3' },
    });
    expect(parsed).toEqual({
      rules,
      legal_document_folder_id: FOLDER,
      folder: { id: FOLDER, hex_code: '#A1B2C3' },
    });
  });

  it.each([
    ['nothing at all', {}],
    ['an empty name', { name: '   ' }],
    ['a field that does not exist', { name: 'A', is_deleted: true }],
    ['a folder id that is not a uuid', { legal_document_folder_id: 'medical' }],
    ['a keyword weight above 10', { rules: { ...rules, keywords: [{ term: 'x', weight: 11 }] } }],
    ['a keyword without a term', { rules: { ...rules, keywords: [{ term: '', weight: 1 }] } }],
    ['rules missing form numbers', { rules: { titles: [], keywords: [] } }],
    ['a colour without #', { folder: { id: FOLDER, hex_code: 'a1b2c3' } }],
    ['a three-digit colour', { folder: { id: FOLDER, hex_code: '#abc' } }],
    ['a folder change that changes nothing', { folder: { id: FOLDER } }],
  ])('given %s, then it is refused', (_label, data) => {
    expect(updateFileTypeData.safeParse(data).success).toBe(false);
  });
});

describe('updateFileTypeEnvelope', () => {
  it('given no id, then it is refused; given any id and data, then both pass through', () => {
    expect(updateFileTypeEnvelope.safeParse({ data: {} }).success).toBe(false);
    expect(updateFileTypeEnvelope.parse({ id: 'x', data: { name: 1 } })).toEqual({
      id: 'x',
      data: { name: 1 },
    });
  });
});
