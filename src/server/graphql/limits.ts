/**
 * Size limits on every GraphQL document, checked before anything runs. Before parsing: the
 * document's length, then its tokens, counted by graphql's lexer (flat, no recursion) and
 * stopped at the limit, so a huge or 3,000-deep document is refused before the parser recurses
 * into it. In validation (graphql-armor's envelop rules): aliases, directives, depth and a
 * structural cost. A document over any limit answers HTTP 400 with extensions.code
 * QUERY_TOO_COMPLEX and the limit's name; nothing of it is executed.
 *
 * Refusals are thrown, not reported: that stops the work at once, and it keeps yoga from
 * marking them as spec errors (which it answers 200 under Accept: application/json).
 *
 * The numbers leave room above what the desktop sends (tests/integration/graphql-limits.test.ts
 * checks every renderer operation against them): at most ~130 tokens, depth 8, cost ~610, no
 * aliases and no directives today.
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import type { GraphQLArmorRejectCallback } from '@escape.tech/graphql-armor-types';
import { Lexer, Source, TokenKind, type GraphQLError } from 'graphql';
import { createGraphQLError, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import { formatError } from '../../shared/errors';

export const GRAPHQL_LIMITS = {
  /** Characters of one document (the desktop's longest is ~1,200). */
  maxDocumentChars: 32_768,
  /** Lexical tokens of one document (names, punctuation, literals; a string is one token). */
  maxTokens: 1000,
  /** Nested selection sets (a fragment spread counts as a level). */
  maxDepth: 12,
  /** Aliased fields of one operation (a 5,000-alias list query took 25 s). */
  maxAliases: 10,
  maxDirectives: 10,
  /** graphql-armor's cost: objects 2, scalars 1, times 1.5 per level of depth. */
  maxCost: 5000,
} as const;

export type LimitName = 'size' | 'tokens' | 'depth' | 'aliases' | 'directives' | 'cost';

export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/** The answer to a document over a limit; `detail` names the limit (numbers only). */
export function limitError(limit: LimitName, detail: string): GraphQLError {
  return createGraphQLError(formatError(QUERY_TOO_COMPLEX, { detail }), {
    extensions: { code: QUERY_TOO_COMPLEX, limit, http: { status: 400 } },
  });
}

/** graphql-armor's message without its "Syntax Error: " prefix (it names no query values). */
function detailOf(error: GraphQLError): string {
  return error.message.replace(/^Syntax Error:\s*/, '');
}

/**
 * The refusal of a document too long or with too many tokens, or undefined. Lexing stops at the
 * first token over the limit; a syntax error is left for the parser to report.
 */
export function documentSizeRefusal(
  source: string,
): { limit: LimitName; detail: string } | undefined {
  const { maxDocumentChars, maxTokens } = GRAPHQL_LIMITS;
  if (source.length > maxDocumentChars)
    return {
      limit: 'size',
      detail: `Document size limit of ${maxDocumentChars} characters exceeded, found ${source.length}.`,
    };
  const lexer = new Lexer(new Source(source));
  let tokens = 0;
  try {
    while (lexer.advance().kind !== TokenKind.EOF)
      if ((tokens += 1) > maxTokens)
        return { limit: 'tokens', detail: `Token limit of ${maxTokens} exceeded.` };
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The envelop plugin enforcing GRAPHQL_LIMITS. `onReject` hears each refusal (for the log: the
 * limit and its numbers, never the document).
 */
export function graphqlLimitsPlugin(
  onReject: (limit: LimitName, detail: string) => void = () => undefined,
): Plugin {
  const refuse = (limit: LimitName, detail: string): never => {
    onReject(limit, detail);
    throw limitError(limit, detail);
  };
  const rule =
    (limit: LimitName): GraphQLArmorRejectCallback =>
    (_context, error) =>
      refuse(limit, detailOf(error));
  const common = (limit: LimitName) => ({
    exposeLimits: true,
    propagateOnRejection: false,
    onReject: [rule(limit)],
  });
  const sizeCheck: Plugin = {
    onParse({ params }) {
      const refusal = documentSizeRefusal(params.source.toString());
      if (refusal) refuse(refusal.limit, refusal.detail);
    },
  };
  const armor = EnvelopArmorPlugin<YogaInitialContext>({
    // Counted above, before parsing (graphql-armor counts while parsing, and yoga then answers
    // its error as a spec parse error: 200 under Accept: application/json).
    maxTokens: { enabled: false },
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ...common('depth') },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, ...common('aliases') },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, ...common('directives') },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, ...common('cost') },
    // Field suggestions ("Did you mean ...") stay: the schema is the desktop's open contract.
    blockFieldSuggestion: { enabled: false },
  });
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(sizeCheck);
      addPlugin(armor);
    },
  };
}
