/** REST error replies: { error: { code, message } } with the catalogue's text; never internals. */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERROR_SCREEN } from '../../shared/errors';
import { expectedFailure, inputErrorOf, ValidationError } from '../errors';
import { INTERNAL_ERROR_CODE } from '../graphql/errors';

export interface ErrorBody {
  error: { code: string; message: string; issues?: ValidationError['issues'] };
  [extra: string]: unknown;
}

export function errorBody(error: AppError, extra: Record<string, unknown> = {}): ErrorBody {
  const issues = error instanceof ValidationError ? { issues: error.issues } : {};
  return { error: { code: error.code, message: error.message, ...issues }, ...extra };
}

export function sendAppError(
  reply: FastifyReply,
  error: AppError,
  extra: Record<string, unknown> = {},
) {
  return reply.status(error.status).send(errorBody(error, extra));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const expected = expectedFailure(error);
    if (expected) {
      if (expected.code === 'QUERY_TIMEOUT')
        request.log.warn(
          { url: request.url.split('?')[0] },
          'read stopped by its statement timeout',
        );
      return sendAppError(reply, expected);
    }
    const status =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      const code = status === 413 ? 'FILE_TOO_LARGE' : 'INVALID_INPUT';
      return sendAppError(reply, new AppError(code, status));
    }
    request.log.error({ err: error }, 'request failed');
    const inputError = inputErrorOf(error);
    if (inputError) return sendAppError(reply, inputError);
    return reply
      .status(500)
      .send({ error: { code: INTERNAL_ERROR_CODE, message: ERROR_SCREEN.title } });
  });
  app.setNotFoundHandler((_request, reply) => sendAppError(reply, new AppError('NOT_FOUND', 404)));
}

/**
 * Errors Fastify answers before any route (Fastify's `frameworkErrors`): a path whose
 * percent-encoding is not UTF-8, or with a segment longer than a route parameter may be, answers
 * like other bad input, without echoing the path.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_BAD_URL')
    return sendAppError(
      reply,
      new ValidationError([{ path: 'url', message: 'The address is not valid text.' }]),
    );
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendAppError(
      reply,
      new ValidationError([{ path: 'url', message: 'A part of the address is too long.' }]),
    );
  // The message of a framework error quotes the path it failed on: log the code only.
  request.log.error({ code: error.code }, 'request failed before routing');
  return reply
    .status(500)
    .send({ error: { code: INTERNAL_ERROR_CODE, message: ERROR_SCREEN.title } });
}

/**
 * A request Node's parser could not read (headers or request line too large, malformed HTTP):
 * the status line and nothing else, then the connection closes, as Node itself answers. The
 * method is unknown here, so no body: a body after the answer to a HEAD would be read by the
 * client as the start of a next response.
 */
export function answerUnparsableRequest(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 431
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 408
        : 400;
  if (socket.writable)
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  socket.destroy();
}
