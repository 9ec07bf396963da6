/**
 * Raw file rules (spec sections 3-4, upload contract): idempotent registration, lists and counts
 * scoped to the caller's companies, status and page-count changes with their log rows (a client may
 * only give up its own upload: Uploading -> Uploading_Failed), soft delete,
 * duplicate checks and upload logs. Another tenant's raw file answers exactly like a missing one.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { int32 } from '../../../shared/schemas/input';
import { ACCEPTED_FILE_TYPES, FILE_TYPES, fileExtension } from '../../../shared/files/fileTypes';
import {
  addRawFileLogSchema,
  createRawFileBodySchema,
  isDuplicateFileBodySchema,
  rawFileListQuerySchema,
  updateRawFileStatusSchema,
  uploadLogBodySchema,
} from '../../../shared/raw-files/schemas';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import type { RawFileLogRow, RawFileRow } from '../../db/schema';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canUploadFor, canViewCompany, type Viewer } from '../../permissions';
import type { RawFileQueries } from './queries';
import type { LogAuthor, RawFileChanges, RawFileRepository } from './repository';

const pageCountSchema = z.object({ no_of_pages: int32(0, 1_000_000) });

const ACCEPTED_EXTENSIONS: ReadonlySet<string> = new Set(
  ACCEPTED_FILE_TYPES.flatMap((type) => FILE_TYPES[type].extensions),
);

/** Whether a name's extension is one of the accepted types' (the content is checked later). */
export function hasAcceptedExtension(name: string): boolean {
  return ACCEPTED_EXTENSIONS.has(fileExtension(name));
}

export function authorOf(viewer: Viewer): LogAuthor {
  return {
    updated_by_username: `${viewer.user.first_name} ${viewer.user.last_name}`.trim(),
    updated_by_email: viewer.user.email,
    update_by_user_id: viewer.user.id,
    updated_by_role: viewer.user.legal_user_type ?? viewer.userType,
  };
}

/** The requested companies the caller may see (all of theirs when none are named). */
function scope(viewer: Viewer, requested?: readonly string[]): string[] {
  if (!requested || requested.length === 0) return [...viewer.companyIds];
  return requested.filter((id) => canViewCompany(viewer, id));
}

/** Throws INVALID_INPUT (with the reason as an issue) unless this is a client's give-up. */
function refuseClientStatusChange(
  current: string,
  input: { status: string; url?: string | null | undefined },
): void {
  const { uploading, failed } = RAW_FILE_STATUS;
  if (input.status !== failed)
    throw new ValidationError([
      {
        path: 'status',
        message: `Only ${failed} can be set through the API (an upload given up); other statuses are set by the server.`,
      },
    ]);
  if (input.url != null)
    throw new ValidationError([
      { path: 'url', message: 'The url is set by the server when the upload finishes.' },
    ]);
  if (current !== uploading && current !== failed)
    throw new ValidationError([
      {
        path: 'status',
        message: `Only an upload in progress (${uploading}) can be marked ${failed}; this raw file is ${current}.`,
      },
    ]);
}

export function createRawFileService(
  repo: RawFileRepository,
  queries: RawFileQueries,
  limits: { maxBytes: number },
) {
  async function get(viewer: Viewer, id: string): Promise<RawFileRow> {
    const found = await repo.findVisible(viewer.companyIds, id);
    if (!found) throw notFound();
    return found;
  }

  async function change(
    viewer: Viewer,
    id: string,
    changes: RawFileChanges,
    actionType: string,
    guard?: (current: RawFileRow) => void,
  ): Promise<RawFileRow> {
    const updated = await repo.change(
      viewer.companyIds,
      id,
      changes,
      authorOf(viewer),
      actionType,
      guard,
    );
    if (!updated) throw notFound();
    return updated;
  }

  return {
    get,
    change,

    /**
     * An upload's finish (uploads/finish.ts): `changes` (to Uploaded), unless the company already
     * has these bytes in another raw file; then this one is removed as its duplicate and
     * `duplicateOf` is the raw file to answer with (spec: the client's duplicate check, on the server).
     */
    async finishUpload(
      viewer: Viewer,
      id: string,
      sha256: string,
      changes: RawFileChanges,
      guard: (current: RawFileRow) => void,
    ): Promise<{ row: RawFileRow; duplicateOf?: RawFileRow }> {
      const result = await repo.finishUnlessDuplicate(
        viewer.companyIds,
        id,
        sha256,
        changes,
        authorOf(viewer),
        'upload_complete',
        guard,
      );
      if (!result) throw notFound();
      return result;
    },

    async create(viewer: Viewer, raw: unknown) {
      const body = parseInput(createRawFileBodySchema, raw);
      if (!canUploadFor(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      if (body.files.some((file) => !hasAcceptedExtension(file.name)))
        throw new AppError('INVALID_FILE_TYPE', 400);
      if (body.files.some((file) => file.size > limits.maxBytes))
        throw new AppError('FILE_TOO_LARGE', 413);
      const results = await repo.createIdempotent(
        body.files.map((file) => ({
          name: file.name,
          size: file.size,
          no_of_pages: file.no_of_pages ?? 0,
          mime: file.type || null,
          sha256: file.sha256.toLowerCase(),
          idempotency_key: file.idempotency_key,
          company_id: body.company_id,
          uploaded_by: viewer.user.id,
          uploaded_by_user_name: `${viewer.user.first_name} ${viewer.user.last_name}`.trim(),
          uploaded_by_email: viewer.user.email,
          raw_file_medium: body.raw_file_medium ?? null,
          uploader_session_id: body.uploader_session_id ?? null,
        })),
      );
      return results.map(({ row, created }, i) => ({
        index: body.files[i]!.index,
        created,
        raw_file: row,
      }));
    },

    async list(viewer: Viewer, raw: unknown) {
      const query = parseInput(rawFileListQuerySchema, raw ?? {});
      const companyIds = scope(viewer, query.companyIds);
      const [page, counts] = await Promise.all([
        queries.list(companyIds, query),
        queries.counts(companyIds),
      ]);
      return { rawFiles: page.rows, total: page.total, total_capped: page.total_capped, counts };
    },

    counts(viewer: Viewer, companyIds: readonly string[] | null | undefined) {
      return queries.counts(scope(viewer, companyIds ?? undefined));
    },

    async remove(viewer: Viewer, id: string): Promise<RawFileRow> {
      const deleted = await repo.softDelete(viewer.companyIds, id, authorOf(viewer));
      if (!deleted) throw notFound();
      return deleted;
    },

    /**
     * The only status change a client may make (GraphQL updateRawFileStatus): its upload given up,
     * Uploading -> Uploading_Failed. Asking again once it is Uploading_Failed changes nothing and
     * succeeds (a retried request). Every other status is set by the server itself (tus finish,
     * processing) through `change`. Visibility is checked first, so another tenant's raw file
     * answers NOT_FOUND whatever was asked.
     */
    async updateStatus(viewer: Viewer, raw: unknown): Promise<RawFileRow> {
      const input = parseInput(updateRawFileStatusSchema, raw);
      return change(
        viewer,
        input.id,
        {
          status: RAW_FILE_STATUS.failed,
          ...(input.session_id != null ? { uploader_session_id: input.session_id } : {}),
        },
        'status_update',
        (current) => refuseClientStatusChange(current.status, input),
      );
    },

    async updatePageCount(viewer: Viewer, id: string, pages: unknown): Promise<RawFileRow> {
      const input = parseInput(pageCountSchema, { no_of_pages: pages });
      return change(viewer, id, input, 'page_count_update');
    },

    async addLog(viewer: Viewer, raw: unknown): Promise<RawFileLogRow> {
      const input = parseInput(addRawFileLogSchema, raw);
      const file = await get(viewer, input.raw_file_id);
      return repo.addLog(
        file.id,
        {
          field: input.field,
          original_value: input.original_value ?? null,
          updated_value: input.updated_value ?? null,
          action_type: input.action_type,
        },
        authorOf(viewer),
      );
    },

    async logs(viewer: Viewer, rawFileId: string): Promise<RawFileLogRow[]> {
      const file = await repo.findVisible(viewer.companyIds, rawFileId);
      return file ? repo.logs(file.id) : [];
    },

    async duplicates(viewer: Viewer, raw: unknown) {
      const body = parseInput(isDuplicateFileBodySchema, raw);
      const existing = await queries.sameNamed(scope(viewer, body.companyIds), body.fileNames);
      return body.fileNames.map((fileName, i) => {
        const sha = body.sha256s?.[i]?.toLowerCase();
        const match = existing.find(
          (row) => row.name === fileName && (sha === undefined || row.sha256 === sha),
        );
        return match
          ? { fileName, duplicate: true, raw_file_id: match.id }
          : { fileName, duplicate: false };
      });
    },

    async uploadLog(viewer: Viewer, raw: unknown): Promise<{ id: string }> {
      const body = parseInput(uploadLogBodySchema, raw);
      if (!canUploadFor(viewer, body.company_id)) throw new AppError('NO_COMPANY', 404);
      return repo.insertUploadLog({
        files: body.files,
        company_id: body.company_id,
        status: body.status,
        uploaded_by: viewer.user.id,
        uploaded_by_user_name: `${viewer.user.first_name} ${viewer.user.last_name}`.trim(),
        uploaded_by_email: viewer.user.email,
      });
    },

    /** The server's own upload log entry when a tus upload finishes (success or failure). */
    recordUpload(viewer: Viewer, file: RawFileRow, error?: string) {
      return repo.insertUploadLog({
        files: [
          {
            name: file.name,
            size: file.size,
            raw_file_id: file.id,
            status: file.status,
            ...(error ? { error } : {}),
          },
        ],
        company_id: file.company_id,
        status: error ? RAW_FILE_STATUS.failed : RAW_FILE_STATUS.uploaded,
        uploaded_by: viewer.user.id,
        uploaded_by_user_name: `${viewer.user.first_name} ${viewer.user.last_name}`.trim(),
        uploaded_by_email: viewer.user.email,
      });
    },
  };
}

export type RawFileService = ReturnType<typeof createRawFileService>;
