import { describe, expect, it } from 'vitest';
import { createCoalescer, type Timers } from './coalesce';

/** Timers driven by hand: `elapse()` fires whatever is due, in order. */
function manualTimers() {
  let next = 1;
  const pending = new Map<number, () => void>();
  const timers: Timers = {
    set(callback) {
      const id = next++;
      pending.set(id, callback);
      return id;
    },
    clear(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    timers,
    pendingCount: () => pending.size,
    elapse() {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, callback] of due) callback();
    },
  };
}

/** A run that stays in flight until the test finishes it. */
function controlledRun() {
  const finishers: Array<() => void> = [];
  let runs = 0;
  return {
    run: () => {
      runs += 1;
      return new Promise<void>((resolve) => finishers.push(resolve));
    },
    runs: () => runs,
    /** Finishes the oldest run in flight and lets its continuation run. */
    async finish() {
      finishers.shift()?.();
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      await Promise.resolve();
      await Promise.resolve();
    },
  };
}

describe('createCoalescer', () => {
  it('given 100 triggers in one window, when the window closes, then it runs once', () => {
    const clock = manualTimers();
    const work = controlledRun();
    const coalescer = createCoalescer(work.run, { windowMs: 300, timers: clock.timers });
    for (let i = 0; i < 100; i += 1) coalescer.trigger();
    expect(work.runs()).toBe(0);
    expect(clock.pendingCount()).toBe(1);
    clock.elapse();
    expect(work.runs()).toBe(1);
  });

  it('given triggers while a run is in flight, then exactly one more run follows it, never two at once', async () => {
    const clock = manualTimers();
    const work = controlledRun();
    const coalescer = createCoalescer(work.run, { windowMs: 300, timers: clock.timers });
    coalescer.trigger();
    clock.elapse();
    expect(work.runs()).toBe(1);
    for (let i = 0; i < 50; i += 1) coalescer.trigger();
    // Nothing is scheduled while the run is in flight.
    expect(clock.pendingCount()).toBe(0);
    await work.finish();
    expect(clock.pendingCount()).toBe(1);
    clock.elapse();
    expect(work.runs()).toBe(2);
    await work.finish();
    expect(clock.pendingCount()).toBe(0);
    expect(work.runs()).toBe(2);
  });

  it('given no trigger during a run, when it finishes, then nothing more runs', async () => {
    const clock = manualTimers();
    const work = controlledRun();
    const coalescer = createCoalescer(work.run, { windowMs: 300, timers: clock.timers });
    coalescer.trigger();
    clock.elapse();
    await work.finish();
    expect(clock.pendingCount()).toBe(0);
    coalescer.trigger();
    clock.elapse();
    expect(work.runs()).toBe(2);
  });

  it('given a failing run, then later triggers still run', async () => {
    const clock = manualTimers();
    let runs = 0;
    const coalescer = createCoalescer(
      () => {
        runs += 1;
        return Promise.reject(new Error('offline'));
      },
      { windowMs: 300, timers: clock.timers },
    );
    coalescer.trigger();
    clock.elapse();
    await new Promise<void>((resolve) => setImmediate(resolve));
    coalescer.trigger();
    clock.elapse();
    expect(runs).toBe(2);
  });

  it('given it was disposed, then a pending window never runs and triggers are ignored', () => {
    const clock = manualTimers();
    const work = controlledRun();
    const coalescer = createCoalescer(work.run, { windowMs: 300, timers: clock.timers });
    coalescer.trigger();
    coalescer.dispose();
    expect(clock.pendingCount()).toBe(0);
    coalescer.trigger();
    clock.elapse();
    expect(work.runs()).toBe(0);
  });
});
