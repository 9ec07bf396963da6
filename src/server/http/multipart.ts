/** Reads the single multipart part named 'file', enforcing the upload size limit. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import { textProblem } from '../../shared/schemas/input';
import { ValidationError } from '../errors';

export interface ReceivedFile {
  name: string;
  bytes: Buffer;
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

export async function receiveFile(
  request: FastifyRequest,
  maxBytes: number,
): Promise<ReceivedFile> {
  if (!request.isMultipart()) {
    throw new ValidationError([
      { path: 'file', message: "Send the file as multipart/form-data in the field 'file'." },
    ]);
  }
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') {
      throw new ValidationError([{ path: 'file', message: "Send the file in the field 'file'." }]);
    }
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('FILE_EMPTY', 400);
    const name = part.filename || '';
    const nameProblem = textProblem(name);
    if (nameProblem)
      throw new ValidationError([{ path: 'file', message: `The file name: ${nameProblem}` }]);
    return { name, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE')) throw new AppError('FILE_TOO_LARGE', 413);
    if (hasCode(error, 'FST_FILES_LIMIT') || hasCode(error, 'FST_PARTS_LIMIT')) {
      throw new ValidationError([{ path: 'file', message: 'Send one file at a time.' }]);
    }
    // Anything else the multipart reader throws is about the body it was sent: no boundary, a
    // boundary that never comes, a body cut short.
    throw new ValidationError([
      { path: 'file', message: 'The upload is not a complete multipart/form-data body.' },
    ]);
  }
}
