import { describe, expect, it } from 'vitest';
import { estimateInput, previewEstimates } from './estimateForm';

const rates = new Map([
  [1, 9000],
  [3, 6000],
]);

describe('estimate preview', () => {
  it('prices typed hours as the server does (half up per line, in cents)', () => {
    const p = previewEstimates(
      [
        { talent_type_id: 3, hours: '0.01' },
        { talent_type_id: 1, hours: '2.5' },
      ],
      rates,
    );
    expect(p.problems).toEqual([null, null]);
    expect(p.totals?.total_estimated_hours).toBe(2.51);
    expect(p.totals?.total_estimated_cost).toBe(22_560);
  });

  it('names each bad row and gives no totals', () => {
    const p = previewEstimates(
      [
        { talent_type_id: 3, hours: '' },
        { talent_type_id: 3, hours: '1' },
        { talent_type_id: 1, hours: '0.125' },
        { talent_type_id: 9, hours: '1' },
      ],
      rates,
    );
    expect(p.problems).toEqual([
      'Enter hours.',
      'One estimate per talent type.',
      'Hours take at most two decimals.',
      'Choose a talent type.',
    ]);
    expect(p.totals).toBeNull();
    expect(previewEstimates([{ talent_type_id: 1, hours: '-1' }], rates).problems[0]).toBe(
      'Hours are a number like 2.5.',
    );
    expect(previewEstimates([], rates).totals).toBeNull();
  });

  it('sends numbers', () => {
    expect(estimateInput([{ talent_type_id: 1, hours: ' 2.50 ' }])).toEqual([
      { talent_type_id: 1, hours: 2.5 },
    ]);
  });
});
