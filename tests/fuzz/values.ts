/**
 * Malformed values, each with the kind it stands for (the report groups failures by kind). A slot
 * says what the endpoint expects there; the fuzzer mostly sends values wrong for that slot, and
 * sometimes any kind at all.
 */
import type { Rng } from './prng';

export type Slot = 'string' | 'id' | 'int' | 'float' | 'boolean' | 'date' | 'any';

export interface Malformed {
  kind: string;
  value: unknown;
}

type Make = (rng: Rng) => unknown;

const UUID = '5b0ff0e1-3c2d-4e5f-8a9b-0c1d2e3f4a5b';

/** Nested `depth` deep: [[[...]]] or {"a":{"a":...}}. */
export function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = asObject ? { a: 1 } : [1];
  for (let i = 0; i < depth; i += 1) value = asObject ? { a: value } : [value];
  return value;
}

export const STRING_KINDS: Record<string, Make> = {
  nul: (rng) => rng.pick(['\u0000', 'a\u0000b', 'claim\u0000.pdf', '%00\u0000']),
  'lone-surrogate': (rng) => rng.pick(['\ud800', 'x\ud800y', '\udfff', 'a\udc00\ud800']),
  'huge-string': (rng) => 'x'.repeat(rng.pick([5_000, 70_000, 300_000, 1_200_000])),
  empty: () => '',
  whitespace: (rng) => rng.pick([' ', '\t\n', '\u00a0\u2028\u3000']),
  'control-chars': () => '\u0001\u0008\u001b[31m\u007f\u0085',
  sql: (rng) => rng.pick(["' OR '1'='1", "'; DROP TABLE raw_file; --", '\\', "''''"]),
  'like-wildcards': (rng) => rng.pick(['%', '_', '%_%\\', '\\%']),
  tsquery: (rng) => rng.pick(['!(&|:*', '"unterminated', '<->', ':*', '& & |', '-', '"" OR']),
  unicode: (rng) => rng.pick(['𝔘ñí©ødé', '\u202eRTL', 'e\u0301', '\ufeff', '💥'.repeat(300)]),
  markup: () => '<script>alert(1)</script>{{7*7}}${7*7}',
  path: () => '../../../../etc/passwd',
  format: () => '%s%n%x%d',
};

export const NUMBER_KINDS: Record<string, Make> = {
  'int32-overflow': (rng) => rng.pick([2147483648, 4294967296, -2147483649]),
  negative: () => -1,
  'huge-float': (rng) => rng.pick([1e308, -1e308, 1.7976931348623157e308]),
  fraction: () => 1.5,
  zero: () => 0,
  'unsafe-int': () => 2 ** 53 + 2,
  'nan-ish': (rng) => rng.pick(['NaN', 'Infinity', '-Infinity', '1e999', '0x10', '1_000']),
  'numeric-string': (rng) => rng.pick(['42', '-1', '2147483648', ' 7 ', '']),
};

export const ID_KINDS: Record<string, Make> = {
  'non-uuid': (rng) => rng.pick(['not-a-uuid', '123', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']),
  'empty-id': () => '',
  'long-id': (rng) => 'a'.repeat(rng.pick([300, 10_000, 200_000])),
  'uuid-nul': () => `${UUID}\u0000`,
  'uuid-variant': (rng) =>
    rng.pick([UUID.toUpperCase(), `{${UUID}}`, UUID.replaceAll('-', ''), ` ${UUID} `]),
  'nil-uuid': () => '00000000-0000-0000-0000-000000000000',
  'missing-uuid': () => UUID,
  'numeric-id': () => 12345,
};

export const TYPE_KINDS: Record<string, Make> = {
  null: () => null,
  boolean: (rng) => rng.chance(0.5),
  object: () => ({ a: 1 }),
  array: () => [1, 'x', null],
  'empty-array': () => [],
  'empty-object': () => ({}),
  'deep-nesting': (rng) => nested(rng.pick([64, 1_000]), rng.chance(0.5)),
  'proto-keys': () => JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}'),
  'huge-array': (rng) => Array.from({ length: rng.pick([1_001, 20_000]) }, (_, i) => `v${i}`),
};

export const DATE_KINDS: Record<string, Make> = {
  'bad-date': (rng) =>
    rng.pick(['2024-13-45', '2024-02-30', '0000-01-01', '275760-09-14', '2024-01-01T25:61:61Z']),
  'date-number': () => 1_700_000_000_000,
};

/** Per slot: the families of kinds to draw from, the first (wrong for the slot in its own way) most. */
const FAMILIES: Record<Slot, Array<Record<string, Make>>> = {
  string: [STRING_KINDS, TYPE_KINDS, { 'number-for-string': (rng) => rng.pick([0, -1, 1e308]) }],
  id: [ID_KINDS, STRING_KINDS, TYPE_KINDS],
  int: [NUMBER_KINDS, TYPE_KINDS, { 'string-for-number': () => 'seven' }],
  float: [NUMBER_KINDS, TYPE_KINDS],
  boolean: [TYPE_KINDS, { 'bool-word': (rng) => rng.pick(['true', 'yes', '1', 'TRUE']) }],
  date: [DATE_KINDS, STRING_KINDS, NUMBER_KINDS],
  any: [STRING_KINDS, NUMBER_KINDS, ID_KINDS, TYPE_KINDS, DATE_KINDS],
};

/** Kinds that broke the server before (issue 13) are drawn more often than the rest. */
const WEIGHTS: Record<string, number> = {
  nul: 4,
  'lone-surrogate': 4,
  'int32-overflow': 4,
  'non-uuid': 2,
  'uuid-nul': 2,
};

export function pickKind(family: Record<string, Make>, rng: Rng): string {
  const kinds = Object.keys(family).flatMap((kind) => Array<string>(WEIGHTS[kind] ?? 1).fill(kind));
  return rng.pick(kinds);
}

/** A value of a random wrong kind for `slot` (one time in eight: any kind at all). */
export function malformed(slot: Slot, rng: Rng): Malformed {
  const families = FAMILIES[rng.chance(0.125) ? 'any' : slot];
  const family = rng.chance(0.6) ? families[0]! : rng.pick(families);
  const kind = pickKind(family, rng);
  return { kind, value: family[kind]!(rng) };
}

/** Every string kind applied to one value: the kind is kept for every leaf of a request. */
export function stringOfKind(kind: string, rng: Rng): string {
  const make = STRING_KINDS[kind];
  const value = make ? make(rng) : '';
  return typeof value === 'string' ? value : String(value);
}

/** Text as a raw client might put it in a URL: lone surrogates as their (invalid) UTF-8 bytes. */
export function urlEncode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    out +=
      code >= 0xd800 && code <= 0xdfff
        ? Array.from(
            Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]),
          )
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return out;
}
