/**
 * The timer of the unsent chat upload sweep (uploads.ts `sweep`): every
 * CHAT_UPLOAD_SWEEP_INTERVAL_MS each server process sweeps once, one run after the other; across
 * processes the sweep's advisory lock lets one of them work at a time (the others stop at once)
 * and its row locks skip what a sender is attaching.
 */
import type { ChatUploads } from './uploads';

/** How often the sweep runs; an unsent upload goes between 24 h and 24 h 15 min after its upload. */
export const CHAT_UPLOAD_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export function startChatUploadSweep(input: {
  uploads: Pick<ChatUploads, 'sweep'>;
  clock: () => Date;
  log: {
    error(details: object, message: string): void;
    info(details: object, message: string): void;
  };
  intervalMs?: number;
}) {
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    current = current
      .then(() => input.uploads.sweep(input.clock()))
      .then((removed) => {
        if (removed > 0) input.log.info({ removed }, 'unsent chat uploads removed');
      })
      .catch((error: unknown) => input.log.error({ err: error }, 'chat upload sweep failed'));
  }, input.intervalMs ?? CHAT_UPLOAD_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
