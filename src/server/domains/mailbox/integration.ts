/**
 * A user's mailbox integration: saved with its passwords sealed by the CRM key ring
 * (crypto/keyRing.ts, the same ring the CRM tokens use), answered without them, and opened into
 * IMAP and SMTP settings only inside the server.
 */
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { KeyRing } from '../../crypto/keyRing';
import type { Database } from '../../db/connection';
import { mailIntegration, type MailIntegrationRow } from '../../db/schemaMail';
import type { MailIntegrationInput } from '../../../shared/mailbox/schemas';

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

/** An IMAP client (not connected yet). */
export function imapClient(settings: ImapSettings): ImapFlow {
  const client = new ImapFlow({
    host: settings.host,
    port: settings.port,
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

/** nodemailer's SMTP settings (the IMAP sign-in when the SMTP one is not given). */
export function smtpSettingsFor(ring: KeyRing, row: MailIntegrationRow) {
  const user = row.smtp_user ?? row.imap_user;
  const pass = row.smtp_password_sealed
    ? ring.open(row.smtp_password_sealed)
    : ring.open(row.imap_password_sealed);
  return {
    host: row.smtp_host,
    port: row.smtp_port,
    secure: row.smtp_secure,
    auth: row.smtp_user || row.smtp_password_sealed ? { user, pass } : undefined,
  };
}

/** Runs `work` on a connected client of the integration, logging out afterwards. */
export async function withImap<T>(
  ring: KeyRing,
  row: MailIntegrationRow,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = imapClient(imapSettingsFor(ring, row));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.logout().catch(() => client.close());
  }
}
