import { describe, expect, it } from 'vitest';
import { lastScreenStore } from './lastScreen';
import { returnPathOf, roleLanding, safeReturnPath } from './landing';

describe('start screens', () => {
  it('given each role, then paralegals and staff start on Needs review, attorneys on notifications, others on the document center', () => {
    expect(roleLanding('paralegal')).toBe('/review');
    expect(roleLanding('staff')).toBe('/review');
    expect(roleLanding('attorney')).toBe('/notifications');
    expect(roleLanding('admin')).toBe('/documents');
    expect(roleLanding(null)).toBe('/documents');
  });
});

describe('the path sign-in returns to', () => {
  it.each([
    '/documents/5b1c',
    '/review?tab=multi_case',
    '/cases/abc-1',
    '/raw-files?page=2&q=a%20b',
  ])('given the in-app path %s, then it is kept', (path) =>
    expect(safeReturnPath(path)).toBe(path),
  );

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    'javascript:alert(1)',
    'documents/1',
    '/documents/1#frag',
    '/docu ments',
    '/a\nb',
    '/sign-in',
    '/setup',
    '/',
    '/%E0%A4%A',
    `/${'a'.repeat(1001)}`,
    42,
    null,
  ])('given %s, then it is dropped', (raw) => expect(safeReturnPath(raw)).toBeNull());

  it('given router state, then only a { from } with a safe path is used', () => {
    expect(returnPathOf({ from: '/cases' })).toBe('/cases');
    expect(returnPathOf({ from: '//evil.example' })).toBeNull();
    expect(returnPathOf('/cases')).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('the last screen used', () => {
  const SCREENS = ['/review', '/cases', '/notifications'];

  it('given a main screen was used, then it is read back for that person only', () => {
    const storage = memoryStorage();
    const store = lastScreenStore(storage);
    store.remember('u1', '/cases', SCREENS);
    expect(store.read('u1')).toBe('/cases');
    expect(store.read('u2')).toBeNull();
    store.remember('u2', '/review', SCREENS);
    expect(store.read('u1')).toBeNull();
    expect(store.read('u2')).toBe('/review');
  });

  it('given a record screen or damaged storage, then nothing is remembered', () => {
    const storage = memoryStorage();
    const store = lastScreenStore(storage);
    store.remember('u1', '/documents/123', SCREENS);
    expect(store.read('u1')).toBeNull();
    storage.setItem('lexdesk-last-screen', '{not json');
    expect(store.read('u1')).toBeNull();
    storage.setItem('lexdesk-last-screen', JSON.stringify({ userId: 'u1' }));
    expect(store.read('u1')).toBeNull();
    store.remember('u1', '/cases', SCREENS);
    store.forget();
    expect(store.read('u1')).toBeNull();
  });
});
