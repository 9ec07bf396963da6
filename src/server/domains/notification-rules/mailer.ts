/**
 * Outgoing mail over SMTP (nodemailer), configured by the server settings (`smtp` in config.ts).
 * One transport per server process; without settings there is no mailer and callers record that
 * no mail was sent.
 */
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../../config';

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** A Message-ID of the caller's (e.g. the same one when a mail may be sent again); else nodemailer's. */
  messageId?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the mail for every recipient; rejects otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(smtp: ServerConfig['smtp']): Mailer | undefined {
  if (!smtp) return undefined;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
      });
      const rejected = (info.rejected ?? []).map(String);
      if (rejected.length > 0)
        throw new Error(`the SMTP server refused ${rejected.length} recipient(s)`);
    },
    close: () => transport.close(),
  };
}
