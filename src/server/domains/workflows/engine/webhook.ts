/**
 * The webhook action's HTTP call: a JSON POST signed with HMAC-SHA256 of the body
 * (`X-LexDesk-Signature: sha256=<hex>`) and an `Idempotency-Key` of the run, node and retry round,
 * so a receiver can drop a repeat after a crash. SSRF-safe: the address is resolved by our own
 * lookup, which refuses loopback, private, link-local, CGNAT, multicast and unspecified addresses
 * (unless the server's settings allow them), and the connection goes to exactly that address.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPrivateAddress } from '../../../privateAddress';
import { final, transient } from './errors';

export const SSRF_REFUSED =
  'This webhook address points inside the server network, which the server settings do not allow.';

export interface WebhookCall {
  url: string;
  secret: string;
  body: unknown;
  idempotencyKey: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}

export interface WebhookResult {
  status: number;
  body: string;
}

export function signature(secret: string, payload: string): string {
  return `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
}

export function callWebhook(call: WebhookCall): Promise<WebhookResult> {
  const url = new URL(call.url);
  const payload = JSON.stringify(call.body);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0 && !call.allowPrivate && isPrivateAddress(literal))
    return Promise.reject(final(SSRF_REFUSED));
  const guardedLookup = (
    hostname: string,
    options: { all?: boolean },
    done: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return done(error, '', 0);
      const usable = addresses.filter((a) => call.allowPrivate || !isPrivateAddress(a.address));
      if (usable.length === 0) return done(final(SSRF_REFUSED), '', 0);
      if (options.all) return done(null, usable);
      return done(null, usable[0]!.address, usable[0]!.family);
    });
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup as never,
        timeout: call.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-lexdesk-signature': signature(call.secret, payload),
          'idempotency-key': call.idempotencyKey,
          'user-agent': 'LexDesk-Workflows',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 64 * 1024) chunks.push(chunk);
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const body = Buffer.concat(chunks).toString('utf8').slice(0, 4000);
          if (status >= 200 && status < 300) resolve({ status, body });
          else if (status >= 500 || status === 429 || status === 408)
            reject(transient(`The webhook answered ${status}.`));
          else reject(final(`The webhook answered ${status}.`));
        });
        response.on('error', (error) =>
          reject(transient(`The webhook call failed: ${error.message}`)),
        );
      },
    );
    request.on('timeout', () => request.destroy(transient('The webhook did not answer in time.')));
    request.on('error', (error) =>
      reject(
        error.name === 'NodeFailure'
          ? error
          : transient(`The webhook could not be reached: ${error.message}`),
      ),
    );
    request.end(payload);
  });
}
