import { and, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { CENTER, EXCEPTIONS, listConditions, type ListScope } from './listConditions';

const COMPANY = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const TYPE = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';
const dialect = new PgDialect();

/** The SQL text and parameters of a scope's conditions (doc and raw parts together). */
function render(scope: Partial<ListScope>) {
  const c = listConditions({ companyId: COMPANY, slice: CENTER, filters: {}, ...scope });
  const query = dialect.sqlToQuery(and(...c.doc, ...c.raw) as SQL);
  return { ...query, rawParts: c.raw.length };
}

describe('listConditions', () => {
  it('given no filters, then the company and the center slice only, the company as a parameter', () => {
    const q = render({});
    expect(q.sql).toContain('"legal_processed_file"."company_id" = $1');
    expect(q.sql).toContain(
      `"legal_processed_file"."action_status" in ('complete', 'unable_to_complete')`,
    );
    expect(q.params).toEqual([COMPANY]);
  });

  it('given hostile search text, then it only ever reaches SQL as parameters, LIKE wildcards escaped', () => {
    const text = `50%_'; drop table raw_file; --\\`;
    const q = render({ filters: { search: text, file_name: text, legal_raw_file_name: text } });
    expect(q.sql).not.toContain('drop table');
    expect(q.params).toContain(`%50\\%\\_'; drop table raw\\_file; --\\\\%`);
    expect(q.rawParts).toBe(2); // the raw file name and the raw file's company
  });

  it('given a content search, then the full-text index is asked with websearch_to_tsquery and the text as a parameter', () => {
    const q = render({ filters: { search: 'lumbar -knee', include_content_search: true } });
    expect(q.sql).toContain(
      `"legal_processed_file"."search_vector" @@ websearch_to_tsquery('english', $2)`,
    );
    expect(q.params).toContain('lumbar -knee');
    expect(q.sql).not.toContain('ilike');
  });

  it('given numbers, then they are compared normalised against every element', () => {
    const q = render({ filters: { adj_number: 'adj 12 3', claim_number: 'c 9' } });
    expect(q.sql).toContain('lexdesk_normalized_numbers("legal_processed_file"."adj_number") @>');
    expect(q.params).toEqual([COMPANY, 'ADJ123', 'C9']);
  });

  it('given folder tabs, then no_file_type is a null type, a folder its type ids, a folder without types nothing; ignoreFolder drops it', () => {
    expect(render({ filters: { folder: 'no_file_type' } }).sql).toContain(
      '"legal_processed_file"."legal_file_type_id" is null',
    );
    const withTypes = render({ filters: { folder: COMPANY }, folderTypeIds: [TYPE] });
    expect(withTypes.params).toEqual([COMPANY, TYPE]);
    expect(render({ filters: { folder: COMPANY }, folderTypeIds: [] }).sql).toContain('false');
    expect(render({ filters: { folder: COMPANY }, ignoreFolder: true }).params).toEqual([COMPANY]);
  });

  it('given date filters, then days include their whole day (exclusive next midnight)', () => {
    const q = render({
      filters: {
        processed_at_from: '2026-01-10',
        processed_at_to: '2026-01-11',
        separated_at: '2026-01-05',
      },
    });
    const dates = q.params.filter((p): p is string => typeof p === 'string' && p.includes('T'));
    expect(dates).toEqual([
      '2026-01-10T00:00:00.000Z',
      '2026-01-12T00:00:00.000Z',
      '2026-01-05T00:00:00.000Z',
      '2026-01-06T00:00:00.000Z',
    ]);
  });

  it('given the review queue with a reason, then exceptions with that reason', () => {
    const q = render({ slice: EXCEPTIONS, reason: 'multi_case' });
    expect(q.sql).toContain('"legal_processed_file"."is_exception" = true');
    expect(q.sql).toContain('= any("legal_processed_file"."exception_reasons")');
    expect(q.params).toEqual([COMPANY, 'multi_case']);
  });
});
