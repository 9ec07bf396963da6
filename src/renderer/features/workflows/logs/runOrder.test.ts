/** A run's steps read top to bottom in the order they ran. */
import { describe, expect, it } from 'vitest';
import { inRunOrder } from './runOrder';

describe('inRunOrder', () => {
  it('given steps listed newest first, then the trigger comes first and a step not yet started last among equals', () => {
    const nodes = [
      { id: 'notify', queued_at: '2026-11-26T20:15:34.100Z', started_at: null },
      { id: 'sync', queued_at: '2026-11-26T20:15:34.100Z', started_at: '2026-11-26T20:15:34.200Z' },
      {
        id: 'trigger',
        queued_at: '2026-11-26T20:15:34.000Z',
        started_at: '2026-11-26T20:15:34.010Z',
      },
    ];
    expect(inRunOrder(nodes).map((n) => n.id)).toEqual(['trigger', 'sync', 'notify']);
  });
});
