/**
 * How the tests and benchmarks launch Debian's Chromium: its path (CHROMIUM_PATH overrides) and the
 * flags that keep it quiet on a machine without network access and running as root.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
