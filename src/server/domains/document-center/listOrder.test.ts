import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { sortKeys } from './listOrder';

const dialect = new PgDialect();

describe('sortKeys', () => {
  const DOC = '"legal_processed_file"';
  const text = (by: Parameters<typeof sortKeys>[0], direction: 'asc' | 'desc') =>
    sortKeys(by, direction).map((k) => `${dialect.sqlToQuery(sql`${k.expr}`).sql} ${k.direction}`);

  it.each([
    ['a document column', 'applicant', 'desc'],
    ['the status', 'action_status', 'asc'],
    ['the status', 'action_status', 'desc'],
    ['synced to the CRM', 'document_synced', 'asc'],
    ['synced to the CRM', 'document_synced', 'desc'],
    ['the review time', 'reviewed_at', 'asc'],
    ['the review time', 'reviewed_at', 'desc'],
  ] as const)(
    'given %s (%s %s), then that column and the id in the same direction (its index order)',
    (_label, by, direction) => {
      expect(text(by, direction)).toEqual([
        `${DOC}."${by}" ${direction}`,
        `${DOC}."id" ${direction}`,
      ]);
    },
  );

  it.each([
    [
      'raw-file sorts: the raw file, then its pages in order',
      'raw_file_uploaded_at',
      'desc',
      [
        '"raw_file"."created_at" desc',
        '"raw_file"."id" desc',
        `${DOC}."start_page_no" asc`,
        `${DOC}."id" asc`,
      ],
    ],
    [
      'the type sort: type name and id, newest first within a type',
      'legal_file_type',
      'asc',
      [
        '"legal_file_type"."name" asc',
        '"legal_file_type"."id" asc',
        `${DOC}."created_at" desc`,
        `${DOC}."id" desc`,
      ],
    ],
  ] as const)('given %s', (_label, by, direction, expected) => {
    expect(text(by, direction)).toEqual(expected);
  });
});
