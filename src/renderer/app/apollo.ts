/**
 * One Apollo Client per session. It is built from the server URL (bridge app.info) and the
 * session token: queries and mutations go over HTTP with `Authorization: Bearer <token>`,
 * subscriptions over graphql-ws on the same /graphql path with connectionParams
 * { authorization: 'Bearer <token>' }. Every result passes the validation link first.
 * Signing in or out replaces the session; `dispose` stops the WebSocket client and clears the cache,
 * so nothing of one user's data outlives their session. When the server says the session is over
 * (revoked, expired, account deactivated), `onSessionEnded` is told once.
 */
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { map } from 'rxjs';
import { formatError, isErrorCode, PRODUCT_ERRORS } from '../../shared/errors';
import { createValidationLink } from './validation-link';

/** Error codes meaning "this session is no longer valid". */
export const SESSION_ENDED_CODES = new Set([
  'NOT_AUTHENTICATED',
  'SESSION_EXPIRED',
  'ACCOUNT_DEACTIVATED',
]);
/** graphql-ws closes with this code when connection_init is refused (bad or revoked token). */
const WS_FORBIDDEN = 4403;

export interface ApolloSession {
  client: ApolloClient;
  token: string | null;
  /**
   * Runs `listener` each time the subscription socket (re)connects, so live views can catch up
   * on what happened while it was down. Returns the unsubscribe function.
   */
  onConnected(listener: () => void): () => void;
  /** Closes the live socket (first step of signing out, before the server revokes it). */
  closeLive(): Promise<void>;
  dispose(): Promise<void>;
}

export interface ApolloSessionOptions {
  serverUrl: string;
  token: string | null;
  onSessionEnded?: (message: string) => void;
  fetch?: typeof fetch;
  /** The WebSocket class for the live connection (tests); the platform's by default. */
  webSocketImpl?: unknown;
}

export function graphqlHttpUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/graphql`;
}

export function graphqlWsUrl(serverUrl: string): string {
  return graphqlHttpUrl(serverUrl).replace(/^http/, 'ws');
}

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // The viewer has no id of its own: there is exactly one per session.
      Viewer: { keyFields: [] },
      SetupStatus: { keyFields: false },
      NotificationPage: { keyFields: false },
    },
  });
}

function isForbiddenClose(event: unknown): boolean {
  return (
    typeof event === 'object' && event !== null && 'code' in event && event.code === WS_FORBIDDEN
  );
}

/** Watches results for a "session is over" error code and reports it. */
function sessionEndedLink(report: (message: string) => void): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        for (const error of result.errors ?? []) {
          const code = error.extensions?.['code'];
          if (typeof code === 'string' && SESSION_ENDED_CODES.has(code) && isErrorCode(code)) {
            report(formatError(code));
            break;
          }
        }
        return result;
      }),
    ),
  );
}

export function createApolloSession(options: ApolloSessionOptions): ApolloSession {
  const { serverUrl, token, fetch: fetchImpl } = options;
  const bearer = token ? `Bearer ${token}` : null;
  let ended = false;
  const endSession = (message: string) => {
    if (ended || !bearer) return;
    ended = true;
    options.onSessionEnded?.(message);
  };

  const http = new HttpLink({
    uri: graphqlHttpUrl(serverUrl),
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const auth = new SetContextLink((previous) =>
    bearer
      ? {
          headers: {
            ...(previous['headers'] as Record<string, string> | undefined),
            authorization: bearer,
          },
        }
      : {},
  );

  const connectedListeners = new Set<() => void>();
  let wsClient: Client | null = null;
  let transport: ApolloLink = http;
  if (bearer) {
    wsClient = createClient({
      url: graphqlWsUrl(serverUrl),
      ...(options.webSocketImpl ? { webSocketImpl: options.webSocketImpl } : {}),
      connectionParams: { authorization: bearer },
      lazy: true,
      retryAttempts: Infinity,
      // A refused token will not become valid by retrying: the session is over.
      shouldRetry: (event) => {
        if (!isForbiddenClose(event)) return true;
        endSession(PRODUCT_ERRORS.SESSION_EXPIRED);
        return false;
      },
      on: {
        connected: () => {
          for (const listener of connectedListeners) listener();
        },
      },
    });
    transport = ApolloLink.split(
      (operation) => operation.operationType === 'subscription',
      new GraphQLWsLink(wsClient),
      http,
    );
  }

  const client = new ApolloClient({
    link: ApolloLink.from([createValidationLink(), sessionEndedLink(endSession), auth, transport]),
    cache: createCache(),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });

  function closeLive(): Promise<void> {
    ended = true; // whatever the socket reports from now on is expected
    connectedListeners.clear();
    // dispose() stops the client at once but resolves only when a connection attempt in progress
    // settles, and after an outage that attempt first sleeps its back-off (tens of seconds): a
    // sign-out must not wait for it. An open socket is closed right away either way.
    void Promise.resolve(wsClient?.dispose()).catch((error: unknown) => {
      console.warn('[renderer] closing the live connection failed', error);
    });
    return Promise.resolve();
  }

  return {
    client,
    token,
    onConnected(listener) {
      connectedListeners.add(listener);
      return () => {
        connectedListeners.delete(listener);
      };
    },
    closeLive,
    async dispose() {
      await closeLive();
      client.stop();
      await client.clearStore();
    },
  };
}
