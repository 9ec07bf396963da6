import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSharedSystemFolder } from './watchFolders';

describe('watched folders: folders a scanner never owns', () => {
  it('given a root, the home folder or the temp folder, then it is refused as a watched folder', () => {
    for (const folder of ['/', homedir(), tmpdir(), '/tmp']) {
      expect(isSharedSystemFolder(path.resolve(folder))).toBe(true);
    }
  });

  it('given a folder of its own inside them, then it may be watched', () => {
    expect(isSharedSystemFolder(path.join(tmpdir(), 'scanner-inbox'))).toBe(false);
    expect(isSharedSystemFolder(path.join(homedir(), 'Scans'))).toBe(false);
  });
});
