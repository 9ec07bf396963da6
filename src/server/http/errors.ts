/** REST error replies: { error: { code, message } } with the catalogue's text; never internals. */
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
 * percent-encoding is not UTF-8 answers like other bad input, without echoing the path.
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
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(500)
    .send({ error: { code: INTERNAL_ERROR_CODE, message: ERROR_SCREEN.title } });
}
