/**
 * The document types this generator writes: the default taxonomy as it was when the generator was
 * written (25 types). Types added to the taxonomy later (the Request for Authorization, the
 * Substitution of Attorney) have no template here, so the committed fixture bundles stay as they
 * are; the independent generator (tests/corpus2) writes them.
 */
import type { DefaultTypeKey } from '../../src/server/pipeline/taxonomy/keys';
import { DEFAULT_TYPE_KEYS } from '../../src/server/pipeline/taxonomy/keys';

const LATER_TYPES = ['request_for_authorization', 'substitution_of_attorney'] as const;

export type CorpusTypeKey = Exclude<DefaultTypeKey, (typeof LATER_TYPES)[number]>;

function isCorpusKey(key: DefaultTypeKey): key is CorpusTypeKey {
  return !(LATER_TYPES as readonly string[]).includes(key);
}

export const CORPUS_TYPE_KEYS: readonly CorpusTypeKey[] = DEFAULT_TYPE_KEYS.filter(isCorpusKey);
