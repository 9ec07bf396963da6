/**
 * Real PDFs for the viewer measure: picks documents the document center shows on its first page
 * (newest first, so no exceptions), generates a text PDF for each with pdf-lib and stores it the
 * way the pipeline does (storeDocumentFile: a key derived from the raw file and page range, a
 * stored_file row, url `/files/<key>` and s3_key on the document). The key is fixed per document,
 * so running the bench again replaces the same files instead of adding more.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { LexDeskServer } from '../../../src/server/app';
import type { ServerConfig } from '../../../src/server/config';
import { rawFile } from '../../../src/server/db/schema';
import { legalProcessedFile } from '../../../src/server/db/schemaPipeline';
import { createStorage } from '../../../src/server/domains/files/s3/createStorage';
import { FILE_PATH_PREFIX } from '../../../src/server/domains/files/signer';
import { storeDocumentFile } from '../../../src/server/domains/pipeline/documentFiles';

export interface ViewerDocument {
  id: string;
  name: string;
}

const WORDS = `the applicant sustained a cumulative trauma injury to the lumbar spine while employed
  by the defendant employer and the claims administrator objected to the treating physician report
  under labor code section qualified medical evaluator examination findings permanent disability
  apportionment causation temporary total disability benefits were paid through the date of maximal
  medical improvement restrictions include no lifting over twenty pounds and modified duty return to
  work declaration of readiness to proceed mandatory settlement conference workers compensation appeals
  board order petition stipulations with request for award compromise and release lien claimant`
  .split(/\s+/)
  .filter(Boolean);

/** A letter-size PDF of `pages` pages, each a full page of wrapped text under a header. */
export async function makeDocumentPdf(title: string, pages: number, seed: number) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  let n = seed;
  const word = () => {
    n = (n * 1103515245 + 12345) % 2147483648;
    return WORDS[n % WORDS.length] ?? 'claim';
  };
  for (let p = 1; p <= pages; p += 1) {
    const page = doc.addPage([612, 792]);
    page.drawText(title, { x: 72, y: 740, size: 13, font: bold });
    page.drawText(`Page ${p} of ${pages}`, { x: 470, y: 740, size: 10, font });
    for (let line = 0; line < 44; line += 1) {
      let text = '';
      while (font.widthOfTextAtSize(`${text} ${word()}`, 11) < 460) text += ` ${word()}`;
      page.drawText(text.trim(), { x: 72, y: 712 - line * 14.5, size: 11, font });
    }
  }
  return doc.save();
}

/** First-page documents of the center, newest first (the center's default order). */
async function centerDocuments(
  app: LexDeskServer,
  token: string,
  companyId: string,
  count: number,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: {
      query:
        'query($c: ID!, $size: Int) { processedFiles(company_id: $c, page: 1, page_size: $size) { items { id name } } }',
      variables: { c: companyId, size: count },
    },
  });
  const items = response.json<{ data?: { processedFiles: { items: ViewerDocument[] } } }>().data
    ?.processedFiles.items;
  if (!items || items.length < count) throw new Error(`too few center documents: ${response.body}`);
  return items;
}

/** Gives `count` center documents a `pages`-page PDF each; returns them in center order. */
export async function prepareViewerDocuments(options: {
  app: LexDeskServer;
  config: Pick<ServerConfig, 'dataDir' | 's3'>;
  token: string;
  companyId: string;
  count: number;
  pages: number;
}): Promise<ViewerDocument[]> {
  const { app, count, pages } = options;
  const db = app.lexdesk.database.db;
  const storage = createStorage(options.config);
  const picked = await centerDocuments(app, options.token, options.companyId, count);
  const rows = await db
    .select({
      id: legalProcessedFile.id,
      raw: legalProcessedFile.legal_raw_file_id,
      startPage: legalProcessedFile.start_page_no,
      endPage: legalProcessedFile.end_page_no,
    })
    .from(legalProcessedFile)
    .where(
      inArray(
        legalProcessedFile.id,
        picked.map((d) => d.id),
      ),
    );
  const temp = await mkdtemp(path.join(tmpdir(), 'lexdesk-bench-viewer-'));
  try {
    for (const [index, doc] of picked.entries()) {
      const row = rows.find((r) => r.id === doc.id);
      const [raw] = row?.raw ? await db.select().from(rawFile).where(eq(rawFile.id, row.raw)) : [];
      if (!row || !raw) throw new Error(`document ${doc.id} or its raw file is missing`);
      const file = path.join(temp, `${doc.id}.pdf`);
      await writeFile(file, await makeDocumentPdf(doc.name, pages, index + 1));
      const range = { startPage: row.startPage, endPage: row.endPage };
      const key = await storeDocumentFile(db, storage, raw, range, {
        path: file,
        name: `${doc.name}.pdf`,
      });
      await db
        .update(legalProcessedFile)
        .set({ url: `${FILE_PATH_PREFIX}${key}`, s3_key: key })
        .where(eq(legalProcessedFile.id, doc.id));
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
  return picked;
}
