import { describe, expect, it, vi } from 'vitest';
import type { DesktopApi } from '../../../shared/ipc/contract';
import { signInThroughDesktop } from './desktopSignIn';

const COMPANY = '7b3c1c1e-4f7a-4c39-9a51-3a7d8f0f6a11';
const AUTH = 'https://app.clio.com/oauth/authorize?state=s';

function fakeBridge(opened: boolean, begin = true) {
  const oauth = {
    begin: vi.fn(() =>
      begin
        ? Promise.resolve({ id: 'o1', redirectUri: 'http://127.0.0.1:5123/oauth/callback' })
        : Promise.reject(new Error('no bridge')),
    ),
    open: vi.fn(({ url }: { url: string }) => Promise.resolve({ opened, url })),
    wait: vi.fn(() => Promise.resolve({ code: 'c1', state: 's1' })),
    cancel: vi.fn(() => Promise.resolve({ ok: true as const })),
  };
  return { oauth } as unknown as Pick<DesktopApi, 'oauth'> & { oauth: typeof oauth };
}

describe('signInThroughDesktop', () => {
  it('given the system browser, then the server gets the loopback redirect and the callback route gets code, state and company', async () => {
    const bridge = fakeBridge(true);
    const authUrlFor = vi.fn(() => Promise.resolve(AUTH));
    const openTab = vi.fn(() => true);
    const hash = await signInThroughDesktop({ bridge, companyId: COMPANY, authUrlFor, openTab });
    expect(authUrlFor).toHaveBeenCalledWith('http://127.0.0.1:5123/oauth/callback');
    expect(bridge.oauth.open).toHaveBeenCalledWith({ id: 'o1', url: AUTH });
    expect(openTab).not.toHaveBeenCalled();
    expect(hash).toBe(`#/crm-integrations/callback?code=c1&state=s1&company_id=${COMPANY}`);
  });

  it('given the headless host, then this page opens the address in a tab; a blocked tab cancels and falls back', async () => {
    const host = fakeBridge(false);
    const openTab = vi.fn(() => true);
    const hash = await signInThroughDesktop({
      bridge: host,
      companyId: COMPANY,
      authUrlFor: () => Promise.resolve(AUTH),
      openTab,
    });
    expect(openTab).toHaveBeenCalledWith(AUTH);
    expect(hash).toContain('code=c1');

    const blocked = fakeBridge(false);
    const none = await signInThroughDesktop({
      bridge: blocked,
      companyId: COMPANY,
      authUrlFor: () => Promise.resolve(AUTH),
      openTab: () => false,
    });
    expect(none).toBeNull();
    expect(blocked.oauth.cancel).toHaveBeenCalledWith({ id: 'o1' });
    expect(blocked.oauth.wait).not.toHaveBeenCalled();
  });

  it('given no desktop bridge, then it answers null without asking the server', async () => {
    const authUrlFor = vi.fn(() => Promise.resolve(AUTH));
    const hash = await signInThroughDesktop({
      bridge: fakeBridge(true, false),
      companyId: COMPANY,
      authUrlFor,
      openTab: () => true,
    });
    expect(hash).toBeNull();
    expect(authUrlFor).not.toHaveBeenCalled();
  });

  it('given the server refuses, then the sign-in is cancelled and the refusal reaches the page', async () => {
    const bridge = fakeBridge(true);
    await expect(
      signInThroughDesktop({
        bridge,
        companyId: COMPANY,
        authUrlFor: () => Promise.reject(new Error('CRM_NOT_CONFIGURED')),
        openTab: () => true,
      }),
    ).rejects.toThrow('CRM_NOT_CONFIGURED');
    expect(bridge.oauth.cancel).toHaveBeenCalledWith({ id: 'o1' });
  });
});
