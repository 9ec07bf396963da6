/**
 * Drift guard for the GraphQL main sends itself (review outbox, uploader, agent sign-in): every
 * document validates against the server's schema/*.graphql, as the renderer's do
 * (src/renderer/graphql/operations.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildSchema, Kind, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as review from './review/operations';
import * as uploader from './uploader/operations';

const schemaFolder = new URL('../../server/graphql/schema/', import.meta.url);
const schema = buildSchema(
  readdirSync(schemaFolder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => readFileSync(new URL(name, schemaFolder), 'utf8'))
    .join('\n'),
);

const documents: Array<[string, DocumentNode]> = Object.entries({ ...review, ...uploader }).filter(
  (entry): entry is [string, DocumentNode] =>
    typeof entry[1] === 'object' && entry[1] !== null && 'kind' in entry[1],
);
const operations = documents.filter(([, document]) =>
  document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
);

describe("main's GraphQL operations against schema/*.graphql", () => {
  it('given the review and uploader operations modules, then their six operations are found', () => {
    expect(operations.map(([name]) => name).sort()).toEqual([
      'AGENT_SIGN_IN_MUTATION',
      'OUTBOX_MARK_REVIEWED_MUTATION',
      'OUTBOX_UPDATE_MUTATION',
      'OUTBOX_VIEWER_QUERY',
      'UPLOADER_FAILED_MUTATION',
      'UPLOADER_RAW_FILE_QUERY',
    ]);
  });

  it.each(operations)(
    'given %s, when validated against the server schema, then it has no errors',
    (_name, document) => {
      expect(validate(schema, document).map((error) => error.message)).toEqual([]);
    },
  );
});
