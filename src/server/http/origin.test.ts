import { describe, expect, it } from 'vitest';
import { listeningOrigin, serverOrigin, urlHost } from './origin';

describe('server origin for links', () => {
  it('given addresses, then they are written as URL hosts', () => {
    expect(urlHost('127.0.0.1')).toBe('127.0.0.1');
    expect(urlHost('::1')).toBe('[::1]');
    expect(urlHost('::ffff:192.168.1.20')).toBe('192.168.1.20');
    expect(urlHost('fe80::1%eth0')).toBe('[fe80::1%25eth0]');
  });

  it('given a connection, then the origin is its local end, https on TLS', () => {
    const listening = { address: '0.0.0.0', family: 'IPv4', port: 4000 };
    expect(listeningOrigin({ localAddress: '192.168.1.20', localPort: 4000 }, listening)).toBe(
      'http://192.168.1.20:4000',
    );
    expect(
      listeningOrigin({ localAddress: '::1', localPort: 4443, encrypted: true }, listening),
    ).toBe('https://[::1]:4443');
  });

  it('given a closed connection, then the listening address is used, a wildcard as loopback', () => {
    expect(listeningOrigin({}, { address: '0.0.0.0', family: 'IPv4', port: 4000 })).toBe(
      'http://127.0.0.1:4000',
    );
    expect(listeningOrigin({}, { address: '::', family: 'IPv6', port: 4000 })).toBe(
      'http://127.0.0.1:4000',
    );
    expect(listeningOrigin({}, { address: '10.0.0.5', family: 'IPv4', port: 81 })).toBe(
      'http://10.0.0.5:81',
    );
    expect(() => listeningOrigin({}, null)).toThrow(/not listening/);
  });

  it('given PUBLIC_URL, then it wins, without its trailing slash', () => {
    const socket = { localAddress: '127.0.0.1', localPort: 4000 };
    expect(serverOrigin('https://lexdesk.firm.example/', socket, null)).toBe(
      'https://lexdesk.firm.example',
    );
    expect(serverOrigin(undefined, socket, null)).toBe('http://127.0.0.1:4000');
  });
});
