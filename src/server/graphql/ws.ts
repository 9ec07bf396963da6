/**
 * GraphQL over WebSocket (graphql-ws, protocol graphql-transport-ws) on the same /graphql path.
 * The client authenticates once in connection_init: connectionParams.authorization = "Bearer <token>".
 * Operations run through yoga's envelop, so the schema, error masking and context are the HTTP ones.
 * Signing out closes that session's sockets.
 */
import type { WebSocket } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import { makeHandler } from 'graphql-ws/use/@fastify/websocket';
import type { Authentication, AuthService } from '../domains/auth/service';
import { bearerToken } from '../domains/auth/tokens';
import type { RequestContext } from './context';
import type { GraphQLServer } from './yoga';

/** Close code graphql-ws uses for a refused connection_init. */
export const FORBIDDEN_CLOSE_CODE = 4403;

interface SocketState extends Record<PropertyKey, unknown> {
  auth: Authentication;
}

interface Enveloped {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

export interface LiveSockets {
  closeSession(sessionId: string): void;
  closeAll(): void;
}

function tokenFrom(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const value = params?.authorization ?? params?.Authorization;
  if (typeof value !== 'string') return undefined;
  return bearerToken(value) ?? bearerToken(`Bearer ${value}`);
}

/** The session a socket belongs to: a signed-in user's, or a chat guest's (their room only). */
function sessionOf(auth: Authentication): string | undefined {
  if (auth.kind === 'signed-in') return auth.viewer.sessionId;
  if (auth.kind === 'guest') return auth.guest.sessionId;
  return undefined;
}

export function createWebSocketHandler(
  yoga: GraphQLServer,
  auth: AuthService,
  origin: (request: FastifyRequest) => string,
) {
  const sockets = new Map<string, Set<WebSocket>>();

  const handler = makeHandler<Record<string, unknown>, SocketState>({
    async onConnect(ctx) {
      const result = await auth.authenticate(tokenFrom(ctx.connectionParams));
      const sessionId = sessionOf(result);
      if (!sessionId) return false;
      ctx.extra.auth = result;
      const set = sockets.get(sessionId) ?? new Set<WebSocket>();
      set.add(ctx.extra.socket);
      sockets.set(sessionId, set);
      return true;
    },
    onClose(ctx) {
      const sessionId = ctx.extra.auth ? sessionOf(ctx.extra.auth) : undefined;
      if (!sessionId) return;
      const set = sockets.get(sessionId);
      set?.delete(ctx.extra.socket);
      if (set?.size === 0) sockets.delete(sessionId);
    },
    async onSubscribe(ctx, _id, payload) {
      const requestContext: RequestContext = {
        auth: ctx.extra.auth ?? { kind: 'anonymous' },
        ip: ctx.extra.request.ip,
        origin: origin(ctx.extra.request),
      };
      const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
        ...requestContext,
        params: payload,
      });
      let document;
      try {
        document = parse(payload.query);
      } catch (error) {
        return [error as GraphQLError];
      }
      let errors: readonly GraphQLError[];
      try {
        errors = validate(schema, document);
      } catch (error) {
        // A document over a limit is refused by a thrown error (limits.ts).
        if (error instanceof Error && error.name === 'GraphQLError') return [error as GraphQLError];
        throw error;
      }
      if (errors.length > 0) return errors;
      const rootValue: Enveloped = { execute, subscribe };
      return {
        schema,
        document,
        operationName: payload.operationName,
        variableValues: payload.variables,
        contextValue: await contextFactory(),
        rootValue,
      };
    },
    execute: (args) => (args.rootValue as Enveloped).execute(args) as never,
    subscribe: (args) => (args.rootValue as Enveloped).subscribe(args) as never,
  });

  const live: LiveSockets = {
    closeSession(sessionId) {
      for (const socket of sockets.get(sessionId) ?? [])
        socket.close(FORBIDDEN_CLOSE_CODE, 'Signed out');
      sockets.delete(sessionId);
    },
    closeAll() {
      for (const set of sockets.values())
        for (const socket of set) socket.close(1001, 'Server shutting down');
      sockets.clear();
    },
  };
  return { handler, live };
}
