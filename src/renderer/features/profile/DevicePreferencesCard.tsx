/**
 * Settings of this device: desktop notifications (kept by the main process, through the bridge),
 * start minimised (desktop only), the theme, and resetting the app's local data (spec section 4:
 * everything except the sign-in).
 */
import { Alert, Button, Card, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { describeError } from '../../app/errors';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { toastError, toastSuccess } from '../../components/toaster';
import { OfflineCacheSetting } from '../offline/OfflineCacheSetting';
import { themeChosen } from '../preferences/slice';
import { useDesktopSettings } from '../preferences/useDesktopSettings';
import { PRODUCT_ERRORS } from '../../../shared/errors';

export function DevicePreferencesCard() {
  const services = useServices();
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.settings.theme);
  const { settings, update } = useDesktopSettings();
  const [confirming, setConfirming] = useState(false);
  const desktop = services.info.transport === 'electron';

  function change(patch: Parameters<typeof update>[0]) {
    update(patch).catch((error: unknown) =>
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_SETTINGS_FAILED)),
    );
  }

  return (
    <Card className="ld-card">
      <h2 className="ld-card-title">This device</h2>
      <Switch
        label="Show desktop notifications for new notifications"
        checked={settings?.nativeNotifications ?? false}
        disabled={!settings}
        onChange={(event) => change({ nativeNotifications: event.currentTarget.checked })}
      />
      {desktop ? (
        <Switch
          label="Start minimised to the tray"
          checked={settings?.startMinimised ?? false}
          disabled={!settings}
          onChange={(event) => change({ startMinimised: event.currentTarget.checked })}
        />
      ) : null}
      <Switch
        label="Dark theme"
        checked={theme === 'dark'}
        onChange={(event) => dispatch(themeChosen(event.currentTarget.checked ? 'dark' : 'light'))}
      />
      <OfflineCacheSetting />
      <div className="ld-reset">
        <Button icon="reset" onClick={() => setConfirming(true)}>
          Reset local data…
        </Button>
        <span className="ld-hint">
          Clears saved filters, preferences and cached data on this device. You stay signed in.
        </span>
      </div>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="reset"
        confirmButtonText="Reset"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          services
            .resetClientState()
            .then(() => toastSuccess('Local data cleared.'))
            .catch((error: unknown) => console.warn('[renderer] reset refetch failed', error));
        }}
      >
        Reset the local data of LexDesk on this device? Your account and your firm&apos;s data on
        the server are not affected.
      </Alert>
    </Card>
  );
}
