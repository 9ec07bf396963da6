/**
 * The live feed, mounted once in the app shell: each notificationAdded event raises the unread
 * count, refreshes the open lists and, when the desktop settings allow, shows a native
 * notification through the bridge (the system's in Electron, the browser's in the browser build).
 * Clicking a native notification navigates to its redirect.
 */
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { APP_PATHS, isAppPath } from '../../../shared/routes';
import { useServices } from '../../app/services';
import { useDesktopSettings } from '../preferences/useDesktopSettings';
import { NOTIFICATION_QUERIES, setUnreadCount } from './cache';
import {
  NOTIFICATION_ADDED_SUBSCRIPTION,
  NOTIFICATIONS_QUERY,
  UNREAD_COUNT_CHANGED_SUBSCRIPTION,
} from './operations';

export const NOTIFICATIONS_PATH = APP_PATHS.notifications;

export function notificationTarget(redirect: string | null): string {
  // Only paths of the app's own screens are followed; anything else opens the list.
  return redirect && isAppPath(redirect) ? redirect : NOTIFICATIONS_PATH;
}

export function useNotificationFeed(): void {
  const client = useApolloClient();
  const navigate = useNavigate();
  const { bridge, session } = useServices();
  const { settings } = useDesktopSettings();
  const nativeAllowed = useRef(false);
  nativeAllowed.current = settings?.nativeNotifications ?? false;

  useSubscription(NOTIFICATION_ADDED_SUBSCRIPTION, {
    onData: ({ data }) => {
      const added = data.data?.notificationAdded;
      if (!added) return;
      // The count follows through its own subscription; the open lists are fetched again.
      void client.refetchQueries({ include: [NOTIFICATIONS_QUERY] });
      // A task moved towards the receiver (spec section 4): their open board follows it live.
      if (added.module === 'tasks') void client.refetchQueries({ include: ['TaskBoard'] });
      if (nativeAllowed.current) {
        const sender = added.sender_name ?? 'LexDesk';
        bridge.notifications
          .showNative({
            title: sender.slice(0, 200),
            body: added.content.slice(0, 2000),
            redirect: added.redirect,
          })
          .catch((error: unknown) => console.warn('[renderer] native notification failed', error));
      }
    },
  });

  // Events sent while the socket was down, or before a subscription was in place on the server,
  // are not replayed. The count subscription answers the server's count first thing on each
  // (re)subscribe, after its listener is in place: a count other than the cached one means events
  // were missed, so the lists are fetched again.
  useSubscription(UNREAD_COUNT_CHANGED_SUBSCRIPTION, {
    onData: ({ data }) => {
      const count = data.data?.unreadNotificationCountChanged;
      if (count === undefined) return;
      if (setUnreadCount(client.cache, count)) {
        void client.refetchQueries({ include: [NOTIFICATIONS_QUERY] });
      }
    },
  });
  useEffect(
    () => session.onConnected(() => void client.refetchQueries({ include: NOTIFICATION_QUERIES })),
    [client, session],
  );

  useEffect(
    () =>
      bridge.on(
        'notifications:clicked',
        ({ redirect }) => void navigate(notificationTarget(redirect)),
      ),
    [bridge, navigate],
  );
}
