import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

/**
 * The renderer build. One bundle serves both the Electron window (app://) and the browser build the
 * headless host serves. Asset URLs are absolute from the origin root (base '/') so a deep link such
 * as /settings/company loads its assets from /assets/ on both app://lexdesk and the host. Tests are
 * configured in vitest.config.ts, not here.
 */
const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  root: here('./src/renderer'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: here('./dist/renderer'),
    emptyOutDir: true,
    sourcemap: true,
    // The bundle ships inside the app; a single vendor chunk is fine, the warning is noise here.
    chunkSizeWarningLimit: 2000,
  },
  server: { port: 5173, strictPort: false },
});
