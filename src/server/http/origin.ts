/**
 * This server's origin for the links it hands out (signed file links, upload URLs, the tus
 * `Location`): PUBLIC_URL when configured, else the address and port the connection actually
 * reached, read from the server's own end of the socket. Never a request header (Host,
 * X-Forwarded-*): those are the client's to forge.
 */
import type { AddressInfo } from 'node:net';

/** The server's end of a connection, as node:net and node:tls sockets expose it. */
export interface ConnectionEnd {
  localAddress?: string | undefined;
  localPort?: number | undefined;
  encrypted?: boolean;
}

/** What `server.address()` answers: where the server listens (null before it does). */
export type Listening = AddressInfo | string | null;

/** An IP address as a URL host: IPv6 in brackets (zone escaped), IPv4-mapped IPv6 as IPv4. */
export function urlHost(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  return address.includes(':') ? `[${address.replace('%', '%25')}]` : address;
}

/** A wildcard bind (0.0.0.0, ::) is reached on loopback by local clients. */
function reachable(address: string): string {
  return address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
}

/**
 * The origin a connection reached: the socket's local address and port (a wildcard bind gives
 * the interface's own address, so clients on the network get links they can follow). A socket
 * already closed has no local end; then the server's listening address is used.
 */
export function listeningOrigin(socket: ConnectionEnd, listening: Listening): string {
  const scheme = socket.encrypted ? 'https' : 'http';
  if (socket.localAddress && socket.localPort)
    return `${scheme}://${urlHost(socket.localAddress)}:${socket.localPort}`;
  if (listening && typeof listening === 'object')
    return `${scheme}://${urlHost(reachable(listening.address))}:${listening.port}`;
  throw new Error('The server is not listening on a TCP port, so it has no origin for links.');
}

/** PUBLIC_URL (without a trailing slash) when set, else the listening origin. */
export function serverOrigin(
  publicUrl: string | undefined,
  socket: ConnectionEnd,
  listening: Listening,
): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  return listeningOrigin(socket, listening);
}
