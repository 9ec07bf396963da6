/**
 * Upload alerts to a team-chat channel through a Slack-compatible incoming webhook
 * (POST {channel, text}). Fire-and-forget: a slow or failing webhook is logged with the catalogue's
 * words and never delays or fails an upload.
 */
import { ERRORS } from '../../../shared/errors';

export interface AlertLogger {
  warn(details: object, message: string): void;
}

export interface UploadAlerts {
  success(text: string): void;
  failure(text: string): void;
  /** Resolves when every alert sent so far has settled (tests, shutdown). */
  settled(): Promise<void>;
}

export function createUploadAlerts(
  options: { webhookUrl?: string; channel: string; timeoutMs?: number },
  log: AlertLogger,
): UploadAlerts {
  const pending = new Set<Promise<void>>();

  function send(text: string, failureMessage: string): void {
    const url = options.webhookUrl;
    if (!url) return;
    const attempt = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: options.channel, text }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    })
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) throw new Error(`webhook answered ${response.status}`);
      })
      .catch((error: unknown) => log.warn({ err: error }, failureMessage))
      .finally(() => pending.delete(attempt));
    pending.add(attempt);
  }

  return {
    success: (text) => send(text, ERRORS.RAW_FILE_SUCCESS_ALERT_FAILED),
    failure: (text) => send(text, ERRORS.RAW_FILE_FAILED_ALERT_FAILED),
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
