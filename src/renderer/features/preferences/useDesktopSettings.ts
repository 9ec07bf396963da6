/**
 * The desktop settings (native notifications, start minimised) live in the main process; this hook
 * reads them through the bridge, follows 'settings:changed' events and updates them.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DesktopSettings } from '../../../shared/ipc/contract';
import { useServices } from '../../app/services';

export function useDesktopSettings(): {
  settings: DesktopSettings | null;
  update(patch: Partial<DesktopSettings>): Promise<void>;
} {
  const { bridge } = useServices();
  const [settings, setSettings] = useState<DesktopSettings | null>(null);

  useEffect(() => {
    let live = true;
    bridge.settings
      .get({})
      .then((value) => live && setSettings(value))
      .catch((error: unknown) => console.warn('[renderer] could not read desktop settings', error));
    const stop = bridge.on('settings:changed', (value) => setSettings(value));
    return () => {
      live = false;
      stop();
    };
  }, [bridge]);

  const update = useCallback(
    async (patch: Partial<DesktopSettings>) => {
      setSettings(await bridge.settings.update(patch));
    },
    [bridge],
  );

  return { settings, update };
}
