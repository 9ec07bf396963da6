import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../tests/support/until';
import { createConnectivity, type Connectivity } from './connectivity';

let current: Connectivity | null = null;
afterEach(() => {
  current?.stop();
  current = null;
});

/** Waits until `list` has at least `count` entries. */
const waitFor = (list: unknown[], count: number) =>
  until(() => list.length >= count, 10_000, `${count} entries`);

describe('connectivity', () => {
  it('given a request without an answer, when the server comes back, then it goes offline, probes with backoff and goes online again once', async () => {
    const changes: boolean[] = [];
    const probes: number[] = [];
    let serverUp = false;
    current = createConnectivity({
      check: () => {
        probes.push(Date.now());
        return Promise.resolve(serverUp);
      },
      onChange: (online) => changes.push(online),
      baseDelayMs: 20,
      maxDelayMs: 40,
      random: () => 0.99,
      onlineCheckMs: 60_000,
    });
    expect(current.online()).toBe(true);
    current.failed();
    expect(current.online()).toBe(false);
    expect(changes).toEqual([false]);

    await waitFor(probes, 3);
    expect(current.online()).toBe(false);
    serverUp = true;
    await waitFor(changes, 2);
    expect(changes).toEqual([false, true]);
    expect(current.online()).toBe(true);
    expect(current.lastContactAt()).not.toBeNull();
  });

  it('given an online app, when the periodic check finds no server, then it goes offline without any request of its own', async () => {
    const changes: boolean[] = [];
    current = createConnectivity({
      check: () => Promise.resolve(false),
      onChange: (online) => changes.push(online),
      onlineCheckMs: 10,
      baseDelayMs: 10_000,
    });
    current.succeeded();
    await waitFor(changes, 1);
    expect(changes).toEqual([false]);
  });

  it('given a check that throws, when checked, then it counts as offline', async () => {
    current = createConnectivity({
      check: () => Promise.reject(new Error('boom')),
      onChange: () => undefined,
      baseDelayMs: 10_000,
    });
    await expect(current.checkNow()).resolves.toBe(false);
    expect(current.online()).toBe(false);
  });
});
