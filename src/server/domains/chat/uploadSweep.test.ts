import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_UPLOAD_SWEEP_INTERVAL_MS, startChatUploadSweep } from './uploadSweep';

const quiet = { error: vi.fn(), info: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
});

describe('the chat upload sweep timer', () => {
  it('given each interval, then it sweeps once with the clock’s time, never two at once, and stop waits for the run', async () => {
    vi.useFakeTimers();
    const now = new Date('2026-11-27T12:00:00Z');
    let finish!: (removed: number) => void;
    const sweep = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const timer = startChatUploadSweep({ uploads: { sweep }, clock: () => now, log: quiet });
    expect(sweep).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(CHAT_UPLOAD_SWEEP_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(1);
    expect(sweep).toHaveBeenCalledWith(now);
    // The next tick queues behind the running sweep.
    await vi.advanceTimersByTimeAsync(CHAT_UPLOAD_SWEEP_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(1);
    finish(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(sweep).toHaveBeenCalledTimes(2);
    expect(quiet.info).toHaveBeenCalledWith({ removed: 3 }, 'unsent chat uploads removed');
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish(0);
    await stopping;
    await vi.advanceTimersByTimeAsync(CHAT_UPLOAD_SWEEP_INTERVAL_MS * 3);
    expect(sweep).toHaveBeenCalledTimes(2);
  });

  it('given a failing sweep, then it is logged and the next interval sweeps again', async () => {
    vi.useFakeTimers();
    const sweep = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(0);
    const log = { error: vi.fn(), info: vi.fn() };
    const timer = startChatUploadSweep({ uploads: { sweep }, clock: () => new Date(), log });
    await vi.advanceTimersByTimeAsync(CHAT_UPLOAD_SWEEP_INTERVAL_MS);
    expect(log.error).toHaveBeenCalledWith(expect.anything(), 'chat upload sweep failed');
    await vi.advanceTimersByTimeAsync(CHAT_UPLOAD_SWEEP_INTERVAL_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
    await timer.stop();
  });
});
