/**
 * GraphQL over HTTP (GET and POST /graphql) through yoga, with the caller's Authentication in the
 * context. A JSON answer (every query and mutation) is read whole and sent as one string: handing
 * yoga's body stream to Fastify cost more than the answer itself on small requests. Anything else
 * (an event stream of a subscription) is still streamed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService } from '../domains/auth/service';
import { authenticateRequest } from '../http/auth';
import type { GraphQLServer } from './yoga';

const JSON_BODY = /^application\/(?:graphql-response\+)?json\b/i;

/** True when a response body of this content type is read whole rather than streamed. */
function isWholeJsonBody(contentType: string | null): boolean {
  return contentType !== null && JSON_BODY.test(contentType);
}

export function graphqlHttpHandler(
  yoga: GraphQLServer,
  auth: AuthService,
  origin: (request: FastifyRequest) => string,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await yoga.handleNodeRequestAndResponse(request, reply, {
      auth: await authenticateRequest(auth, request),
      ip: request.ip,
      origin: origin(request),
    });
    response.headers.forEach((value, key) => void reply.header(key, value));
    reply.status(response.status);
    if (isWholeJsonBody(response.headers.get('content-type')))
      return reply.send(await response.text());
    return reply.send(response.body);
  };
}
