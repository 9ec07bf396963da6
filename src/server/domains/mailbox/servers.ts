/**
 * Which mail servers a user's mailbox may make this server dial (SSRF guard). By default: a public
 * host on a mail port (IMAP 143 / 993, SMTP 25 / 465 / 587) whose address is public, by the same
 * rule as workflow webhooks (src/server/privateAddress.ts: loopback, private, link-local, CGNAT,
 * multicast, unspecified are refused). The server setting `MAIL_ALLOWED_SERVERS` (`host:port`
 * entries, comma-separated) allows more: a server on another port or on a private or loopback
 * address (an in-house server, a local bridge, the tests' dovecot). Anything else is refused with
 * MAIL_SERVER_NOT_ALLOWED before any connection is made.
 *
 * The check resolves the name once and the connection goes to the address it checked (the name
 * stays the TLS server name), so a name that answers differently the second time cannot slip
 * through.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../../shared/errors';
import { isPrivateAddress } from '../../privateAddress';

export type MailProtocol = 'imap' | 'smtp';

export const MAIL_PORTS: Record<MailProtocol, readonly number[]> = {
  imap: [143, 993],
  smtp: [25, 465, 587],
};

/** Where to connect: `address` (checked), `servername` the name the user gave (TLS checks it). */
export interface MailTarget {
  address: string;
  servername: string;
  port: number;
}

export interface MailServerGuard {
  /** The target to dial for `host:port`, or MAIL_SERVER_NOT_ALLOWED (400). */
  check(protocol: MailProtocol, host: string, port: number): Promise<MailTarget>;
}

const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');

/** `host:port` or `[v6]:port` as a key; null when it is not one. */
export function serverKey(entry: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s]+):(\d{1,5})$/i.exec(entry.trim());
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return `${bare(match[1]!)}:${port}`;
}

export type Resolve = (host: string) => Promise<Array<{ address: string }>>;

const systemResolve: Resolve = (host) => lookup(host, { all: true });

export function createMailServerGuard(
  allowed: readonly string[],
  resolve: Resolve = systemResolve,
): MailServerGuard {
  const listed = new Set(allowed.map(serverKey).filter((key): key is string => key !== null));
  const refused = (host: string, port: number) =>
    new AppError('MAIL_SERVER_NOT_ALLOWED', 400, { server: `${host}:${port}` });

  return {
    async check(protocol, host, port) {
      const name = bare(host);
      if (listed.has(`${name}:${port}`)) return { address: name, servername: name, port };
      if (!MAIL_PORTS[protocol].includes(port)) throw refused(name, port);
      if (isIP(name) !== 0) {
        if (isPrivateAddress(name)) throw refused(name, port);
        return { address: name, servername: name, port };
      }
      let addresses: Array<{ address: string }>;
      try {
        addresses = await resolve(name);
      } catch {
        throw new AppError('MAIL_SERVER_UNKNOWN', 400, { server: name });
      }
      const usable = addresses.find((a) => !isPrivateAddress(a.address));
      if (!usable) throw refused(name, port);
      return { address: usable.address, servername: name, port };
    },
  };
}
