/**
 * The learned page-boundary model: logistic weights over the page-pair features of features.ts,
 * trained by `npm run train` (tests/train/boundary.ts) and committed as model/boundary.json. Read
 * once, validated with zod; no network, no file system at run time (the JSON is bundled).
 */
import { z } from 'zod';
import committed from './model/boundary.json';
import { FEATURE_NAMES, type FeatureName, type Features } from './features';

const FEATURE = z.enum(FEATURE_NAMES);

export const BoundaryModelSchema = z.object({
  version: z.literal(1),
  kind: z.literal('logistic'),
  bias: z.number(),
  weights: z.partialRecord(FEATURE, z.number()),
  /** How the model was made, for PERFORMANCE.md and reproducibility. */
  training: z.object({
    command: z.string(),
    generator: z.string(),
    seed: z.number().int(),
    bundles: z.number().int(),
    pages: z.number().int(),
    l2: z.number(),
  }),
});

export type BoundaryModel = z.infer<typeof BoundaryModelSchema>;

let cached: BoundaryModel | null = null;

/** The committed model (validated on first use). */
export function boundaryModel(): BoundaryModel {
  cached ??= BoundaryModelSchema.parse(committed);
  return cached;
}

export function weightOf(model: BoundaryModel, name: FeatureName): number {
  return model.weights[name] ?? 0;
}

/** Start probability of a page from its features. */
export function startProbability(f: Features, model: BoundaryModel = boundaryModel()): number {
  let z = model.bias;
  for (const name of Object.keys(f) as FeatureName[]) z += weightOf(model, name) * (f[name] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

/** The cues that pushed towards the decision taken, strongest first, for reviewers. */
export function describe(
  f: Features,
  start: boolean,
  titleText: string | undefined,
  model: BoundaryModel = boundaryModel(),
): string[] {
  return (Object.keys(f) as FeatureName[])
    .map((name) => ({ name, c: weightOf(model, name) * (f[name] ?? 0) }))
    .filter((x) => (start ? x.c > 0.4 : x.c < -0.4))
    .sort((a, b) => Math.abs(b.c) - Math.abs(a.c))
    .map((x) => (x.name === 'title' && titleText ? `title:${titleText}` : x.name));
}
