/**
 * Stage 1 for .docx: the text, split into pages where Word recorded them. A docx has no fixed
 * pages, but explicit page breaks (w:br w:type="page", w:pageBreakBefore) and the breaks Word
 * rendered last time it saved (w:lastRenderedPageBreak) mark them. Without any, mammoth's raw
 * text is one page.
 */
import type { PageText } from '../types';
import { PipelineInputError } from './errors';
import { readZipEntry } from './zip';

const PAGE = '\u000c';
const TOKENS =
  /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>|<w:br\b([^>]*)\/>|<w:cr\/>|<\/w:p>|<w:lastRenderedPageBreak\/>|<w:pageBreakBefore\b([^>]*)\/>/g;

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[lower] ?? '';
  });
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Page texts from word/document.xml; one entry when it records no page breaks. */
export function docxXmlToPages(xml: string): string[] {
  let out = '';
  for (const match of xml.matchAll(TOKENS)) {
    const [token, text, brAttributes, breakBeforeAttributes] = match;
    if (text !== undefined) out += decodeXml(text);
    else if (token === '<w:tab/>') out += '\t';
    else if (brAttributes !== undefined) out += /w:type="page"/.test(brAttributes) ? PAGE : '\n';
    else if (token === '<w:cr/>' || token === '</w:p>') out += '\n';
    else if (token === '<w:lastRenderedPageBreak/>') out += PAGE;
    else if (breakBeforeAttributes !== undefined) {
      if (!/w:val="(false|0|off)"/.test(breakBeforeAttributes)) out += PAGE;
    }
  }
  // An explicit break is usually followed by Word's rendered one: empty pages between are noise.
  const pages = out
    .split(PAGE)
    .map(tidy)
    .filter((page) => page.length > 0);
  return pages.length > 0 ? pages : [''];
}

export async function readDocxPages(data: Buffer, name: string): Promise<PageText[]> {
  let split: string[] = [];
  try {
    const xml = readZipEntry(data, 'word/document.xml');
    if (xml) split = docxXmlToPages(xml.toString('utf8'));
  } catch {
    // mammoth below decides whether the file is readable at all
  }
  if (split.length > 1) {
    return split.map((text, index) => ({ page: index + 1, text, source: 'docx' }));
  }
  try {
    // Loaded here, not at start: most runs read no .docx without page breaks.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.extractRawText({ buffer: data });
    return [{ page: 1, text: tidy(result.value), source: 'docx' }];
  } catch (error) {
    throw new PipelineInputError('corrupt', `${name} is not a readable .docx`, { cause: error });
  }
}
