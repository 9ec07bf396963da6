/**
 * Breaks a well-formed JSON value (GraphQL variables, a REST body or query) in one of the ways a
 * careless or hostile client would: one leaf malformed, every string of one bad kind, a field
 * missing, a field too many.
 */
import type { Rng } from './prng';
import { malformed, pickKind, stringOfKind, STRING_KINDS, type Slot } from './values';

type Path = Array<string | number>;

export interface Broken {
  value: unknown;
  mutation: string;
  kind: string;
  where: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Paths of every scalar (and empty container) inside `value`. */
export function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value))
    return value.length === 0 ? [path] : value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (isRecord(value)) {
    const keys = Object.keys(value);
    return keys.length === 0
      ? [path]
      : keys.flatMap((key) => leafPaths(value[key], [...path, key]));
  }
  return [path];
}

/** Paths of every object key (what "missing" can remove). */
function keyPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => keyPaths(item, [...path, i]));
  if (!isRecord(value)) return [];
  return Object.keys(value).flatMap((key) => [
    [...path, key],
    ...keyPaths(value[key], [...path, key]),
  ]);
}

/** Paths of every object (where "extra" can add a key), the root included. */
function objectPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...path, i]));
  if (!isRecord(value)) return [];
  return [path, ...Object.keys(value).flatMap((key) => objectPaths(value[key], [...path, key]))];
}

const clone = (value: unknown): unknown => structuredClone(value);

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const step of path) node = (node as Record<string | number, unknown>)[step];
  return node;
}

/** A copy of `root` with the node at `path` replaced (`remove`: deleted). */
export function setAt(root: unknown, path: Path, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root);
  const parent = getAt(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (remove) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = value;
  return copy;
}

export const pathName = (path: Path) => (path.length === 0 ? '(root)' : path.join('.'));

/** What a leaf stands for, from its key and its well-formed value. */
export function slotOf(path: Path, value: unknown): Slot {
  const key = String([...path].reverse().find((step) => typeof step === 'string') ?? '');
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (/(^id$|_id$|_ids$|Id$|Ids$|^ids$|_key$|^key$)/.test(key)) return 'id';
  if (/(date|_at$|_from$|_to$|At$)/i.test(key)) return 'date';
  return typeof value === 'string' ? 'string' : 'any';
}

/** Every string replaced by `make()`; ids too only when `ids` (else they stay real ids). */
function replaceStrings(
  value: unknown,
  make: () => string,
  ids: boolean,
  path: Path = [],
): unknown {
  if (typeof value === 'string') return ids || slotOf(path, value) !== 'id' ? make() : value;
  if (Array.isArray(value))
    return value.map((item, i) => replaceStrings(item, make, ids, [...path, i]));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, replaceStrings(v, make, ids, [...path, k])]),
    );
  return value;
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'extra_field', 'id', 'company_id', '$where', ''];

export type JsonMutation = 'leaf' | 'all-strings' | 'missing' | 'extra';

export function mutateJson(root: unknown, rng: Rng, mutation: JsonMutation): Broken {
  if (mutation === 'all-strings') {
    const kind = pickKind(STRING_KINDS, rng);
    const ids = rng.chance(0.25);
    return {
      value: replaceStrings(root, () => stringOfKind(kind, rng), ids),
      mutation,
      kind,
      where: ids ? 'every string' : 'every string but ids',
    };
  }
  if (mutation === 'missing') {
    const paths = keyPaths(root);
    if (paths.length > 0) {
      const path = rng.pick(paths);
      return {
        value: setAt(root, path, undefined, true),
        mutation,
        kind: '-',
        where: pathName(path),
      };
    }
  }
  if (mutation === 'extra') {
    const paths = objectPaths(root);
    if (paths.length > 0) {
      const path = rng.pick(paths);
      const key = rng.pick(EXTRA_KEYS);
      const bad = malformed('any', rng);
      const target = clone(getAt(root, path)) as Record<string, unknown>;
      Object.defineProperty(target, key, { value: bad.value, enumerable: true, writable: true });
      return {
        value: setAt(root, path, target),
        mutation,
        kind: bad.kind,
        where: pathName([...path, key]),
      };
    }
  }
  const path = rng.pick(leafPaths(root));
  const bad = malformed(slotOf(path, getAt(root, path)), rng);
  return {
    value: setAt(root, path, bad.value),
    mutation: 'leaf',
    kind: bad.kind,
    where: pathName(path),
  };
}

export function pickJsonMutation(rng: Rng): JsonMutation {
  const roll = rng.next();
  if (roll < 0.62) return 'leaf';
  if (roll < 0.77) return 'all-strings';
  if (roll < 0.9) return 'missing';
  return 'extra';
}

/** A sweep: one kind of value put in every leaf of one slot (the first cases of a run). */
export interface Sweep {
  mutation: 'all-strings' | 'all-numbers' | 'all-ids';
  kind: string;
  value: unknown;
}

/** The sweeps every endpoint gets once before the random cases: the kinds that broke it before. */
export const SWEEPS: readonly Sweep[] = [
  { mutation: 'all-strings', kind: 'nul', value: 'a\u0000b' },
  { mutation: 'all-strings', kind: 'lone-surrogate', value: 'x\ud800y' },
  { mutation: 'all-numbers', kind: 'int32-overflow', value: 2147483648 },
  { mutation: 'all-ids', kind: 'non-uuid', value: 'not-a-uuid' },
];

function sweepValue(value: unknown, sweep: Sweep, path: Path): unknown {
  if (Array.isArray(value)) return value.map((item, i) => sweepValue(item, sweep, [...path, i]));
  if (isRecord(value))
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, sweepValue(v, sweep, [...path, k])]),
    );
  const slot = slotOf(path, value);
  const hit =
    sweep.mutation === 'all-numbers'
      ? slot === 'int' || slot === 'float'
      : sweep.mutation === 'all-ids'
        ? slot === 'id'
        : typeof value === 'string' && slot !== 'id';
  return hit ? sweep.value : value;
}

export function sweepJson(root: unknown, sweep: Sweep): Broken {
  return {
    value: sweepValue(root, sweep, []),
    mutation: sweep.mutation,
    kind: sweep.kind,
    where: 'every leaf of the kind',
  };
}
