/**
 * One async handler per contract channel, written against plain-Node services so the Electron
 * main process and the headless host run exactly the same code. Requests arrive here already
 * validated by the dispatcher; responses are validated on the way out.
 */
import type { z } from 'zod';
import type {
  AppInfo,
  IpcChannel,
  IpcChannels,
  IpcResponse,
  UploadCounts,
} from '../../shared/ipc/contract';
import type { EventHub } from '../services/events';
import type { Notifier } from '../services/notifier';
import type { OAuthLoopback } from '../services/oauthLoopback';
import { ReviewStoreError } from '../services/review/db';
import type { ReviewService } from '../services/review/reviewService';
import type { SessionStore } from '../services/sessionStore';
import type { SettingsStore } from '../services/settings';
import type { UploadService } from '../services/uploader/uploadService';
import { WatchFolderError } from '../services/uploader/watchFolders';
import { DesktopError } from './errors';

export interface DesktopServices {
  appInfo: () => AppInfo;
  session: SessionStore;
  settings: SettingsStore;
  notifier: Notifier;
  events: EventHub;
  /** The upload pipeline; absent in runtimes built without one (some tests). */
  uploads?: UploadService;
  /** Offline review (cache, outbox, sync); absent when its store could not open. */
  review?: ReviewService;
  /** CRM sign-ins in the system browser with a loopback redirect. */
  oauth: OAuthLoopback;
}

export type IpcHandler<C extends IpcChannel> = (
  request: z.output<IpcChannels[C]['request']>,
) => Promise<IpcResponse<C>>;

export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> };

const OK = { ok: true } as const;

function uploadsOf(services: DesktopServices): UploadService {
  if (!services.uploads) {
    throw new DesktopError('UPLOADS_UNAVAILABLE', 'Uploads are not available in this window.');
  }
  return services.uploads;
}

/** The queue's counts for the 'uploads:changed' event (all zero without uploads). */
function uploadCounts(services: DesktopServices): UploadCounts {
  return (
    services.uploads?.counts() ?? {
      queued: 0,
      uploading: 0,
      waiting_retry: 0,
      failed: 0,
      active: 0,
      pending: 0,
    }
  );
}

/** Offline review's own refusals (signed out, invalid choice, gone) reach the user as they are. */
async function reviewCall<T>(
  services: DesktopServices,
  work: (review: ReviewService) => Promise<T>,
): Promise<T> {
  if (!services.review) {
    throw new DesktopError(
      'REVIEW_UNAVAILABLE',
      'Offline review is not available in this window (see the desktop log).',
    );
  }
  try {
    return await work(services.review);
  } catch (error) {
    if (error instanceof ReviewStoreError) throw new DesktopError(error.code, error.message);
    throw error;
  }
}

/** Watched-folder mistakes (a folder that does not exist) reach the user as they are. */
async function watchCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WatchFolderError)
      throw new DesktopError('WATCH_FOLDER_INVALID', error.message);
    throw error;
  }
}

export function createIpcHandlers(services: DesktopServices): IpcHandlers {
  return {
    'app:info': () => Promise.resolve(services.appInfo()),
    'session:load': async () => ({ token: await services.session.load() }),
    'session:save': async ({ token }) => {
      await services.session.save(token);
      services.review?.sessionChanged();
      // Another user may have signed in: their own failed uploads are another list.
      services.events.emit('uploads:changed', uploadCounts(services));
      return OK;
    },
    'session:clear': async () => {
      await services.session.clear();
      services.review?.forgetViewer();
      services.review?.sessionChanged();
      services.events.emit('uploads:changed', uploadCounts(services));
      return OK;
    },
    'oauth:begin': () => services.oauth.begin(),
    'oauth:open': ({ id, url }) => services.oauth.open(id, url),
    'oauth:wait': ({ id }) => services.oauth.wait(id),
    'oauth:cancel': ({ id }) => {
      services.oauth.cancel(id);
      return Promise.resolve(OK);
    },
    'settings:get': () => services.settings.get(),
    'settings:update': async (patch) => {
      const next = await services.settings.update(patch);
      services.events.emit('settings:changed', next);
      if (patch.reviewCacheMB !== undefined) services.review?.settingsChanged();
      return next;
    },
    'notifications:showNative': async (notification) => {
      const settings = await services.settings.get();
      if (!settings.nativeNotifications) return { shown: false };
      return { shown: await services.notifier.show(notification) };
    },
    'uploads:enqueuePaths': async ({ paths, company_id, source, allowDuplicate }) => {
      const results = await uploadsOf(services).enqueuePaths({
        paths,
        companyId: company_id,
        source,
        allowDuplicate: allowDuplicate ?? false,
      });
      return {
        results: results.map((result) => ({
          path: result.path,
          fileName: result.fileName,
          status: result.status,
          jobId: result.jobId,
          code: result.status === 'rejected' ? result.code : null,
          message: result.status === 'rejected' ? result.message : null,
        })),
      };
    },
    'uploads:list': () => Promise.resolve({ uploads: uploadsOf(services).list() }),
    'uploads:counts': () => Promise.resolve(uploadsOf(services).counts()),
    'uploads:cancel': ({ id }) => Promise.resolve({ changed: uploadsOf(services).cancel(id) }),
    'uploads:failed': async () => ({ uploads: await uploadsOf(services).failed() }),
    'uploads:retry': async ({ id }) => ({ changed: await uploadsOf(services).retry(id) }),
    'uploads:remove': async ({ id }) => ({ changed: await uploadsOf(services).remove(id) }),
    'watch:list': async () => ({ folders: await uploadsOf(services).watchList() }),
    'watch:add': async (folder) => {
      const folders = await watchCall(() => uploadsOf(services).watchAdd(folder));
      services.events.emit('watch:changed', { folders });
      return { folders };
    },
    'watch:remove': async ({ path }) => {
      const folders = await watchCall(() => uploadsOf(services).watchRemove(path));
      services.events.emit('watch:changed', { folders });
      return { folders };
    },
    'review:cacheDocuments': ({ documents, queue }) =>
      reviewCall(services, async (review) => {
        await review.cacheDocuments(documents, queue);
        return OK;
      }),
    'review:getCached': ({ id }) => reviewCall(services, (review) => review.getCached(id)),
    'review:listCached': ({ companyId, statusType }) =>
      reviewCall(services, async (review) => ({
        documents: await review.listCached(companyId, statusType),
      })),
    'review:cacheList': ({ companyId, key, list }) =>
      reviewCall(services, async (review) => {
        await review.cacheList(companyId, key, list);
        return OK;
      }),
    'review:cachedList': ({ companyId, key }) =>
      reviewCall(services, async (review) => {
        const kept = await review.cachedList(companyId, key);
        return { list: kept?.list ?? null, cachedAt: kept?.cachedAt ?? null };
      }),
    'review:getPdf': ({ id }) =>
      reviewCall(services, async (review) => ({ base64: await review.getPdf(id) })),
    'review:save': (request) => reviewCall(services, (review) => review.save(request)),
    'review:outbox': () =>
      reviewCall(services, async (review) => ({ items: await review.outbox() })),
    'review:resolveConflict': ({ outboxId, choices }) =>
      reviewCall(services, (review) => review.resolveConflict(outboxId, choices)),
    'review:status': () => reviewCall(services, (review) => review.status()),
    'review:retry': ({ outboxId }) =>
      reviewCall(services, async (review) => ({ changed: await review.retry(outboxId) })),
    'review:discard': ({ outboxId }) =>
      reviewCall(services, async (review) => ({ changed: await review.discard(outboxId) })),
    'review:rememberViewer': ({ viewer }) =>
      reviewCall(services, async (review) => {
        await review.rememberViewer(viewer);
        return OK;
      }),
    'review:lastViewer': () =>
      reviewCall(services, async (review) => ({ viewer: await review.lastViewer() })),
  };
}
