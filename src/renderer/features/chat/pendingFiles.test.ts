import { describe, expect, it } from 'vitest';
import { CHAT_ATTACHMENTS_MAX } from '../../../shared/chat';
import {
  canSend,
  fitting,
  isUploading,
  pendingFilesReducer,
  readyKeys,
  type PendingFile,
} from './pendingFiles';

const picked = (id: string) => ({ id, name: `${id}.pdf`, size: 100 });
const start = (...ids: string[]) =>
  pendingFilesReducer([], { type: 'added', files: ids.map(picked) });

describe('pendingFilesReducer', () => {
  it('given picked files, then each waits for its upload with no key', () => {
    const files = start('a', 'b');
    expect(files.map((f) => [f.id, f.key])).toEqual([
      ['a', null],
      ['b', null],
    ]);
    expect(isUploading(files)).toBe(true);
    expect(readyKeys(files)).toEqual([]);
  });

  it('given uploads accepted out of order, then the keys keep the order the files were picked in', () => {
    let files = start('a', 'b');
    files = pendingFilesReducer(files, { type: 'uploaded', id: 'b', key: 'kb' });
    expect(isUploading(files)).toBe(true);
    files = pendingFilesReducer(files, { type: 'uploaded', id: 'a', key: 'ka' });
    expect(isUploading(files)).toBe(false);
    expect(readyKeys(files)).toEqual(['ka', 'kb']);
  });

  it('given a file removed while it uploads, when its upload finishes, then it is not attached', () => {
    let files = start('a', 'b');
    files = pendingFilesReducer(files, { type: 'removed', id: 'a' });
    files = pendingFilesReducer(files, { type: 'uploaded', id: 'a', key: 'ka' });
    files = pendingFilesReducer(files, { type: 'uploaded', id: 'b', key: 'kb' });
    expect(readyKeys(files)).toEqual(['kb']);
  });

  it('given a refused upload, then its chip leaves and the others stay', () => {
    let files = start('a', 'b');
    files = pendingFilesReducer(files, { type: 'uploaded', id: 'a', key: 'ka' });
    files = pendingFilesReducer(files, { type: 'failed', id: 'b' });
    expect(files.map((f) => f.id)).toEqual(['a']);
  });

  it('given a message sent, then only the files it carried leave', () => {
    let files = start('a');
    files = pendingFilesReducer(files, { type: 'uploaded', id: 'a', key: 'ka' });
    files = pendingFilesReducer(files, { type: 'added', files: [picked('late')] });
    files = pendingFilesReducer(files, { type: 'sent', ids: ['a'] });
    expect(files.map((f) => f.id)).toEqual(['late']);
  });
});

describe('canSend', () => {
  const ready: PendingFile[] = [{ id: 'a', name: 'a.pdf', size: 1, key: 'ka' }];
  const uploading: PendingFile[] = [{ id: 'a', name: 'a.pdf', size: 1, key: null }];

  it.each([
    ['text only', 'Hello', [], true],
    ['blank text and nothing attached', '   ', [], false],
    ['files only (the server takes an empty text with files)', '', ready, true],
    ['text while a file still uploads', 'Hello', uploading, false],
  ] as const)('given %s, then it is %s', (_what, draft, files, expected) => {
    expect(canSend(draft, files)).toBe(expected);
  });
});

describe('fitting', () => {
  it('given files already held, then only as many as the per-message limit allows are taken', () => {
    const held = start(...Array.from({ length: CHAT_ATTACHMENTS_MAX - 2 }, (_, i) => `f${i}`));
    expect(fitting(held, ['x', 'y', 'z'])).toEqual(['x', 'y']);
    expect(fitting(start(), ['x'])).toEqual(['x']);
    const full = start(...Array.from({ length: CHAT_ATTACHMENTS_MAX }, (_, i) => `f${i}`));
    expect(fitting(full, ['x'])).toEqual([]);
  });
});
