/**
 * GraphQL over HTTP (GET and POST /graphql) through yoga, with the caller's Authentication in the
 * context. A JSON answer (every query and mutation) is read whole and sent as one string: handing
 * yoga's body stream to Fastify cost more than the answer itself on small requests. Anything else
 * (an event stream of a subscription) is still streamed.
 *
 * A read-only query (speculation.ts) of a caller seen recently does not wait for its session
 * check: it runs as the viewer that check last resolved to while the fresh check runs beside it,
 * and its answer is sent only if the fresh check resolves to the very same viewer. Otherwise it
 * is discarded and the request runs again with the fresh result, exactly as without the hint.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, Authentication } from '../domains/auth/service';
import { bearerToken } from '../domains/auth/tokens';
import { sameViewer } from '../domains/auth/viewerHints';
import type { Viewer } from '../permissions';
import { settle, type Settled } from '../settle';
import { getParamsError } from './getParams';
import { isSpeculativeRead } from './speculation';
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
  async function execute(request: FastifyRequest, reply: FastifyReply, caller: Authentication) {
    const response = await yoga.handleNodeRequestAndResponse(request, reply, {
      auth: caller,
      ip: request.ip,
      origin: origin(request),
    });
    const whole = isWholeJsonBody(response.headers.get('content-type'));
    return { response, text: whole ? await response.text() : undefined };
  }

  /** The answer as the hinted viewer, or undefined when the fresh check disagrees. */
  async function speculate(
    request: FastifyRequest,
    reply: FastifyReply,
    hint: Viewer,
    fresh: Promise<Settled<Authentication>>,
  ) {
    const answer = await settle(execute(request, reply, { kind: 'signed-in', viewer: hint }));
    const checked = await fresh;
    if (!checked.ok || checked.value.kind !== 'signed-in') return undefined;
    if (!sameViewer(checked.value.viewer, hint) || !answer.ok) return undefined;
    return answer.value.text === undefined ? undefined : answer.value;
  }

  // Session checks started as a request arrives, before its body is read and parsed.
  const started = new WeakMap<FastifyRequest, Promise<Authentication>>();
  function sessionCheck(request: FastifyRequest, token: string | undefined) {
    const early = started.get(request);
    started.delete(request);
    return early ?? auth.authenticate(token);
  }

  /** onRequest hook: starts the session check while Fastify still reads the body. */
  async function onRequest(request: FastifyRequest) {
    const check = auth.authenticate(bearerToken(request.headers.authorization));
    check.catch(() => undefined); // awaited (and reported) by the handler
    started.set(request, check);
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const badParams = request.method === 'GET' ? getParamsError(request.query) : undefined;
    if (badParams) {
      const { code, message, issues } = badParams;
      return reply.status(400).send({ errors: [{ message, extensions: { code, issues } }] });
    }
    const token = bearerToken(request.headers.authorization);
    const freshCheck = sessionCheck(request, token);
    const hint = isSpeculativeRead(request.body) ? auth.recentViewer(token) : undefined;
    const fresh = settle(freshCheck);
    const early = hint ? await speculate(request, reply, hint, fresh) : undefined;
    const { response, text } = early ?? (await execute(request, reply, await freshCheck));
    response.headers.forEach((value, key) => void reply.header(key, value));
    reply.status(response.status);
    return reply.send(text ?? response.body);
  }

  return { onRequest, handler };
}
