/** Auto-layout: what a person sees after pressing "Auto-layout". */
import { describe, expect, it } from 'vitest';
import { LAYER_GAP, layeredLayout, ROW_GAP } from './layout';

describe('layeredLayout', () => {
  it('given a chain, then each node is one layer to the right of the one before, on one line', () => {
    const at = layeredLayout(
      ['c', 'a', 'b'],
      [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ],
    );
    expect(at.get('a')).toEqual({ x: 0, y: 0 });
    expect(at.get('b')).toEqual({ x: LAYER_GAP, y: 0 });
    expect(at.get('c')).toEqual({ x: 2 * LAYER_GAP, y: 0 });
  });

  it('given a branch that joins again, then the join sits after the longest path and the branches share a layer', () => {
    const at = layeredLayout(
      ['trigger', 'condition', 'yes', 'no', 'notify'],
      [
        { source: 'trigger', target: 'condition' },
        { source: 'condition', target: 'yes' },
        { source: 'condition', target: 'no' },
        { source: 'yes', target: 'notify' },
        { source: 'no', target: 'notify' },
        { source: 'trigger', target: 'notify' },
      ],
    );
    expect(at.get('yes')?.x).toBe(2 * LAYER_GAP);
    expect(at.get('no')?.x).toBe(2 * LAYER_GAP);
    expect(at.get('notify')?.x).toBe(3 * LAYER_GAP);
    expect([at.get('yes')?.y, at.get('no')?.y]).toEqual([-ROW_GAP / 2, ROW_GAP / 2]);
  });

  it('given a cycle, then every node still gets a distinct place', () => {
    const at = layeredLayout(
      ['a', 'b', 'c'],
      [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
        { source: 'c', target: 'b' },
      ],
    );
    const places = new Set([...at.values()].map((p) => `${p.x},${p.y}`));
    expect(places.size).toBe(3);
    expect(at.get('c')?.x).toBe(2 * LAYER_GAP);
  });

  it('given crossing edges, then the second layer is ordered like the first to uncross them', () => {
    const at = layeredLayout(
      ['t1', 't2', 'x', 'y'],
      [
        { source: 't1', target: 'y' },
        { source: 't2', target: 'x' },
      ],
    );
    expect(at.get('y')?.y).toBeLessThan(at.get('x')?.y ?? 0);
  });

  it('given an edge to a node that is not there, then it is ignored', () => {
    const at = layeredLayout(['a'], [{ source: 'a', target: 'ghost' }]);
    expect([...at.keys()]).toEqual(['a']);
  });
});
