/**
 * The REST boundary's text check: a path parameter or query-string value PostgreSQL cannot store
 * (U+0000, a lone surrogate) is refused with 400 and its name before any route runs. JSON bodies
 * are checked by `parseInput` (server/errors.ts), which every route's input goes through.
 */
import type { FastifyInstance } from 'fastify';
import { unsafeTextIssue } from '../../shared/schemas/input';
import { ValidationError } from '../errors';

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const issue = unsafeTextIssue(request.params) ?? unsafeTextIssue(request.query);
    if (issue) throw new ValidationError([issue]);
  });
}
