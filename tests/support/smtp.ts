/**
 * A real SMTP server on loopback for tests (the smtp-server package), each message parsed with
 * mailparser. `waitFor(n)` resolves when n messages have arrived (an event, not a sleep) and
 * `config` is what the LexDesk server's `smtp` setting takes to send there.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's RCPT TO addresses, lower-case. */
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface TestSmtp {
  messages: ReceivedMail[];
  config: { host: string; port: number; secure: false; from: string };
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuse the next `n` messages with a 451 (a transient server failure). */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (failures > 0) {
            failures -= 1;
            const error = new Error('try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          messages.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            parsed,
          });
          callback();
          for (const waiter of [...waiters])
            if (messages.length >= waiter.count) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve();
            }
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    messages,
    config: { host: '127.0.0.1', port, secure: false, from: 'LexDesk <rules@lexdesk.test>' },
    waitFor(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve(messages.slice());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`expected ${count} mails, got ${messages.length}`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(messages.slice());
          },
        });
      });
    },
    failNext(n) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
