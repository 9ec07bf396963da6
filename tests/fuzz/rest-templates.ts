/**
 * A well-formed request for each REST route of the route table (src/server/http/routes.ts): its
 * path parameters (by the kind of record they name), query string and body. The fuzzer breaks one
 * thing of it per case. A route without a template here is still fuzzed, with generic values, and
 * the report names it (the CI fuzz test fails on it).
 */
import type { Fixtures, IdKind } from './fixtures';
import { seededUuid, type Rng } from './prng';
import { CRM_REST_TEMPLATES } from './rest-templates-crm';
import { WORKFLOW_REST_TEMPLATES } from './rest-templates-workflows';
import { NOTIFY_REST_TEMPLATES } from './rest-templates-notify';
import { MAIL_REST_TEMPLATES } from './rest-templates-mail';

export type BodyKind = 'none' | 'json' | 'multipart' | 'csv' | 'tus';

export interface RestTemplate {
  params?: Record<string, IdKind>;
  /** Path parameters that are words, not ids (a mail provider's kind). */
  literalParams?: Record<string, string>;
  query?: (rng: Rng, fx: Fixtures) => Record<string, unknown>;
  body?: BodyKind;
  json?: (rng: Rng, fx: Fixtures) => unknown;
  /** For multipart routes: the file sent. */
  file?: 'pdf' | 'png';
}

const HEX64 = 'ab'.repeat(32);
const some = (rng: Rng, entries: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(entries).filter(() => rng.chance(0.6)));

const listFilters = (rng: Rng, fx: Fixtures) => ({
  companyIds: [fx.pickId('company', rng)],
  ...some(rng, {
    searchQuery: rng.pick(['fuzz', 'claim "medical evaluator"', '']),
    page: rng.int(1, 3),
    pageSize: rng.pick([1, 20, 100]),
    status: rng.pick(['Processed', ['Uploading', 'Uploaded']]),
    minPages: 0,
    maxPages: 50,
    uploadedBy: [fx.pickId('user', rng)],
    raw_file_uploaded_at_from: '2024-01-01',
    raw_file_uploaded_at_to: '2030-01-01T00:00:00Z',
    legalFileTypeId: fx.pickId('fileType', rng),
    needs_case_number: rng.chance(0.5),
    includeContentSearch: rng.chance(0.5),
    reviewed_at: '2024-05-01',
    sortBy: rng.pick(['created_at', 'name', 'size', 'no_of_pages']),
    sortOrder: rng.pick(['asc', 'DESC']),
  }),
});

export const REST_TEMPLATES: Record<string, RestTemplate> = {
  'POST /files/upload': {
    query: (rng, fx) =>
      some(rng, {
        company_id: fx.pickId('company', rng),
        chat_room_id: fx.pickId('chatRoom', rng),
      }),
    body: 'multipart',
    file: 'pdf',
  },
  'GET /files/:key': {
    params: { key: 'fileKey' },
    query: (rng) => some(rng, { expires: String(Date.now() + 60_000), sig: 'a'.repeat(43) }),
  },
  'POST /companies/:id/icon': { params: { id: 'company' }, body: 'multipart', file: 'png' },
  'POST /users/:id/avatar': { params: { id: 'user' }, body: 'multipart', file: 'png' },
  'POST /processed-legal-file/createRawFile': {
    body: 'json',
    json: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      raw_file_medium: rng.pick(['desktop', 'watch', 'agent', 'web']),
      uploader_session_id: `session-${rng.int(1, 99)}`,
      files: [
        {
          index: 0,
          name: 'fuzz-new.pdf',
          size: rng.int(1, 5_000_000),
          type: 'application/pdf',
          no_of_pages: rng.int(0, 400),
          sha256: HEX64,
          idempotency_key: seededUuid(rng),
        },
      ],
    }),
  },
  'GET /processed-legal-file/generatePresignedUrl': {
    query: (rng) => ({ fileName: rng.pick(['a.pdf', 'scan.tiff', 'letter.docx']) }),
  },
  'POST /raw-files/isDuplicateFile': {
    body: 'json',
    json: (rng, fx) => ({
      companyIds: [fx.pickId('company', rng)],
      fileNames: ['fuzz-a.pdf', 'other.pdf'],
      ...some(rng, { sha256s: [HEX64, HEX64] }),
    }),
  },
  'POST /raw-files/getRawFiles': { body: 'json', json: listFilters },
  'GET /raw-files/rawFilesDetails': {
    query: (rng, fx) => ({ rawFileId: fx.pickId('rawFile', rng) }),
  },
  'POST /raw-files/upload-log': {
    body: 'json',
    json: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      status: rng.pick(['Uploaded', 'Failed']),
      files: [
        {
          name: 'fuzz.pdf',
          ...some(rng, {
            size: rng.int(0, 1e6),
            raw_file_id: fx.pickId('rawFile', rng),
            status: 'ok',
            error: 'network down',
          }),
        },
      ],
    }),
  },
  'DELETE /raw-files/:id': { params: { id: 'rawFile' } },
  'POST /uploads': { body: 'tus' },
  'PATCH /uploads/:id': { body: 'tus' },
  'DELETE /uploads/:id': { body: 'tus' },
  'HEAD /uploads/:id': { body: 'tus' },
  'GET /admin/getLegalFileTypesForWorkflows': {
    query: (rng, fx) => ({ companyId: fx.pickId('company', rng) }),
  },
  'GET /admin/eval': {
    query: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      startDate: `2025-0${rng.int(1, 9)}-01`,
      endDate: `2025-0${rng.int(1, 9)}-28`,
      ...some(rng, { compare_start_date: '2024-01-01', compare_end_date: '2024-12-31' }),
    }),
  },
  'POST /admin/update-file-type': {
    body: 'json',
    json: (rng, fx) => ({
      id: fx.pickId('fileType', rng),
      data: {
        name: `Fuzz type ${rng.int(1, 9)}`,
        ...some(rng, {
          legal_document_folder_id: fx.pickId('folder', rng),
          folder: { id: fx.pickId('folder', rng), name: 'Fuzz folder', hex_code: '#aabbcc' },
        }),
      },
    }),
  },
  'POST /legal-cases': {
    query: (rng) =>
      some(rng, { page: rng.int(1, 3), limit: rng.pick([3, 10, 100]), crmType: 'none' }),
    body: 'json',
    json: (rng, fx) => ({
      query: rng.pick(['fuzz', 'FUZZ-A-1', '']),
      companyIds: [fx.pickId('company', rng)],
      ...some(rng, {
        filters: { legal_case_status: 'open', legal_case_type: 'wc', has_documents: true },
        sortBy: rng.pick(['case_number', 'name', 'created_at']),
        sortOrder: rng.pick(['asc', 'desc']),
      }),
    }),
  },
  'POST /legal-cases/get-stats': {
    query: (rng, fx) => ({
      companyId: fx.pickId('company', rng),
      ...some(rng, { crmType: 'none' }),
    }),
  },
  'POST /legal-cases/import': {
    query: (rng, fx) => ({ companyId: fx.pickId('company', rng) }),
    body: 'csv',
  },
  'GET /case/:caseId/company/:companyId': { params: { caseId: 'legalCase', companyId: 'company' } },
  'PATCH /case/:caseId/company/:companyId': {
    params: { caseId: 'legalCase', companyId: 'company' },
    body: 'json',
    json: (rng) => ({
      data: some(rng, {
        name: 'Fuzz v. Fixture',
        client_name: 'Jane Roe',
        date_of_injury: '2024-01-02',
        legal_case_status: 'open',
      }),
    }),
  },
  'GET /raw-files/legal-cases': { query: (rng, fx) => ({ id: fx.pickId('rawFile', rng) }) },
  'GET /processed-legal-file/:id': { params: { id: 'processedFile' } },
  'GET /raw-files/processed-files-notifications/:processFileId': {
    params: { processFileId: 'processedFile' },
    query: (rng) => some(rng, { sortBy: 'created_at', orderBy: rng.pick(['asc', 'desc']) }),
  },
  'GET /raw-files/review-processed-files-count': {
    query: (rng, fx) => ({ company_id: fx.pickId('company', rng) }),
  },
  'GET /raw-files/processed-files-count': {
    query: (rng, fx) => ({
      company_id: fx.pickId('company', rng),
      ...some(rng, {
        folder: 'no_file_type',
        file_name: 'document',
        search: 'fuzz',
        adj_number: 'ADJ1',
      }),
    }),
  },
  'GET /raw-files/need-reviews': {
    query: (rng, fx) => ({
      company_ids: `${fx.pickId('company', rng)},${fx.pickId('company', rng)}`,
      ...some(rng, { tags: 'no_file_type,multi_case', page: 1, pageSize: 20, searchQuery: 'fuzz' }),
    }),
  },
  'POST /raw-files/get-by-status': {
    query: (rng) => ({ statusType: rng.pick(['all', 'no_file_type', 'multi_case']) }),
    body: 'json',
    json: listFilters,
  },
  // Intake scripts (src/server/domains/chat/routes.ts); ids are other records' uuids.
  'GET /legal-intake': {
    query: (rng, fx) =>
      some(rng, {
        company_id: fx.pickId('company', rng),
        page: rng.int(1, 3),
        pageSize: rng.pick([1, 5, 100]),
      }),
  },
  'GET /legal-intake/:id': {},
  ...WORKFLOW_REST_TEMPLATES,
  ...CRM_REST_TEMPLATES,
  ...NOTIFY_REST_TEMPLATES,
  ...MAIL_REST_TEMPLATES,
};
