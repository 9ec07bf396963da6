/** Entry point of the renderer: styles, the store, the bridge and the router, then React. */
import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles.css';
import { FocusStyleManager } from '@blueprintjs/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createBridge } from './app/bridge';
import { createAppRouter } from './app/router';
import { localStorageAdapter } from './app/storage';
import { createAppStore } from './app/store';
import { oauthReturnHash, PENDING_KEY } from './features/crm-integrations/oauthReturn';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Focus rings for keyboard users only, not after every mouse click.
FocusStyleManager.onlyShowFocusOnTabs();

const { store, persistor } = createAppStore(localStorageAdapter(() => window.localStorage));
const bridge = createBridge(window);
// Back from a CRM's sign-in page (?code&state): open the callback route before the router starts.
const oauthReturn = oauthReturnHash(
  window.location.search,
  window.sessionStorage.getItem(PENDING_KEY),
);
if (oauthReturn) window.history.replaceState(null, '', `${window.location.pathname}${oauthReturn}`);
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <App store={store} persistor={persistor} bridge={bridge} router={router} />
  </StrictMode>,
);
