import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_PATHS, APP_ROUTE_PATTERNS, isAppPath } from '.';

describe('isAppPath', () => {
  it('accepts the screens of the app, with ids and queries', () => {
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/notifications')).toBe(true);
    expect(isAppPath('/company')).toBe(true);
    expect(isAppPath(APP_PATHS.rawFile('3f1c2a4e-0000-4000-8000-000000000001'))).toBe(true);
    expect(isAppPath('/review?rawFileName=a.pdf')).toBe(true);
    expect(isAppPath('/documents/abc/')).toBe(true);
  });

  it('refuses pages that do not exist and links out of the app', () => {
    expect(isAppPath('/settings/company')).toBe(false);
    expect(isAppPath('/raw-files/a/b')).toBe(false);
    expect(isAppPath('//evil.example/notifications')).toBe(false);
    expect(isAppPath('https://evil.example/')).toBe(false);
    expect(isAppPath('notifications')).toBe(false);
    expect(isAppPath('/cases/')).toBe(true);
  });
});

describe('the router and APP_ROUTE_PATTERNS', () => {
  it('mount the same screens', () => {
    const source = readFileSync(
      fileURLToPath(new URL('../../renderer/app/router.tsx', import.meta.url)),
      'utf8',
    );
    const mounted = [...source.matchAll(/\bpath: '([^']+)'/g)]
      .map((match) => match[1])
      .filter((path) => path !== '/' && path !== '*');
    expect(new Set(mounted)).toEqual(new Set(APP_ROUTE_PATTERNS));
  });
});
