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
import { adjustUnreadCount, NOTIFICATION_QUERIES } from './cache';
import { NOTIFICATION_ADDED_SUBSCRIPTION } from './operations';

export const NOTIFICATIONS_PATH = APP_PATHS.notifications;
const CATCH_UP_DELAY_MS = 1_000;

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
      // Count it at once, then let the server's numbers settle any event that was missed.
      if (!added.is_read) adjustUnreadCount(client.cache, (count) => count + 1);
      void client.refetchQueries({ include: NOTIFICATION_QUERIES });
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

  // Events sent while the socket was down (or before the subscription was registered) are not
  // replayed; after each (re)connect the counts are fetched again, once at once and once shortly
  // after, when the subscription is certainly in place on the server.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = session.onConnected(() => {
      const catchUp = () => void client.refetchQueries({ include: NOTIFICATION_QUERIES });
      catchUp();
      clearTimeout(timer);
      timer = setTimeout(catchUp, CATCH_UP_DELAY_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [client, session]);

  useEffect(
    () =>
      bridge.on(
        'notifications:clicked',
        ({ redirect }) => void navigate(notificationTarget(redirect)),
      ),
    [bridge, navigate],
  );
}
