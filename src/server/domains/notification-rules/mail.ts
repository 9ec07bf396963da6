/**
 * The mail a rule or a digest sends: one list of documents as readable HTML (a table, escaped)
 * and the same as plain text. Pure: tests and the history store exactly what was sent.
 */
export interface MailDocument {
  id: string;
  name: string;
  type: string | null;
  created_at: Date;
}

export interface DocumentsMail {
  subject: string;
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Keeps a header line a single line (a name cannot add headers). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const day = (d: Date) => d.toISOString().slice(0, 10);

export function renderDocumentsMail(input: {
  title: string;
  intro: string;
  documents: MailDocument[];
  /** How many matched beyond the listed ones. */
  more?: number;
}): DocumentsMail {
  const { title, intro, documents } = input;
  const more = input.more ?? 0;
  const subject = oneLine(`${title}: ${documents.length + more} document(s)`).slice(0, 200);
  const rows = documents
    .map(
      (d) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(d.name)}</td>` +
        `<td style="padding:4px 8px">${escapeHtml(d.type ?? 'No type')}</td>` +
        `<td style="padding:4px 8px">${day(d.created_at)}</td></tr>`,
    )
    .join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1c2127">` +
    `<h2 style="margin:0 0 8px">${escapeHtml(title)}</h2>` +
    `<p>${escapeHtml(intro)}</p>` +
    (documents.length === 0
      ? '<p>No documents.</p>'
      : `<table style="border-collapse:collapse" border="1"><thead><tr>` +
        `<th style="padding:4px 8px;text-align:left">Document</th>` +
        `<th style="padding:4px 8px;text-align:left">Type</th>` +
        `<th style="padding:4px 8px;text-align:left">Processed</th></tr></thead>` +
        `<tbody>${rows}</tbody></table>`) +
    (more > 0 ? `<p>And ${more} more.</p>` : '') +
    `</body></html>`;
  const text = [
    title,
    '',
    intro,
    '',
    ...(documents.length === 0
      ? ['No documents.']
      : documents.map(
          (d) => `- ${oneLine(d.name)} (${d.type ?? 'No type'}, ${day(d.created_at)})`,
        )),
    ...(more > 0 ? ['', `And ${more} more.`] : []),
  ].join('\n');
  return { subject, html, text };
}
