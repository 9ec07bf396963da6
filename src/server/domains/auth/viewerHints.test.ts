import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../permissions';
import { createViewerHints, sameViewer } from './viewerHints';

function viewer(overrides: Partial<Viewer> = {}): Viewer {
  return {
    user: { id: 'u1', email: 'a@example.com', first_name: 'Ada' } as unknown as Viewer['user'],
    userType: 'firm_user' as Viewer['userType'],
    sessionId: 's1',
    companyIds: ['c1'],
    managedCompanyIds: [],
    ...overrides,
  };
}

describe('viewer hints', () => {
  it('returns what was remembered until it is forgotten', () => {
    const hints = createViewerHints();
    const v = viewer();
    hints.remember('h1', v);
    expect(hints.get('h1')).toBe(v);
    expect(hints.get('h2')).toBeUndefined();
    hints.forget('h1');
    expect(hints.get('h1')).toBeUndefined();
  });

  it('expires entries older than the maximum age', () => {
    let clock = 1_000;
    const hints = createViewerHints({ maxAgeMs: 100, now: () => clock });
    hints.remember('h1', viewer());
    clock += 100;
    expect(hints.get('h1')).toBeDefined();
    clock += 1;
    expect(hints.get('h1')).toBeUndefined();
  });

  it('drops the least recently remembered entry beyond the limit', () => {
    const hints = createViewerHints({ maxEntries: 2 });
    hints.remember('a', viewer());
    hints.remember('b', viewer());
    hints.remember('a', viewer()); // a is now the most recent
    hints.remember('c', viewer());
    expect(hints.get('b')).toBeUndefined();
    expect(hints.get('a')).toBeDefined();
    expect(hints.get('c')).toBeDefined();
  });
});

describe('sameViewer', () => {
  it('is true only when every field matches', () => {
    expect(sameViewer(viewer(), viewer())).toBe(true);
    expect(sameViewer(viewer(), viewer({ sessionId: 's2' }))).toBe(false);
    expect(sameViewer(viewer(), viewer({ companyIds: ['c1', 'c2'] }))).toBe(false);
    expect(sameViewer(viewer(), viewer({ userType: 'internal_admin' as Viewer['userType'] }))).toBe(
      false,
    );
    const renamed = viewer();
    renamed.user = { ...renamed.user, first_name: 'Grace' } as Viewer['user'];
    expect(sameViewer(viewer(), renamed)).toBe(false);
  });
});
