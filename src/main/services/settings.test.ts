import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESKTOP_SETTINGS } from '../../shared/ipc/contract';
import { createSettingsStore } from './settings';

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-settings-'));
  file = path.join(dir, 'desktop', 'settings.json');
});

describe('settings store', () => {
  it('given no settings file, when read, then the contract defaults are returned and nothing is written', async () => {
    const store = createSettingsStore({ file });
    expect(await store.get()).toEqual(DEFAULT_DESKTOP_SETTINGS);
    expect(await readdir(dir)).toEqual([]);
  });

  it('given an update, when a fresh store reads the file, then the change persisted and no temp file is left', async () => {
    await createSettingsStore({ file }).update({ startMinimised: true });
    expect(await createSettingsStore({ file }).get()).toEqual({
      nativeNotifications: true,
      startMinimised: true,
    });
    expect(await readdir(path.dirname(file))).toEqual(['settings.json']);
  });

  it('given an older file missing a key, when read, then the missing key takes its default', async () => {
    await createSettingsStore({ file }).update({});
    await writeFile(file, JSON.stringify({ nativeNotifications: false }));
    expect(await createSettingsStore({ file }).get()).toEqual({
      nativeNotifications: false,
      startMinimised: false,
    });
  });

  it.each([
    ['not JSON', '{"nativeNotifications": tru'],
    ['a wrong type', '{"nativeNotifications": "yes"}'],
  ])(
    'given a corrupt file (%s), when read, then defaults are used and the file is moved aside',
    async (_label, content) => {
      await createSettingsStore({ file }).update({});
      await writeFile(file, content);
      const reports: string[] = [];
      const store = createSettingsStore({
        file,
        onCorrupt: ({ movedTo }) => reports.push(movedTo),
      });
      expect(await store.get()).toEqual(DEFAULT_DESKTOP_SETTINGS);
      expect(reports).toHaveLength(1);
      expect(await readFile(reports[0] ?? '', 'utf8')).toBe(content);
      const names = await readdir(path.dirname(file));
      expect(names.some((name) => name.startsWith('settings.json.corrupt-'))).toBe(true);
      expect(names).not.toContain('settings.json');
      await store.update({ startMinimised: true });
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
        nativeNotifications: true,
        startMinimised: true,
      });
    },
  );

  it('given two concurrent updates, when both finish, then neither change is lost', async () => {
    const store = createSettingsStore({ file });
    await Promise.all([
      store.update({ startMinimised: true }),
      store.update({ nativeNotifications: false }),
    ]);
    expect(await createSettingsStore({ file }).get()).toEqual({
      nativeNotifications: false,
      startMinimised: true,
    });
  });
});
