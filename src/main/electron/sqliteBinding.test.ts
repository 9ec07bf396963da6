import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronSqliteBinding } from './sqliteBinding';

describe('electronSqliteBinding', () => {
  it('given a packaged app, then the addon is resources/native/better_sqlite3.node (electron-builder extraResources)', () => {
    expect(
      electronSqliteBinding({
        isPackaged: true,
        resourcesPath: path.join('/opt', 'LexDesk', 'resources'),
        appPath: path.join('/opt', 'LexDesk', 'resources', 'app.asar'),
      }),
    ).toBe(path.join('/opt', 'LexDesk', 'resources', 'native', 'better_sqlite3.node'));
  });

  it('given development (electron .), then the addon is the one rebuild:electron wrote', () => {
    expect(
      electronSqliteBinding({ isPackaged: false, resourcesPath: undefined, appPath: '/repo' }),
    ).toBe(path.join('/repo', 'build', 'electron-native', 'better_sqlite3.node'));
  });
});
