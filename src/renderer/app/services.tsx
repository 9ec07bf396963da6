/**
 * AppServices: what screens need beyond Redux and Apollo hooks: the desktop bridge, the app info
 * (server URL), the current Apollo session and the session lifecycle (start-up, sign-in, sign-out,
 * reset of the client state). The provider runs the start-up, shows a spinner while it runs and
 * the error screen when it fails, and otherwise renders its children inside the ApolloProvider of
 * the current session. Signing in or out swaps that session.
 */
import { ApolloProvider } from '@apollo/client/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ERROR_SCREEN, PRODUCT_ERRORS } from '../../shared/errors';
import type { AppInfo, DesktopApi } from '../../shared/ipc/contract';
import { ErrorScreenView } from '../components/ErrorScreen';
import { FullPageSpinner } from '../components/Page';
import {
  SETUP_STATUS_QUERY,
  SIGN_OUT_MUTATION,
  VIEWER_QUERY,
  type ViewerData,
} from '../features/auth/operations';
import {
  readRememberedViewer,
  rememberViewer,
  revalidateWhenOnline,
} from '../features/auth/offlineSession';
import { sessionMissing, signedIn, signedOut, startupBegan } from '../features/auth/slice';
import { startUp } from '../features/auth/startup';
import { deviceLastScreen } from '../features/shell/useStartPath';
import { createApolloSession, type ApolloSession } from './apollo';
import { useAppDispatch } from './hooks';
import { resetClientState } from './store';

/** Why this window was signed out by another one (browser build: 'session:ended'). */
export const SESSION_ENDED_NOTICES = {
  'signed-in-elsewhere':
    'LexDesk was signed in from another browser window, so this window was signed out. Sign in again to continue here.',
  'signed-out-elsewhere': 'You signed out of LexDesk in another browser window.',
  ended: PRODUCT_ERRORS.SESSION_EXPIRED,
} as const;

export interface AppServices {
  bridge: DesktopApi;
  info: AppInfo;
  session: ApolloSession;
  /** Saves the token in the desktop's safe storage and switches to an authenticated session. */
  signIn(token: string, viewer: ViewerData): Promise<void>;
  /** Revokes the session on the server, forgets the token and clears all client state. */
  signOut(): Promise<void>;
  /** Clears every piece of client state except authentication (spec section 4). */
  resetClientState(): Promise<void>;
}

const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices is used outside <ServicesProvider>.');
  return services;
}

type Phase =
  | { kind: 'starting' }
  | { kind: 'failed' }
  | { kind: 'ready'; info: AppInfo; session: ApolloSession };

export interface ServicesProviderProps {
  bridge: DesktopApi;
  /** Moves the router (sign-out goes to sign-in; "Return Home" after a failed start goes to '/'). */
  navigate(path: string): void;
  children: ReactNode;
}

export function ServicesProvider(props: ServicesProviderProps) {
  const { bridge, navigate } = props;
  const dispatch = useAppDispatch();
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const current = useRef<ApolloSession | null>(null);
  const runs = useRef(0);
  /** Stops checking an offline-started session again (it is replaced or was decided). */
  const stopRevalidating = useRef<(() => void) | null>(null);

  const adopt = useCallback((info: AppInfo, session: ApolloSession) => {
    stopRevalidating.current?.();
    stopRevalidating.current = null;
    const previous = current.current;
    current.current = session;
    setPhase({ kind: 'ready', info, session });
    if (previous && previous !== session) void previous.dispose();
  }, []);

  /** Local half of signing out: forget the token, clear the state, start an anonymous session. */
  const endLocally = useRef<(info: AppInfo, notice: string | null) => Promise<void>>(
    async () => undefined,
  );

  const openSession = useCallback((info: AppInfo, token: string | null): ApolloSession => {
    const session: ApolloSession = createApolloSession({
      serverUrl: info.serverUrl,
      token,
      // The server ended this session (revoked elsewhere, expired, account deactivated).
      onSessionEnded: (message) => {
        if (current.current === session) void endLocally.current(info, message);
      },
    });
    return session;
  }, []);

  endLocally.current = async (info, notice) => {
    await bridge.session
      .clear({})
      .catch((error: unknown) => console.warn('[renderer] session.clear failed', error));
    dispatch(signedOut({ notice }));
    adopt(info, openSession(info, null));
    navigate('/sign-in');
  };

  const start = useCallback(async () => {
    const run = (runs.current += 1);
    setPhase({ kind: 'starting' });
    dispatch(startupBegan());
    try {
      const outcome = await startUp<ApolloSession>({
        bridge,
        openSession,
        closeSession: (session) => session.dispose(),
        fetchViewer: async (session) =>
          (await session.client.query({ query: VIEWER_QUERY, fetchPolicy: 'network-only' })).data
            ?.viewer ?? null,
        fetchNeedsSetup: async (session) => {
          const { data } = await session.client.query({
            query: SETUP_STATUS_QUERY,
            fetchPolicy: 'network-only',
          });
          return data?.setupStatus.needs_setup ?? false;
        },
        rememberedViewer: () => readRememberedViewer(bridge),
      });
      if (run !== runs.current) {
        // A newer start-up (a retry, or React's strict-mode double effect) owns the app now.
        void outcome.session.dispose();
        return;
      }
      if (outcome.kind === 'signed-out') {
        dispatch(sessionMissing({ needsSetup: outcome.needsSetup, notice: outcome.notice }));
      } else {
        dispatch(signedIn({ token: outcome.token, viewer: outcome.viewer }));
        if (outcome.kind === 'authenticated') void rememberViewer(bridge, outcome.viewer);
      }
      adopt(outcome.info, outcome.session);
      if (outcome.kind === 'offline') {
        // Started from the desktop's memory: check the session once the server answers.
        const { info: startedInfo, session, token } = outcome;
        stopRevalidating.current = revalidateWhenOnline({
          bridge,
          fetchViewer: async () =>
            (await session.client.query({ query: VIEWER_QUERY, fetchPolicy: 'network-only' })).data
              ?.viewer ?? null,
          onValid: (viewer) => {
            if (current.current !== session) return;
            dispatch(signedIn({ token, viewer }));
            void rememberViewer(bridge, viewer);
            // Screens that failed without the server load again.
            void session.client.refetchQueries({ include: 'active' }).catch(() => undefined);
          },
          onGone: (notice) => {
            if (current.current === session) void endLocally.current(startedInfo, notice);
          },
        });
      }
    } catch (error) {
      console.error('[renderer] start-up failed', error);
      if (run === runs.current) setPhase({ kind: 'failed' });
    }
  }, [adopt, bridge, dispatch, openSession]);

  useEffect(() => {
    void start();
    return () => {
      stopRevalidating.current?.();
      stopRevalidating.current = null;
    };
  }, [start]);

  const info = phase.kind === 'ready' ? phase.info : null;
  const session = phase.kind === 'ready' ? phase.session : null;

  // Browser build: another window took over (or ended) the host's session that this one held.
  useEffect(() => {
    if (!info || !session) return undefined;
    return bridge.on('session:ended', ({ reason }) => {
      if (current.current !== session) return;
      void (async () => {
        await session.closeLive();
        // This window's own server session is not used by anyone any more.
        await session.client.mutate({ mutation: SIGN_OUT_MUTATION }).catch(() => undefined);
        await endLocally.current(info, SESSION_ENDED_NOTICES[reason]);
      })();
    });
  }, [bridge, info, session]);

  const services = useMemo<AppServices | null>(() => {
    if (!info || !session) return null;
    return {
      bridge,
      info,
      session,
      async signIn(token, viewer) {
        await bridge.session.save({ token });
        void rememberViewer(bridge, viewer);
        dispatch(signedIn({ token, viewer }));
        adopt(info, openSession(info, token));
      },
      async signOut() {
        // Close the live socket first: the server drops it when the session is revoked.
        await session.closeLive();
        try {
          await session.client.mutate({ mutation: SIGN_OUT_MUTATION });
        } catch (error) {
          // The local sign-out still happens; the server's session expires on its own.
          console.warn('[renderer] the server did not confirm the sign-out', error);
        }
        await endLocally.current(info, null);
      },
      async resetClientState() {
        dispatch(resetClientState());
        deviceLastScreen().forget();
        await session.client.resetStore();
      },
    };
  }, [adopt, bridge, dispatch, info, openSession, session]);

  if (phase.kind === 'failed') {
    return (
      <ErrorScreenView
        onReturnHome={() => {
          navigate(ERROR_SCREEN.homePath);
          void start();
        }}
      />
    );
  }
  if (!services) return <FullPageSpinner label="Starting LexDesk" />;
  return (
    <ServicesContext.Provider value={services}>
      <ApolloProvider client={services.session.client}>{props.children}</ApolloProvider>
    </ServicesContext.Provider>
  );
}
