/**
 * Which build of better-sqlite3's native addon this process loads for the queue.
 *
 * Under plain Node (tests, the headless host and agent) nothing is set and better-sqlite3 finds
 * its own build in node_modules. The Electron main process has a different ABI and ships no
 * node_modules: its boot code sets the Electron build (`npm run rebuild:electron`, packaged as
 * resources/native/better_sqlite3.node) here before any queue opens. It is process-wide on
 * purpose: every database this process opens needs the addon built for this runtime, and
 * better-sqlite3 itself keeps one addon per process. `openUploadQueue({ nativeBinding })`
 * overrides it for one queue.
 */
let processBinding: string | undefined;

/** Sets (or, with undefined, clears) the addon file every queue of this process loads. */
export function useSqliteNativeBinding(file: string | undefined): void {
  processBinding = file;
}

export function sqliteNativeBinding(): string | undefined {
  return processBinding;
}
