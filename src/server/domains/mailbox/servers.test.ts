import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { createMailServerGuard, serverKey, type Resolve } from './servers';

const names: Record<string, string[]> = {
  'imap.public.example': ['93.184.216.34'],
  'inside.example': ['10.0.0.5'],
  'mixed.example': ['127.0.0.1', '93.184.216.35'],
};
const resolve: Resolve = async (host) => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found.map((address) => ({ address }));
};

async function codeOf(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('mail server guard', () => {
  const guard = createMailServerGuard(
    ['127.0.0.1:1143', 'Mail.Firm.Internal:2525', '[::1]:3143'],
    resolve,
  );

  it('allows a public host on a mail port, dialling the address it checked', async () => {
    await expect(guard.check('imap', 'IMAP.public.example', 993)).resolves.toEqual({
      address: '93.184.216.34',
      servername: 'imap.public.example',
      port: 993,
    });
    await expect(guard.check('smtp', 'mixed.example', 587)).resolves.toMatchObject({
      address: '93.184.216.35',
    });
  });

  it('refuses other ports, private and loopback addresses, and names that resolve inside', async () => {
    expect(await codeOf(guard.check('imap', 'imap.public.example', 22))).toBe(
      'MAIL_SERVER_NOT_ALLOWED',
    );
    expect(await codeOf(guard.check('imap', 'imap.public.example', 25))).toBe(
      'MAIL_SERVER_NOT_ALLOWED',
    );
    expect(await codeOf(guard.check('imap', '127.0.0.1', 993))).toBe('MAIL_SERVER_NOT_ALLOWED');
    expect(await codeOf(guard.check('imap', '[::ffff:10.0.0.1]', 993))).toBe(
      'MAIL_SERVER_NOT_ALLOWED',
    );
    expect(await codeOf(guard.check('smtp', '192.168.1.1', 25))).toBe('MAIL_SERVER_NOT_ALLOWED');
    expect(await codeOf(guard.check('smtp', 'inside.example', 465))).toBe(
      'MAIL_SERVER_NOT_ALLOWED',
    );
    expect(await codeOf(guard.check('smtp', 'nowhere.example', 465))).toBe('MAIL_SERVER_UNKNOWN');
  });

  it('allows exactly the listed host:port entries, private ones included', async () => {
    await expect(guard.check('imap', '127.0.0.1', 1143)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(guard.check('smtp', 'mail.firm.internal', 2525)).resolves.toMatchObject({
      address: 'mail.firm.internal',
    });
    await expect(guard.check('imap', '[::1]', 3143)).resolves.toMatchObject({ address: '::1' });
    expect(await codeOf(guard.check('imap', '127.0.0.1', 1144))).toBe('MAIL_SERVER_NOT_ALLOWED');
    expect(await codeOf(guard.check('imap', 'mail.firm.internal', 993))).toBe(
      'MAIL_SERVER_UNKNOWN',
    );
  });

  it('reads host:port entries', () => {
    expect(serverKey('Host.Example:993')).toBe('host.example:993');
    expect(serverKey('[::1]:143')).toBe('::1:143');
    expect(serverKey('host.example')).toBeNull();
    expect(serverKey('host.example:70000')).toBeNull();
  });
});
