/** Cron expressions (croner) as workflow schedules and notification rules use them. */
import { Cron } from 'croner';

/** True when croner accepts the expression (5 or 6 fields, nicknames like @daily). */
export function isValidCron(expression: string): boolean {
  try {
    new Cron(expression, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** The latest time of `cron` not after `now` and later than `after`; undefined if none. */
export function dueTime(cron: Cron, after: Date, now: Date): Date | undefined {
  const [latest] = cron.previousRuns(1, new Date(now.getTime() + 1));
  return latest && latest.getTime() > after.getTime() ? latest : undefined;
}
