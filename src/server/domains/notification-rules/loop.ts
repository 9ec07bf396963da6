/**
 * Runs the notification dispatcher (rules, then digests) every `tickSeconds`, and sooner when a
 * schedule's next cron time comes first. Ticks never overlap in one process; across processes the
 * dispatcher's row locks keep each send single.
 */
import type { DispatcherLog, TickResult } from './dispatcher';

export interface NotifyLoop {
  stop(): Promise<void>;
}

export function startNotifyLoop(options: {
  tickSeconds: number;
  ticks: Array<() => Promise<TickResult>>;
  log: DispatcherLog;
  clock: () => Date;
}): NotifyLoop {
  let timer: NodeJS.Timeout | undefined;
  let stopped = options.tickSeconds === 0;
  let running: Promise<unknown> = Promise.resolve();
  const loop = () => {
    if (stopped) return;
    running = (async () => {
      let next: Date | undefined;
      for (const tick of options.ticks) {
        try {
          const result = await tick();
          if (result.next && (!next || result.next < next)) next = result.next;
        } catch (error) {
          options.log.error({ error: String(error) }, 'notification tick failed');
        }
      }
      if (stopped) return;
      const interval = options.tickSeconds * 1000;
      const wait = next ? next.getTime() - options.clock().getTime() : interval;
      timer = setTimeout(loop, Math.min(interval, Math.max(1000, wait)));
      timer.unref();
    })();
  };
  loop();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
