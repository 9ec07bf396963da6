/**
 * corpus3: an independent generator of California workers' compensation paper bundles with ground
 * truth, written from knowledge of real WC paper (see README.md).
 */
export { generateCases3 } from './cases';
export { generateBundle3, SCENARIOS3, TYPE_KEYS3 } from './bundle';
export type { Bundle3, Scenario3, TruthDocument3 } from './bundle';
export { writeTextPdf3, writeScanPdf3 } from './pdf';
export { renderScanPage } from './scan';
