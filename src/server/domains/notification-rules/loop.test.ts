import { describe, expect, it, vi } from 'vitest';
import { startNotifyLoop, type DocumentWake } from './loop';

const log = { warn: vi.fn(), error: vi.fn() };

/** A wake source the test drives by hand; `fire` waits for `release` so events can pile up. */
function fakeWake() {
  let listener: ((companyId: string) => void) | undefined;
  const fired: string[] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const wake: DocumentWake = {
    subscribe(l) {
      listener = l;
      return () => {
        listener = undefined;
      };
    },
    async fire(companyId) {
      fired.push(companyId);
      await gate;
      return 1;
    },
  };
  return {
    wake,
    fired,
    emit: (companyId: string) => listener?.(companyId),
    subscribed: () => listener !== undefined,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe('the notify loop wakes document rules on the documents event', () => {
  it('given events while a wake-up runs, then each company waiting is fired once, after the one running', async () => {
    const source = fakeWake();
    const tick = vi.fn(() => Promise.resolve({ sent: 0 }));
    const loop = startNotifyLoop({
      tickSeconds: 3600,
      ticks: [tick],
      log,
      clock: () => new Date(),
      documents: source.wake,
    });
    await loop.idle();
    expect(tick).toHaveBeenCalledOnce();
    source.hold();
    source.emit('a');
    await vi.waitFor(() => expect(source.fired).toEqual(['a']));
    source.emit('b');
    source.emit('a');
    source.emit('b');
    source.release();
    await loop.idle();
    expect(source.fired).toEqual(['a', 'b', 'a']);
    expect(tick).toHaveBeenCalledOnce(); // the timer's next tick is an hour away
    await loop.stop();
    expect(source.subscribed()).toBe(false);
  });

  it('given tickSeconds 0 (the loop off), then it neither ticks nor listens', async () => {
    const source = fakeWake();
    const tick = vi.fn(() => Promise.resolve({ sent: 0 }));
    const loop = startNotifyLoop({
      tickSeconds: 0,
      ticks: [tick],
      log,
      clock: () => new Date(),
      documents: source.wake,
    });
    source.emit('a');
    await loop.idle();
    expect(tick).not.toHaveBeenCalled();
    expect(source.fired).toEqual([]);
    await loop.stop();
  });

  it('given a wake-up that fails, then it is logged and later events still fire', async () => {
    const source = fakeWake();
    const fire = vi.fn<DocumentWake['fire']>().mockRejectedValueOnce(new Error('db down'));
    fire.mockResolvedValue(1);
    const loop = startNotifyLoop({
      tickSeconds: 3600,
      ticks: [],
      log,
      clock: () => new Date(),
      documents: { subscribe: source.wake.subscribe, fire },
    });
    source.emit('a');
    await loop.idle();
    source.emit('a');
    await loop.idle();
    expect(fire).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ companyId: 'a' }),
      'notification wake-up failed',
    );
    await loop.stop();
  });
});
