/** The signed-in person's start screen: the last main screen they used here, else their role's. */
import { useAppSelector } from '../../app/hooks';
import { NOTIFICATIONS_PATH, roleLanding } from './landing';
import { lastScreenStore, type LastScreenStore } from './lastScreen';

/** The last-screen memory of this device (the page's localStorage). */
export function deviceLastScreen(): LastScreenStore {
  return lastScreenStore(window.localStorage);
}

export function useStartPath(): string {
  const viewer = useAppSelector((state) => state.auth.viewer);
  if (!viewer) return NOTIFICATIONS_PATH;
  return (
    deviceLastScreen().read(viewer.user.id) ?? roleLanding(viewer.user.legal_user_type ?? null)
  );
}
