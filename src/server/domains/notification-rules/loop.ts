/**
 * Runs the notification dispatcher (rules, then digests) every `tickSeconds`, and sooner when a
 * schedule's next cron time comes first. Document rules also wake on the documents' pg NOTIFY
 * (`documents`): the companies heard are queued (once each until their turn) and their document
 * rules fired at once. Ticks and wake-ups run one at a time in one process; across processes the
 * dispatcher's row locks keep each send single. `tickSeconds` 0 turns the loop off (wake-ups too).
 */
import type { NotificationBus } from '../notifications/bus';
import type { DispatcherLog, RuleDispatcher, TickResult } from './dispatcher';

export interface NotifyLoop {
  /** Resolves when the ticks and wake-ups queued so far have run (tests await it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface DocumentWake {
  /** Subscribes to "documents of this company were written"; returns the unsubscribe function. */
  subscribe(listener: (companyId: string) => void): () => void;
  /** Fires the company's document rules. */
  fire(companyId: string): Promise<number>;
}

/** The wake-up from the bus: raw files and documents of a company were written (migration 0011). */
export function documentWake(
  bus: Pick<NotificationBus, 'onAnyCompanyFilesChanged'>,
  rules: Pick<RuleDispatcher, 'fireDocumentRules'>,
): DocumentWake {
  return {
    subscribe: (listener) => bus.onAnyCompanyFilesChanged(({ company_id }) => listener(company_id)),
    fire: (companyId) => rules.fireDocumentRules(companyId),
  };
}

export function startNotifyLoop(options: {
  tickSeconds: number;
  ticks: Array<() => Promise<TickResult>>;
  log: DispatcherLog;
  clock: () => Date;
  documents?: DocumentWake;
}): NotifyLoop {
  let timer: NodeJS.Timeout | undefined;
  let stopped = options.tickSeconds === 0;
  /** Ticks and wake-ups, one after the other. */
  let chain: Promise<void> = Promise.resolve();
  const pending = new Set<string>();
  let drainQueued = false;

  async function runTicks() {
    if (stopped) return;
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
  }

  async function drain() {
    drainQueued = false;
    const companies = [...pending];
    pending.clear();
    for (const companyId of companies) {
      if (stopped || !options.documents) return;
      try {
        await options.documents.fire(companyId);
      } catch (error) {
        options.log.error({ companyId, error: String(error) }, 'notification wake-up failed');
      }
    }
  }

  function loop() {
    if (stopped) return;
    chain = chain.then(runTicks);
  }

  const unsubscribe =
    stopped || !options.documents
      ? () => undefined
      : options.documents.subscribe((companyId) => {
          if (stopped) return;
          pending.add(companyId);
          if (drainQueued) return;
          drainQueued = true;
          chain = chain.then(drain);
        });

  loop();
  return {
    async idle() {
      // A wake-up queued while waiting is waited for too.
      let seen: Promise<void> | undefined;
      while (seen !== chain) {
        seen = chain;
        await seen;
      }
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      await chain;
    },
  };
}
