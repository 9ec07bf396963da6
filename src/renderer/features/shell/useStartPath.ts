/** The signed-in person's start screen: the last main screen they used here, else their role's. */
import { useAppSelector } from '../../app/hooks';
import { useViewer } from '../auth/useViewer';
import { NOTIFICATIONS_PATH, startPathFor } from './landing';
import { productOf } from './product';
import { lastScreenStore, type LastScreenStore } from './lastScreen';

/** The last-screen memory of this device (the page's localStorage). */
export function deviceLastScreen(): LastScreenStore {
  return lastScreenStore(window.localStorage);
}

export function useStartPath(): string {
  const signedIn = useAppSelector((state) => state.auth.viewer);
  const viewer = useViewer() ?? signedIn;
  if (!viewer) return NOTIFICATIONS_PATH;
  return startPathFor(
    productOf(viewer.company),
    viewer.user.legal_user_type ?? null,
    deviceLastScreen().read(viewer.user.id),
  );
}
