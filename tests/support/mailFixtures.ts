/**
 * Mail for the inbox tests and bench: RFC 5322 sources with a Message-ID, optional References,
 * padding (a huge mail) and one attachment, and a small PDF the upload check accepts (it starts
 * with %PDF- and ends with startxref + %%EOF), different for each text.
 */
export function minimalPdf(text: string): Buffer {
  const body = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
      `4 0 obj << /Length ${body.length} >> stream`,
      body,
      'endstream endobj',
      'trailer << /Root 1 0 R >>',
      'startxref',
      '0',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

export interface MailOptions {
  id: string;
  subject: string;
  from?: string;
  to?: string;
  date?: Date;
  references?: string[];
  text?: string;
  /** Bytes of filler text in the body. */
  padding?: number;
  attachment?: { name: string; content: Buffer };
}

export function mailSource(options: MailOptions): Buffer {
  const headers = [
    `From: ${options.from ?? 'sender@client.test'}`,
    `To: ${options.to ?? 'clerk@lexdesk.test'}`,
    `Subject: ${options.subject}`,
    `Date: ${(options.date ?? new Date()).toUTCString()}`,
    `Message-ID: <${options.id}>`,
    'MIME-Version: 1.0',
  ];
  if (options.references?.length) {
    const refs = options.references.map((r) => `<${r}>`).join(' ');
    headers.push(`References: ${refs}`, `In-Reply-To: <${options.references.at(-1)}>`);
  }
  let text = options.text ?? `Hello,\r\n\r\nThis is ${options.subject}.\r\n`;
  if (options.padding) {
    const line = `${'x'.repeat(76)}\r\n`;
    text += line.repeat(Math.ceil(options.padding / line.length));
  }
  if (!options.attachment) {
    headers.push('Content-Type: text/plain; charset=utf-8');
    return Buffer.from(`${headers.join('\r\n')}\r\n\r\n${text}`);
  }
  const boundary = `b-${options.id.replace(/[^a-z0-9]/gi, '')}`;
  const base64 = options.attachment.content.toString('base64').replace(/.{76}/g, '$&\r\n');
  headers.push(`Content-Type: multipart/mixed; boundary="${boundary}"`);
  return Buffer.from(
    [
      headers.join('\r\n'),
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      `--${boundary}`,
      `Content-Type: application/pdf; name="${options.attachment.name}"`,
      `Content-Disposition: attachment; filename="${options.attachment.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      base64,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}
