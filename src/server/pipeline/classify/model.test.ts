import { describe, expect, it } from 'vitest';
import { FIRST_PAGES, ocrDamage } from './fixtures';
import { DEFAULT_TYPE_KEYS } from '../taxonomy/keys';
import {
  addCorrection,
  emptyModel,
  exampleCount,
  features,
  parseModel,
  predict,
  serializeModel,
  trainModel,
} from './model';

const examples = Object.entries(FIRST_PAGES).map(([typeKey, text]) => ({ text, typeKey }));

describe('learned model', () => {
  it('uses unigrams and bigrams of the OCR-folded text', () => {
    expect(features('Proof of Service')).toEqual([
      'proof',
      'of',
      'servlce',
      'proof_of',
      'of_servlce',
    ]);
  });

  it('learns the training examples and generalises to OCR-damaged copies', () => {
    const model = trainModel(examples);
    expect(exampleCount(model)).toBe(DEFAULT_TYPE_KEYS.length);
    let right = 0;
    for (const { text, typeKey } of examples) {
      const p = predict(model, ocrDamage(text, 9, 0.04));
      const best = [...p.entries()].sort((a, b) => b[1] - a[1])[0];
      if (best?.[0] === typeKey) right++;
    }
    expect(right).toBeGreaterThanOrEqual(22);
  });

  it('gives probabilities that sum to one', () => {
    const p = predict(trainModel(examples), FIRST_PAGES.lien);
    const sum = [...p.values()].reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(1, 6);
    expect(predict(emptyModel(), 'anything').size).toBe(0);
  });

  it('changes its mind after staff corrections, without touching the old model', () => {
    const model = trainModel([
      { text: 'quarterly statement of account balance', typeKey: 'medical_bill' },
      { text: 'letter regarding your appointment', typeKey: 'correspondence' },
    ]);
    const text = 'vocational rehabilitation voucher statement';
    let corrected = model;
    for (let i = 0; i < 3; i++)
      corrected = addCorrection(corrected, { text, typeKey: 'benefit_notice' });
    const best = [...predict(corrected, text).entries()].sort((a, b) => b[1] - a[1])[0];
    expect(best?.[0]).toBe('benefit_notice');
    expect(model.docCounts.benefit_notice).toBeUndefined();
    expect(corrected.docCounts.benefit_notice).toBe(9);
  });

  it('round-trips through JSON and rejects malformed models', () => {
    const model = addCorrection(trainModel(examples), { text: 'extra', typeKey: 'order' });
    const back = parseModel(serializeModel(model));
    expect(back).toEqual(model);
    expect(predict(back, FIRST_PAGES.pr4)).toEqual(predict(model, FIRST_PAGES.pr4));
    expect(() => parseModel('{"version":2}')).toThrow();
    expect(() => parseModel(JSON.stringify({ ...model, vocabulary: -1 }))).toThrow();
    expect(() => parseModel('not json')).toThrow();
  });
});
