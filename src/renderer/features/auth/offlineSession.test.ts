import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import type { ReviewStatus } from '../../../shared/ipc/review';
import type { ViewerData } from './operations';
import { readRememberedViewer, revalidateWhenOnline } from './offlineSession';

const VIEWER: ViewerData = {
  user: {
    id: 'u1',
    email: 'ada@harborvine.test',
    first_name: 'Ada',
    last_name: 'Lovelace',
    avatar: null,
    user_type: { id: 't1', name: 'customer' },
    legal_user_type: 'admin',
  },
  company: {
    id: 'c1',
    name: 'Harborvine',
    icon_url: null,
    date_format: 'MM/DD/YYYY',
    is_legal: true,
  },
  company_ids: ['c1'],
  managed_company_ids: ['c1'],
  can_manage_company: true,
};

const status = (online: boolean): ReviewStatus => ({
  online,
  lastContactAt: null,
  pending: 0,
  conflicts: 0,
  cachedDocuments: 0,
  cacheBytes: 0,
});

function fakeBridge(options: { lastViewer?: () => Promise<unknown>; online?: boolean } = {}) {
  const listeners = new Set<(value: ReviewStatus) => void>();
  const bridge = {
    on: vi.fn((_event: string, listener: (value: ReviewStatus) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    review: {
      status: vi.fn(() => Promise.resolve(status(options.online ?? false))),
      lastViewer: vi.fn(options.lastViewer ?? (() => Promise.resolve({ viewer: null }))),
      rememberViewer: vi.fn(() => Promise.resolve({ ok: true })),
    },
  };
  const emit = (online: boolean) => {
    for (const listener of listeners) listener(status(online));
  };
  return { bridge: bridge as never, emit, listeners };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('remembered viewer', () => {
  it('given the desktop remembers a well-formed viewer, then it is read back', async () => {
    const { bridge } = fakeBridge({ lastViewer: () => Promise.resolve({ viewer: VIEWER }) });
    expect(await readRememberedViewer(bridge)).toEqual(VIEWER);
  });

  it('given the desktop remembers a viewer kept before managed_company_ids existed, then it is read back managing nothing', async () => {
    const { managed_company_ids: _omitted, ...older } = VIEWER;
    const { bridge } = fakeBridge({ lastViewer: () => Promise.resolve({ viewer: older }) });
    expect(await readRememberedViewer(bridge)).toEqual({ ...VIEWER, managed_company_ids: [] });
  });

  it('given the desktop remembers something that is not a viewer, then there is none', async () => {
    const { bridge } = fakeBridge({
      lastViewer: () => Promise.resolve({ viewer: { user: { id: 'u1' }, company: { id: 'c1' } } }),
    });
    expect(await readRememberedViewer(bridge)).toBeNull();
  });

  it('given the desktop cannot answer, then there is none', async () => {
    const { bridge } = fakeBridge({ lastViewer: () => Promise.reject(new Error('unavailable')) });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await readRememberedViewer(bridge)).toBeNull();
  });
});

describe('checking an offline-started session again', () => {
  it('given the server is away, when the desktop reports it answers, then the session is checked and continues online', async () => {
    const { bridge, emit } = fakeBridge({ online: false });
    const fetchViewer = vi.fn(() => Promise.resolve(VIEWER));
    const onValid = vi.fn();
    const onGone = vi.fn();
    revalidateWhenOnline({ bridge, fetchViewer, onValid, onGone });
    await settle();
    emit(false);
    await settle();
    expect(fetchViewer).not.toHaveBeenCalled();

    emit(true);
    await settle();
    expect(onValid).toHaveBeenCalledWith(VIEWER);
    expect(onGone).not.toHaveBeenCalled();
    emit(true);
    await settle();
    expect(fetchViewer).toHaveBeenCalledTimes(1);
  });

  it('given the desktop already reports the server answers, then the session is checked at once', async () => {
    const { bridge } = fakeBridge({ online: true });
    const onValid = vi.fn();
    revalidateWhenOnline({
      bridge,
      fetchViewer: () => Promise.resolve(VIEWER),
      onValid,
      onGone: vi.fn(),
    });
    await settle();
    expect(onValid).toHaveBeenCalledWith(VIEWER);
  });

  it('given the check still gets no answer, then it waits for the next report, and a session the server no longer knows goes to sign-in', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { bridge, emit } = fakeBridge();
    const fetchViewer = vi
      .fn<() => Promise<ViewerData | null>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(null);
    const onValid = vi.fn();
    const onGone = vi.fn();
    revalidateWhenOnline({ bridge, fetchViewer, onValid, onGone });
    emit(true);
    await settle();
    expect(onGone).not.toHaveBeenCalled();
    emit(true);
    await settle();
    expect(onGone).toHaveBeenCalledWith(PRODUCT_ERRORS.SESSION_EXPIRED);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('given the server refuses the session with a code, then nothing more is done here (the Apollo session reports it)', async () => {
    const { bridge, emit } = fakeBridge();
    const fetchViewer = vi.fn(() =>
      Promise.reject(
        new CombinedGraphQLErrors({
          data: null,
          errors: [
            { message: PRODUCT_ERRORS.SESSION_EXPIRED, extensions: { code: 'SESSION_EXPIRED' } },
          ],
        }),
      ),
    );
    const onValid = vi.fn();
    const onGone = vi.fn();
    revalidateWhenOnline({ bridge, fetchViewer, onValid, onGone });
    emit(true);
    await settle();
    emit(true);
    await settle();
    expect(fetchViewer).toHaveBeenCalledTimes(1);
    expect(onValid).not.toHaveBeenCalled();
    expect(onGone).not.toHaveBeenCalled();
  });

  it('given it was stopped (signed out meanwhile), then reports no longer check anything', async () => {
    const { bridge, emit, listeners } = fakeBridge();
    const fetchViewer = vi.fn(() => Promise.resolve(VIEWER));
    const stop = revalidateWhenOnline({ bridge, fetchViewer, onValid: vi.fn(), onGone: vi.fn() });
    stop();
    expect(listeners.size).toBe(0);
    emit(true);
    await settle();
    expect(fetchViewer).not.toHaveBeenCalled();
  });
});
