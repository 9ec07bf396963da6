import { describe, expect, it, vi } from 'vitest';
import { createBrowserNotifier, type BrowserNotifierEnv } from './bridge-notifier';

/** A stand-in for the browser's Notification constructor, recording what was shown. */
function fakeApi(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Array<{
    title: string;
    body?: string;
    onclick: (() => void) | null;
    closed: boolean;
  }> = [];
  class FakeNotification {
    static permission: NotificationPermission = permission;
    static requestPermission = vi.fn(() => {
      FakeNotification.permission = answer;
      return Promise.resolve(answer);
    });
    onclick: (() => void) | null = null;
    closed = false;
    constructor(
      readonly title: string,
      options?: NotificationOptions,
    ) {
      shown.push(Object.assign(this, { body: options?.body }) as unknown as (typeof shown)[number]);
    }
    close() {
      this.closed = true;
    }
  }
  return { api: FakeNotification as unknown as typeof Notification, shown, FakeNotification };
}

function env(api: typeof Notification | undefined, foreground = false): BrowserNotifierEnv {
  return { NotificationApi: api, isInForeground: () => foreground, focusWindow: vi.fn() };
}

const note = { title: 'Rules Firm', body: 'New QME reports: 1 document', redirect: '/documents' };

describe('native notifications in the browser build (the Web Notification API)', () => {
  it('given permission granted and the page in the background, then it shows; a click focuses, runs the handler and closes it', async () => {
    const { api, shown } = fakeApi('granted');
    const e = env(api);
    const onClick = vi.fn();
    await expect(createBrowserNotifier(e).show(note, onClick)).resolves.toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Rules Firm', body: 'New QME reports: 1 document' });
    shown[0]!.onclick!();
    expect(e.focusWindow).toHaveBeenCalledOnce();
    expect(onClick).toHaveBeenCalledOnce();
    expect(shown[0]!.closed).toBe(true);
  });

  it('given permission denied, then nothing is shown and permission is not asked again', async () => {
    const { api, shown, FakeNotification } = fakeApi('denied');
    await expect(createBrowserNotifier(env(api)).show(note, vi.fn())).resolves.toBe(false);
    expect(shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('given permission not yet decided and the user refusing, then nothing is shown and the question is asked once', async () => {
    const { api, shown, FakeNotification } = fakeApi('default', 'denied');
    const notifier = createBrowserNotifier(env(api));
    await expect(notifier.show(note, vi.fn())).resolves.toBe(false);
    await expect(notifier.show(note, vi.fn())).resolves.toBe(false);
    expect(shown).toHaveLength(0);
    expect(FakeNotification.requestPermission).toHaveBeenCalledOnce();
  });

  it('given the page in front, or a browser without the API, then nothing is shown', async () => {
    const { api, shown } = fakeApi('granted');
    await expect(createBrowserNotifier(env(api, true)).show(note, vi.fn())).resolves.toBe(false);
    await expect(createBrowserNotifier(env(undefined)).show(note, vi.fn())).resolves.toBe(false);
    expect(shown).toHaveLength(0);
  });
});
