/** Content search snippets: the ts_headline options and its result made safe HTML. */

/** ts_headline markers (private-use characters), replaced by <mark> after HTML-escaping. */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
export const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxFragments=2, MaxWords=24, MinWords=10, FragmentDelimiter=" … "`;
/** Snippets come from the first 200,000 characters (ts_headline parses all it is given). */
export const HEADLINE_TEXT_LIMIT = 200_000;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** A ts_headline result as safe HTML: everything escaped, only the markers become <mark>. */
export function snippetHtml(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}
