/**
 * The main window and the rules every web contents obeys: context isolation, the sandbox, no
 * Node in the page, no navigation away from app://lexdesk, no new windows (http(s) links open in
 * the user's browser after validation), no <webview>, no permission prompts.
 */
import { app, BrowserWindow, dialog, shell, type Session, type WebContents } from 'electron';
import { UNSAVED_TEXT } from '../../shared/unsaved';
import { APP_ORIGIN, isAppUrl } from './protocol';

/** Only plain http(s) URLs without credentials are handed to the OS browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      !parsed.username &&
      !parsed.password
    );
  } catch {
    return false;
  }
}

function openExternally(url: string): void {
  if (isSafeExternalUrl(url)) void shell.openExternal(url);
}

/** Applied to every web contents the app creates (see main.ts: web-contents-created). */
export function hardenWebContents(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternally(url);
    return { action: 'deny' };
  });
  const stayInApp = (event: { preventDefault(): void }, url: string): void => {
    if (isAppUrl(url)) return; // in-app reloads and "Return Home" stay allowed
    event.preventDefault();
    openExternally(url);
  };
  contents.on('will-navigate', (event) => stayInApp(event, event.url));
  contents.on('will-redirect', (event) => stayInApp(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The app asks for no browser permission (camera, geolocation, ...); refuse them all. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

export interface MainWindowOptions {
  preload: string;
  show: boolean;
  icon?: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'LexDesk',
    icon: options.icon,
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      devTools: !app.isPackaged,
    },
  });
  // A page with unsaved edits holds a reload or close (beforeunload); Electron shows no question
  // of its own, so ask here: Discard goes on, Keep editing stays.
  window.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(window, {
      type: 'question',
      title: UNSAVED_TEXT.title,
      message: UNSAVED_TEXT.title,
      detail: UNSAVED_TEXT.body,
      buttons: [UNSAVED_TEXT.discard, UNSAVED_TEXT.keep],
      defaultId: 1,
      cancelId: 1,
    });
    if (choice === 0) event.preventDefault();
  });
  window.once('ready-to-show', () => {
    if (options.show) window.show();
  });
  void window.loadURL(`${APP_ORIGIN}/`);
  return window;
}
