/**
 * `window.desktop`: the API the Electron preload exposes (src/preload/index.ts). It is absent in a
 * plain browser, where the renderer's bridge talks to the headless host over a WebSocket instead.
 */
import type { DesktopApi } from './contract';

declare global {
  interface Window {
    desktop?: DesktopApi;
  }
}

export {};
