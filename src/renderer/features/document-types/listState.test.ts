/** The list after a save: replaced type, folder changes spread, order kept. */
import { describe, expect, it } from 'vitest';
import type { FileType, FileTypeList } from './api';
import { withUpdatedType } from './listState';

const medical = { id: 'f1', name: 'Medical', hex_code: '#2d72d2' };
const legal = { id: 'f2', name: 'Medical-Legal', hex_code: '#7961db' };
const rules = { titles: [], formNumbers: [], keywords: [] };
const typeIn = (id: string, name: string, folder: typeof medical): FileType => ({
  id,
  key: id,
  name,
  legal_document_folder_id: folder.id,
  legal_document_folder: folder,
  rules,
});
const list: FileTypeList = {
  folders: [medical, legal],
  types: [
    typeIn('pr2', 'PR-2', medical),
    typeIn('ame', 'AME Report', legal),
    typeIn('qme', 'QME Report', legal),
  ],
};

describe('withUpdatedType', () => {
  it('given a type moved to another folder and renamed, then it sorts into its new place', () => {
    const moved = { ...typeIn('qme', 'Agreed QME', medical) };
    const next = withUpdatedType(list, moved);
    expect(next.types.map((t) => t.id)).toEqual(['qme', 'pr2', 'ame']);
  });

  it('given a folder renamed through one of its types, then every type of that folder shows it', () => {
    const renamed = { ...legal, name: 'Med-Legal', hex_code: '#000000' };
    const next = withUpdatedType(list, { ...typeIn('ame', 'AME Report', renamed) });
    expect(next.folders[1]).toEqual(renamed);
    expect(next.types.find((t) => t.id === 'qme')?.legal_document_folder).toEqual(renamed);
    expect(next.types.find((t) => t.id === 'pr2')?.legal_document_folder).toEqual(medical);
  });
});
