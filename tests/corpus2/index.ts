/**
 * The second, independent evaluation corpus generator (issue 16): California workers'
 * compensation bundles with ground truth in the same shape as tests/corpus, written apart from
 * its templates. See README.md in this folder.
 */
export { Rng2 } from './rng';
export { generateCases2, factsOf, type CaseFacts2 } from './cases';
export {
  generateBundle2,
  SCENARIOS,
  type Bundle2,
  type BundleOptions2,
  type CaseStatus2,
  type Scenario,
  type TruthDocument2,
} from './bundle';
export { type Fields2 } from './print';
export { RFA_KEY, SUBSTITUTION_KEY } from './made';
export { writeTextPdf2, writeScanPdf2 } from './pdf';
