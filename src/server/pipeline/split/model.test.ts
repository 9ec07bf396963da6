import { describe, expect, it } from 'vitest';
import committed from './model/boundary.json';
import { boundaryModel, BoundaryModelSchema, describe as cuesOf, startProbability } from './model';

describe('boundary model', () => {
  it('is the committed, zod-valid learned model', () => {
    const model = boundaryModel();
    expect(model.training.command).toBe('npm run train');
    expect(model.training.pages).toBeGreaterThan(1000);
    expect(Object.keys(model.weights).length).toBeGreaterThan(30);
  });

  it('rejects a model with an unknown feature or kind', () => {
    expect(() =>
      BoundaryModelSchema.parse({ ...committed, weights: { notAFeature: 1 } }),
    ).toThrow();
    expect(() => BoundaryModelSchema.parse({ ...committed, kind: 'trees' })).toThrow();
  });

  it('weighs a title and a number reset towards a start, a continued number against it', () => {
    const start = startProbability({ title: 1, pageOne: 1, numberReset: 1, prevLastPage: 1 });
    const cont = startProbability({ pageAfterOne: 1, pageContinues: 1, withinDeclared: 1 });
    expect(start).toBeGreaterThan(0.9);
    expect(cont).toBeLessThan(0.05);
    expect(cuesOf({ title: 1, pageContinues: 1 }, true, 'PETITION')).toEqual(['title:PETITION']);
  });
});
