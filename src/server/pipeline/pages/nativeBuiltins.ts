/**
 * pdf.js's legacy build (the one that runs on Node 20) bundles core-js, which replaces some of the
 * engine's own functions for the whole process: JSON.stringify, JSON.parse, Array.prototype.push
 * and Function.prototype.toString, for spec corner cases pdf.js never meets. The replacements are
 * JavaScript wrappers, so every JSON answer and every push in the server got several times slower
 * (a 100-row document list spent more time in the polyfilled JSON.stringify than in its SQL).
 *
 * This module is imported before pdf.js (ES modules evaluate in import order) and keeps the
 * engine's functions; `restoreNativeBuiltins()` puts them back once pdf.js (or its worker code)
 * is loaded. Only replaced functions are restored: what pdf.js adds (Promise.withResolvers,
 * Uint8Array.prototype.toHex...) stays.
 */

interface Kept {
  target: object;
  key: PropertyKey;
  value: unknown;
}

const KEPT: readonly Kept[] = [
  { target: JSON, key: 'stringify', value: JSON.stringify },
  { target: JSON, key: 'parse', value: JSON.parse },
  { target: Array.prototype, key: 'push', value: Array.prototype.push },
  { target: Function.prototype, key: 'toString', value: Function.prototype.toString },
];

/** Puts back any of the kept engine functions that were replaced since this module loaded. */
export function restoreNativeBuiltins(): void {
  for (const { target, key, value } of KEPT) {
    const current = Object.getOwnPropertyDescriptor(target, key);
    if (current?.value !== value)
      Object.defineProperty(target, key, {
        value,
        writable: true,
        enumerable: false,
        configurable: true,
      });
  }
}

/** The engine's own functions as this module found them (for tests). */
export function keptBuiltins(): ReadonlyArray<Readonly<Kept>> {
  return KEPT;
}
