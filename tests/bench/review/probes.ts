/**
 * The requests the review bench times: the document center's first page under each common
 * filter and sort, its tab counts and the review counts, content searches, and case-list pages.
 * Ids and values come from the seeded data (a type, its folder, a number that exists). Values
 * are picked from documents shown in the center (every tenth seeded document is an exception).
 */
import type { LexDeskServer } from '../../../src/server/app';
import type { Probe } from './measure';

const DOCUMENT_FIELDS = `id name created_at adj_number claim_number case_number applicant
  raw_file_name raw_file_uploaded_at legal_file_type { id name legal_document_folder { id name hex_code } }`;

const LIST = `query($c: ID!, $page: Int, $size: Int, $sort: String, $order: String, $f: ProcessedFileFilters) {
  processedFiles(company_id: $c, page: $page, page_size: $size, sort_by: $sort, sort_order: $order, filters: $f) {
    total total_capped items { ${DOCUMENT_FIELDS} snippet rank } } }`;

const CASES = `query($c: [ID!], $q: String, $page: Int, $limit: Int, $sort: String, $order: String) {
  legalCases(company_ids: $c, query: $q, page: $page, limit: $limit, sort_by: $sort, sort_order: $order) {
    total items { id case_number name client_name eams_number legal_case_status legal_case_type date_of_injury updated_at } } }`;

async function fileTypes(app: LexDeskServer, token: string, companyId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: {
      query:
        'query($c: ID!) { legalFileTypes(company_id: $c) { id name legal_document_folder { id } } }',
      variables: { c: companyId },
    },
  });
  const types = response.json<{
    data?: { legalFileTypes: Array<{ id: string; legal_document_folder: { id: string } }> };
  }>().data?.legalFileTypes;
  if (!types || types.length === 0) throw new Error(`no document types: ${response.body}`);
  return types;
}

export async function reviewProbes(
  app: LexDeskServer,
  token: string,
  companyId: string,
): Promise<Probe[]> {
  const types = await fileTypes(app, token, companyId);
  const type = types[3] ?? types[0]!;
  const list = (
    name: string,
    variables: Record<string, unknown>,
    kind: Probe['kind'] = 'list',
  ): Probe => ({
    name,
    kind,
    graphql: { query: LIST, variables: { c: companyId, page: 1, size: 10, ...variables } },
  });
  const search = (name: string, text: string, variables: Record<string, unknown> = {}) =>
    list(name, { f: { search: text, include_content_search: true }, ...variables }, 'search');
  return [
    list('center: first page (newest first)', {}),
    list('center: page 500', { page: 500 }),
    list('center: sort by name', { sort: 'name', order: 'asc' }),
    list('center: sort by document type', { sort: 'legal_file_type', order: 'asc' }),
    list('center: sort by uploaded at', { sort: 'raw_file_uploaded_at', order: 'desc' }),
    list('center: filter document type', { f: { file_type: type.id } }),
    list('center: filter folder tab', { f: { folder: type.legal_document_folder.id } }),
    list('center: filter ADJ number', { f: { adj_number: 'ADJ10012345' } }),
    list('center: filter claim number', { f: { claim_number: 'CLM-000143' } }),
    list('center: filter processed-at range', {
      f: { processed_at_from: '2026-10-01', processed_at_to: '2026-10-07' },
    }),
    list('center: filter raw file name', { f: { legal_raw_file_name: 'scan-0012345' } }),
    list('center: search by name', { f: { search: '424243' } }),
    list('center: 100 rows per page', { size: 100 }),
    {
      name: 'center: tab counts',
      kind: 'count',
      graphql: {
        query:
          'query($c: ID!) { documentCenterCounts(company_id: $c) { all no_file_type folders { folder { id name } count } } }',
        variables: { c: companyId },
      },
    },
    {
      name: 'center: tab counts, type filter',
      kind: 'count',
      graphql: {
        query:
          'query($c: ID!, $f: ProcessedFileFilters) { documentCenterCounts(company_id: $c, filters: $f) { all no_file_type folders { count } } }',
        variables: { c: companyId, f: { file_type: type.id } },
      },
    },
    {
      name: 'review: counts',
      kind: 'count',
      graphql: {
        query:
          'query($c: ID!) { reviewCounts(company_id: $c) { all no_file_type multi_case needs_case_number } }',
        variables: { c: companyId },
      },
    },
    {
      name: 'REST review-processed-files-count',
      kind: 'count',
      get: `/raw-files/review-processed-files-count?company_id=${companyId}`,
    },
    list(
      'search: claim number in text',
      { f: { search: 'CLM-000143', include_content_search: true } },
      'search',
    ),
    list(
      'search: surname and term',
      { f: { search: 'Martinez apportionment', include_content_search: true } },
      'search',
    ),
    list(
      'search: phrase',
      { f: { search: '"qualified medical evaluator" Thompson', include_content_search: true } },
      'search',
    ),
    // The seeded text holds every word of its vocabulary in every document, each word followed
    // by the same next word (seed.ts): "qualified applicant" is everywhere, "qualified medical
    // evaluator" nowhere; "applicant <surname>" is in one document of 40.
    search('search: common word', 'lumbar'),
    search('search: common phrase, no match', '"qualified medical evaluator"'),
    search('search: common phrase, matches', '"qualified applicant"'),
    search('search: phrase with a surname, matches', '"applicant Thompson"'),
    search('search: term in every document', 'applicant'),
    search('search: common phrase, no match, by name', '"qualified medical evaluator"', {
      sort: 'name',
      order: 'asc',
    }),
    {
      name: 'search: review queue, common phrase, no match',
      kind: 'search',
      graphql: {
        query: `query($c: ID!, $f: ProcessedFileFilters) { reviewQueue(company_id: $c, filters: $f) {
          total total_capped items { id name snippet rank } } }`,
        variables: {
          c: companyId,
          f: { search: '"qualified medical evaluator"', include_content_search: true },
        },
      },
    },
    {
      name: 'cases: first page',
      kind: 'cases',
      graphql: { query: CASES, variables: { c: [companyId], page: 1, limit: 10 } },
    },
    {
      name: 'cases: recent (3)',
      kind: 'cases',
      graphql: { query: CASES, variables: { c: [companyId], page: 1, limit: 3 } },
    },
    {
      name: 'cases: search a name',
      kind: 'cases',
      graphql: { query: CASES, variables: { c: [companyId], q: 'Martinez', page: 1, limit: 10 } },
    },
    {
      name: 'cases: sort by case number',
      kind: 'cases',
      graphql: {
        query: CASES,
        variables: { c: [companyId], page: 1, limit: 10, sort: 'case_number', order: 'asc' },
      },
    },
    list('center: sort by status', { sort: 'action_status', order: 'asc' }),
    list('center: sort by synced', { sort: 'document_synced', order: 'desc' }),
    list('center: sort by reviewed at', { sort: 'reviewed_at', order: 'desc' }),
    {
      name: 'cases: sort by type',
      kind: 'cases',
      graphql: {
        query: CASES,
        variables: { c: [companyId], page: 1, limit: 10, sort: 'legal_case_type', order: 'asc' },
      },
    },
  ];
}
