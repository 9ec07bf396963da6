/** The keys of undo and redo in the workflow editor. */
import { describe, expect, it } from 'vitest';
import { historyKey } from './useEditorKeys';

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }>,
) => historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

describe('historyKey', () => {
  it('given Ctrl+Z, then undo; with Shift (the key reads "Z"), then redo', () => {
    expect(press('z', { ctrlKey: true })).toBe('undo');
    expect(press('Z', { ctrlKey: true, shiftKey: true })).toBe('redo');
  });

  it('given Cmd+Z on macOS or Ctrl+Y, then undo and redo too', () => {
    expect(press('z', { metaKey: true })).toBe('undo');
    expect(press('y', { ctrlKey: true })).toBe('redo');
  });

  it('given Z without a modifier, then nothing', () => {
    expect(press('z', {})).toBeNull();
    expect(press('x', { ctrlKey: true })).toBeNull();
  });
});
