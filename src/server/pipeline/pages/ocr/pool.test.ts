// The worker pool: concurrency limit, recycling, replacement after failures, closing.
import { describe, expect, it } from 'vitest';
import { Pool } from './pool';

function tracker() {
  let next = 0;
  const created: number[] = [];
  const destroyed: number[] = [];
  return {
    created,
    destroyed,
    create: () => {
      next += 1;
      created.push(next);
      return Promise.resolve(next);
    },
    destroy: (member: number) => {
      destroyed.push(member);
      return Promise.resolve();
    },
  };
}

describe('Pool', () => {
  it('runs at most `size` jobs at once', async () => {
    const t = tracker();
    const pool = new Pool({ size: 2, create: t.create, destroy: t.destroy });
    let running = 0;
    let peak = 0;
    const job = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 7 }, () => pool.run(job)));
    expect(peak).toBe(2);
    expect(t.created).toEqual([1, 2]);
    await pool.close();
    expect(t.destroyed.sort()).toEqual([1, 2]);
  });

  it('replaces a member after recycleAfter jobs and after a failure', async () => {
    const t = tracker();
    const pool = new Pool({ size: 1, recycleAfter: 2, create: t.create, destroy: t.destroy });
    const used: number[] = [];
    for (let i = 0; i < 5; i += 1) await pool.run((m) => Promise.resolve(used.push(m)));
    expect(used).toEqual([1, 1, 2, 2, 3]);
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await pool.run((m) => Promise.resolve(used.push(m)));
    expect(used.at(-1)).toBe(4);
    expect(t.destroyed).toEqual([1, 2, 3]);
    await pool.close();
    await expect(pool.run(() => Promise.resolve(1))).rejects.toThrow('closed');
  });
});
