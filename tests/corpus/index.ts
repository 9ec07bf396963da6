/**
 * The evaluation corpus generator's public API: case lists, bundles with ground truth, the text
 * and scan PDF writers, and the committed fixture set. See README.md in this folder.
 */
export { Rng } from './rng';
export { generateCases, factsFromCandidate, type CaseFacts } from './cases';
export {
  generateBundle,
  generateDocument,
  type Bundle,
  type BundleOptions,
  type TruthDocument,
  type CaseStatus,
} from './bundle';
export { writeTextPdf, textPdfBytes } from './textPdf';
export { writeScanPdf, scanPdfBytes, type ScanOptions } from './scanPdf';
export {
  FIXTURES_DIR,
  loadFixtureCases,
  loadFixtures,
  parseTruthFile,
  type Fixture,
  type TruthFile,
} from './fixtures';
export { TYPE_SPECS, type TypeSpec } from './templates';
