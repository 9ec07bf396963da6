import { describe, expect, it } from 'vitest';
import {
  activeUploadCount,
  initialUploadsState,
  uploadProgressed,
  uploadRemoved,
  uploadsReducer,
  uploadsRestored,
  uploadStarted,
  type UploadsState,
} from './slice';

const start = (id: string, resumable = false) =>
  uploadStarted({ id, fileName: `${id}.png`, source: 'company-icon', timestamp: 1, resumable });

function run(...actions: Parameters<typeof uploadsReducer>[1][]): UploadsState {
  return actions.reduce(uploadsReducer, initialUploadsState);
}

describe('the upload tracker', () => {
  it('given a new upload, then it starts at 0 progress and counts as active', () => {
    const state = run(start('a'));
    expect(state.items[0]).toMatchObject({ progress: 0, status: 'pending' });
    expect(activeUploadCount(state)).toBe(1);
  });

  it('given progress reports at the spec steps, then progress follows them and never goes back', () => {
    const state = run(
      start('a'),
      uploadProgressed({ id: 'a', progress: 30 }),
      uploadProgressed({ id: 'a', progress: 10 }),
    );
    expect(state.items[0]).toMatchObject({ progress: 30, status: 'uploading' });
  });

  it('given an upload completes, fails or is removed, then it leaves the tracker and the active count drops', () => {
    const state = run(
      start('a'),
      start('b'),
      uploadProgressed({ id: 'a', progress: 100 }),
      uploadRemoved({ id: 'a' }),
    );
    expect(state.items.map((item) => item.id)).toEqual(['b']);
    expect(activeUploadCount(state)).toBe(1);
  });

  it('given the same upload started twice, then it is tracked once', () => {
    expect(activeUploadCount(run(start('a'), start('a')))).toBe(1);
  });

  it('given a restored tracker, then uploads the page performed are dropped and resumable ones kept', () => {
    const state = run(start('page'), start('queue', true), uploadsRestored());
    expect(state.items.map((item) => item.id)).toEqual(['queue']);
  });
});
