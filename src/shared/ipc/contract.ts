/**
 * The one IPC contract between the renderer and the main process.
 *
 * Every channel is declared here once: its name (`<namespace>:<method>`), a zod schema for the
 * request and one for the response. Events flow the other way (main -> renderer) and carry a zod
 * payload too. The preload exposes each channel as `window.desktop.<namespace>.<method>(request)`;
 * the main process validates every request (and the sender frame) before a handler sees it; the
 * headless host serves the very same channels over a WebSocket.
 */
import { z } from 'zod';
import { reviewChannels, reviewEvents } from './review';

export const AppInfo = z.object({
  version: z.string(),
  platform: z.string(),
  /** Base URL of the LexDesk server (REST, GraphQL, subscriptions). */
  serverUrl: z.string(),
  /** How this renderer reaches the main-process services. */
  transport: z.enum(['electron', 'websocket']),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const DesktopSettings = z.object({
  /** Show a system notification when an in-app notification arrives. */
  nativeNotifications: z.boolean(),
  /** Start minimised to the tray (desktop only). */
  startMinimised: z.boolean(),
  /**
   * Size of the offline review cache (documents and their PDFs) in MB. Optional, so older
   * settings files and callers keep working; absent means DEFAULT_REVIEW_CACHE_MB.
   */
  reviewCacheMB: z.number().int().min(50).max(100_000).optional(),
});
export type DesktopSettings = z.infer<typeof DesktopSettings>;
/** The offline review cache's size when the setting reviewCacheMB is absent. */
export const DEFAULT_REVIEW_CACHE_MB = 500;
export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = {
  nativeNotifications: true,
  startMinimised: false,
};

const Empty = z.object({}).strict();
const Ok = z.object({ ok: z.literal(true) });

export const NativeNotification = z.object({
  title: z.string().min(1).max(200),
  body: z.string().max(2000),
  /** In-app path to open when the notification is clicked. */
  redirect: z.string().max(500).nullable(),
});
export type NativeNotification = z.infer<typeof NativeNotification>;

/** Upload tracker and intake (main-process queue + uploader; see src/main/services/uploader). */
export const UploadJobSource = z.enum(['drop', 'picker', 'watch']);
export const UploadTrackerStatus = z.enum(['queued', 'uploading', 'waiting_retry', 'failed']);
export const UploadTrackerRow = z.object({
  id: z.string(),
  fileName: z.string(),
  /** 0, then the spec's steps 10 (registered), 30 (sending), 70 (sent), 100 (done). */
  progress: z.number().min(0).max(100),
  status: UploadTrackerStatus,
  source: UploadJobSource,
  /** When the file was queued (ms since the epoch). */
  timestamp: z.number(),
  size: z.number().nullable(),
  /** Bytes the server has (byte progress while sending). */
  bytesSent: z.number(),
  error: z.object({ code: z.string(), message: z.string(), permanent: z.boolean() }).nullable(),
  /** When a waiting job is tried again (ms since the epoch). */
  nextAttemptAt: z.number().nullable(),
});
export type UploadTrackerRow = z.infer<typeof UploadTrackerRow>;

export const UploadCounts = z.object({
  queued: z.number(),
  uploading: z.number(),
  waiting_retry: z.number(),
  failed: z.number(),
  /** Uploads still in the tracker: in progress (failed ones are not counted). */
  active: z.number(),
  /** Work the queue still does by itself. */
  pending: z.number(),
});
export type UploadCounts = z.infer<typeof UploadCounts>;

export const EnqueuePathResult = z.object({
  path: z.string(),
  fileName: z.string(),
  status: z.enum(['queued', 'duplicate', 'rejected']),
  jobId: z.string().nullable(),
  /** For rejected files: why, in words for the user. */
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type EnqueuePathResult = z.infer<typeof EnqueuePathResult>;

export const AfterUpload = z.enum(['keep', 'move', 'delete']);
export const WatchedFolderConfig = z.object({
  path: z.string().min(1).max(4096),
  afterUpload: AfterUpload,
  company_id: z.string().min(1).max(100),
  /** Poll instead of native events (network shares). */
  usePolling: z.boolean().optional(),
});
export type WatchedFolderConfig = z.infer<typeof WatchedFolderConfig>;

const JobId = z.object({ id: z.string().min(1).max(100) }).strict();
const Changed = z.object({ changed: z.boolean() });
const Folders = z.object({ folders: z.array(WatchedFolderConfig) });

export const ipcChannels = {
  'app:info': { request: Empty, response: AppInfo },
  'session:load': { request: Empty, response: z.object({ token: z.string().nullable() }) },
  'session:save': {
    request: z.object({ token: z.string().min(16).max(512) }).strict(),
    response: Ok,
  },
  'session:clear': { request: Empty, response: Ok },
  'settings:get': { request: Empty, response: DesktopSettings },
  'settings:update': { request: DesktopSettings.partial().strict(), response: DesktopSettings },
  'notifications:showNative': {
    request: NativeNotification.strict(),
    response: z.object({ shown: z.boolean() }),
  },
  'uploads:enqueuePaths': {
    request: z
      .object({
        paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
        company_id: z.string().min(1).max(100),
        source: z.enum(['drop', 'picker']),
        /** The user chose "upload anyway" for a duplicate. */
        allowDuplicate: z.boolean().optional(),
      })
      .strict(),
    response: z.object({ results: z.array(EnqueuePathResult) }),
  },
  /** The tracker: uploads in progress (no failed ones). */
  'uploads:list': { request: Empty, response: z.object({ uploads: z.array(UploadTrackerRow) }) },
  /** The signed-in user's failed uploads (reason in `error`); empty while signed out. */
  'uploads:failed': { request: Empty, response: z.object({ uploads: z.array(UploadTrackerRow) }) },
  'uploads:counts': { request: Empty, response: UploadCounts },
  'uploads:cancel': { request: JobId, response: Changed },
  'uploads:retry': { request: JobId, response: Changed },
  'uploads:remove': { request: JobId, response: Changed },
  'watch:list': { request: Empty, response: Folders },
  'watch:add': { request: WatchedFolderConfig.strict(), response: Folders },
  'watch:remove': {
    request: z.object({ path: z.string().min(1).max(4096) }).strict(),
    response: Folders,
  },
  /**
   * A CRM sign-in in the system browser (src/main/services/oauthLoopback.ts): `begin` listens on
   * a loopback port and answers the redirect URI for the server's authorization address; `open`
   * opens that address (`opened` false: the app has no system browser, the renderer opens `url`);
   * `wait` answers the code and state the browser came back with; `cancel` gives up.
   */
  'oauth:begin': {
    request: Empty,
    response: z.object({ id: z.string(), redirectUri: z.string().url() }),
  },
  'oauth:open': {
    request: z.object({ id: z.string().min(1).max(100), url: z.string().url().max(8000) }).strict(),
    response: z.object({ opened: z.boolean(), url: z.string() }),
  },
  'oauth:wait': {
    request: z.object({ id: z.string().min(1).max(100) }).strict(),
    response: z.object({ code: z.string(), state: z.string() }),
  },
  'oauth:cancel': { request: z.object({ id: z.string().min(1).max(100) }).strict(), response: Ok },
  ...reviewChannels,
} as const;

export const ipcEvents = {
  /** The user clicked a native notification; the renderer navigates to `redirect`. */
  'notifications:clicked': z.object({ redirect: z.string().nullable() }),
  /** Settings changed (in another window, or from the tray). */
  'settings:changed': DesktopSettings,
  /**
   * The tracker or a failed list changed (enqueue, state change, removal, sign-in or sign-out):
   * reload the lists; counts attached.
   */
  'uploads:changed': UploadCounts,
  /** Step or byte progress of one upload (at most a few per second per upload). */
  'uploads:progress': z.object({
    id: z.string(),
    progress: z.number().min(0).max(100),
    bytesSent: z.number(),
    size: z.number(),
  }),
  /** Watched folders changed. */
  'watch:changed': Folders,
  /**
   * Browser build only: this window's session ended elsewhere (another window signed in, or a
   * copy of this tab signed out; 'ended': the host refused the window's key, e.g. after a host
   * restart); the page signs out locally.
   */
  'session:ended': z.object({
    reason: z.enum(['signed-in-elsewhere', 'signed-out-elsewhere', 'ended']),
  }),
  ...reviewEvents,
} as const;

/**
 * Electron transport: main sends every event on this one ipcRenderer channel as
 * `{ event, payload }`; the preload hands the payload to the listeners registered for `event`.
 */
export const IPC_EVENT_CHANNEL = 'desktop:event';

export type IpcChannels = typeof ipcChannels;
export type IpcChannel = keyof IpcChannels;
export type IpcRequest<C extends IpcChannel> = z.input<IpcChannels[C]['request']>;
export type IpcResponse<C extends IpcChannel> = z.output<IpcChannels[C]['response']>;
export type IpcEvent = keyof typeof ipcEvents;
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof ipcEvents)[E]>;

/**
 * The error shape a failed call carries across the contract. A failed `window.desktop` call
 * rejects with this shape as a plain object (contextBridge drops custom Error properties).
 */
export const IpcError = z.object({ code: z.string(), message: z.string() });
export type IpcError = z.infer<typeof IpcError>;

/** WebSocket path of the headless host's bridge. */
export const WS_BRIDGE_PATH = '/desktop-bridge';

/**
 * The bridge token authenticates a WebSocket client: either as the `token` query parameter of
 * the upgrade request, or as this first message when the URL carries none.
 */
export const WsAuthMessage = z.object({ token: z.string().min(1).max(200) }).strict();

/**
 * The window key binds the host's session to the browser window that signed in (see
 * src/main/host/windowSession.ts): answered beside a successful `session:save`, kept in the tab's
 * sessionStorage, sent with every call (and as the `window` query parameter of the upgrade, so
 * events reach the window before its first call).
 */
export const WindowKey = z.string().min(1).max(200);

/** The host's answer to a session-bearing call from a window that is not (or no longer) signed in. */
export const WINDOW_NOT_SIGNED_IN: IpcError = {
  code: 'WINDOW_NOT_SIGNED_IN',
  message: 'This window is not signed in to LexDesk. Sign in to continue.',
};

/** Messages on the WebSocket transport of the headless host. */
export const WsClientMessage = z.object({
  id: z.number().int().nonnegative(),
  channel: z.string(),
  request: z.unknown(),
  window: WindowKey.optional(),
});
export const WsServerMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('result'),
    id: z.number(),
    response: z.unknown(),
    /** After `session:save`: this window's key from now on. */
    window: WindowKey.optional(),
  }),
  z.object({ kind: z.literal('error'), id: z.number(), error: IpcError }),
  z.object({ kind: z.literal('event'), event: z.string(), payload: z.unknown() }),
]);
export type WsServerMessage = z.infer<typeof WsServerMessage>;

export function isIpcChannel(name: string): name is IpcChannel {
  return Object.prototype.hasOwnProperty.call(ipcChannels, name);
}

type SplitChannel<C extends string> = C extends `${infer Ns}:${infer M}` ? [Ns, M] : never;
type Namespaces = SplitChannel<IpcChannel>[0];
type MethodsOf<Ns extends string> = {
  [C in IpcChannel as SplitChannel<C>[0] extends Ns ? SplitChannel<C>[1] : never]: (
    request: IpcRequest<C>,
  ) => Promise<IpcResponse<C>>;
};

/** The API the preload exposes as `window.desktop` (and the WebSocket bridge mirrors). */
export type DesktopApi = { [Ns in Namespaces]: MethodsOf<Ns> } & {
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
  /**
   * The path of a dropped or picked file (Electron's webUtils.getPathForFile; files have no
   * `path` since Electron 32). Only the Electron preload has it: the browser build streams the
   * file to the host instead.
   */
  getPathForFile?(file: File): string;
};

/** Every channel as [namespace, method] pairs, used to build the API object. */
export function channelParts(channel: IpcChannel): [string, string] {
  const [ns, method] = channel.split(':');
  return [ns ?? '', method ?? ''];
}
