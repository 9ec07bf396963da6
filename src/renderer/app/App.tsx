/** Providers, outermost first: Redux (+ persisted state), the app services (bridge, session, Apollo), the router. */
import { Classes } from '@blueprintjs/core';
import { useCallback, useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { DesktopApi } from '../../shared/ipc/contract';
import { FullPageSpinner } from '../components/Page';
import { uploadsRestored } from '../features/uploads/slice';
import { useAppSelector } from './hooks';
import type { AppRouter } from './router';
import { ServicesProvider } from './services';
import type { AppStore } from './store';
import type { Persistor } from 'redux-persist';

function Theme({ children }: { children: ReactNode }) {
  const theme = useAppSelector((state) => state.settings.theme);
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }, [theme]);
  return <>{children}</>;
}

export function App(props: {
  store: AppStore;
  persistor: Persistor;
  bridge: DesktopApi;
  router: AppRouter;
}) {
  const { store, persistor, bridge, router } = props;
  const navigate = useCallback((path: string) => void router.navigate(path), [router]);
  return (
    <Provider store={store}>
      <PersistGate
        loading={<FullPageSpinner label="Starting LexDesk" />}
        persistor={persistor}
        onBeforeLift={() => {
          store.dispatch(uploadsRestored());
        }}
      >
        <Theme>
          <ServicesProvider bridge={bridge} navigate={navigate}>
            <RouterProvider router={router} />
          </ServicesProvider>
        </Theme>
      </PersistGate>
    </Provider>
  );
}
