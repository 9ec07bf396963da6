/**
 * A user's mailbox integration: saved with its passwords sealed by the CRM key ring
 * (crypto/keyRing.ts, the same ring the CRM tokens use), answered without them, and opened into
 * IMAP and SMTP settings only inside the server. Every connection is to a server the settings
 * allow (servers.ts): the IMAP client and the SMTP transport dial the address that was checked.
 */
import { eq } from 'drizzle-orm';
import { isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import type { KeyRing } from '../../crypto/keyRing';
import type { Database } from '../../db/connection';
import { mailIntegration, type MailIntegrationRow } from '../../db/schemaMail';
import type { MailIntegrationInput } from '../../../shared/mailbox/schemas';
import type { MailServerGuard, MailTarget } from './servers';

/** What opening a connection needs: the key ring (passwords) and the server guard. */
export interface MailAccess {
  ring: KeyRing;
  servers: MailServerGuard;
}

/** The TLS server name: the name the user gave (never an IP address, which SNI does not allow). */
const tlsName = (target: MailTarget) =>
  isIP(target.servername) === 0 ? { servername: target.servername } : {};

/** What the renderer sees of an integration: never a password. */
export interface PublicIntegration {
  id: string;
  company_id: string;
  user_id: string;
  provider: string;
  email: string;
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  imap_user: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  smtp_user: string | null;
  is_active: boolean;
  last_sync: Date | null;
  last_sync_result: unknown;
}

export function publicIntegration(row: MailIntegrationRow): PublicIntegration {
  return {
    id: row.id,
    company_id: row.company_id,
    user_id: row.user_id,
    provider: row.provider,
    email: row.email,
    imap_host: row.imap_host,
    imap_port: row.imap_port,
    imap_tls: row.imap_tls,
    imap_user: row.imap_user,
    smtp_host: row.smtp_host,
    smtp_port: row.smtp_port,
    smtp_secure: row.smtp_secure,
    smtp_user: row.smtp_user,
    is_active: row.is_active,
    last_sync: row.last_sync,
    last_sync_result: row.last_sync_result,
  };
}

export async function saveIntegration(
  db: Database,
  ring: KeyRing,
  owner: { userId: string; companyId: string },
  input: MailIntegrationInput,
): Promise<MailIntegrationRow> {
  const values = {
    company_id: owner.companyId,
    user_id: owner.userId,
    email: input.email,
    imap_host: input.imap_host,
    imap_port: input.imap_port,
    imap_tls: input.imap_tls,
    imap_user: input.imap_user ?? input.email,
    imap_password_sealed: ring.seal(input.password),
    smtp_host: input.smtp_host,
    smtp_port: input.smtp_port,
    smtp_secure: input.smtp_secure,
    smtp_user: input.smtp_user ?? null,
    smtp_password_sealed: input.smtp_password ? ring.seal(input.smtp_password) : null,
    updated_at: new Date(),
  };
  const [row] = await db
    .insert(mailIntegration)
    .values(values)
    .onConflictDoUpdate({ target: mailIntegration.user_id, set: values })
    .returning();
  return row!;
}

export async function integrationOfUser(
  db: Database,
  userId: string,
): Promise<MailIntegrationRow | undefined> {
  const [row] = await db.select().from(mailIntegration).where(eq(mailIntegration.user_id, userId));
  return row;
}

export interface ImapSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
}

export function imapSettingsFor(ring: KeyRing, row: MailIntegrationRow): ImapSettings {
  return {
    host: row.imap_host,
    port: row.imap_port,
    secure: row.imap_tls,
    user: row.imap_user,
    pass: ring.open(row.imap_password_sealed),
  };
}

/** An IMAP client (not connected yet) of an allowed server, else MAIL_SERVER_NOT_ALLOWED. */
export async function imapClient(
  servers: MailServerGuard,
  settings: ImapSettings,
): Promise<ImapFlow> {
  const target = await servers.check('imap', settings.host, settings.port);
  const client = new ImapFlow({
    host: target.address,
    ...tlsName(target),
    port: target.port,
    secure: settings.secure,
    // Without TLS asked for, no STARTTLS either (a loopback or an in-house server).
    ...(settings.secure ? {} : { doSTARTTLS: false }),
    auth: { user: settings.user, pass: settings.pass },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
  });
  // A dropped connection surfaces as the failed command's rejection.
  client.on('error', () => undefined);
  return client;
}

/**
 * nodemailer's SMTP settings (the IMAP sign-in when the SMTP one is not given), to an allowed
 * server only.
 */
export async function smtpSettingsFor(access: MailAccess, row: MailIntegrationRow) {
  const { ring } = access;
  const target = await access.servers.check('smtp', row.smtp_host, row.smtp_port);
  const user = row.smtp_user ?? row.imap_user;
  const pass = row.smtp_password_sealed
    ? ring.open(row.smtp_password_sealed)
    : ring.open(row.imap_password_sealed);
  return {
    host: target.address,
    ...tlsName(target),
    port: target.port,
    secure: row.smtp_secure,
    auth: row.smtp_user || row.smtp_password_sealed ? { user, pass } : undefined,
  };
}

/** Runs `work` on a connected client of the integration, logging out afterwards. */
export async function withImap<T>(
  access: MailAccess,
  row: MailIntegrationRow,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = await imapClient(access.servers, imapSettingsFor(access.ring, row));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
