/**
 * The server's content-search snippet is HTML-escaped text with <mark>…</mark> around the matches.
 * It is split on those two exact tags into plain and marked pieces, the escapes (&lt; &amp; &#39;
 * …) are turned back into the characters they stand for, and React renders every piece as text.
 * So nothing in a document's text (which may itself contain "<script>") is ever interpreted as
 * HTML, and no innerHTML is used; any other tag stays literal text.
 */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const TAG = /<\/?mark>/gi;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Turns HTML character references back into characters (unknown ones stay as written). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

export function splitSnippet(snippet: string | null | undefined): SnippetPart[] {
  if (!snippet) return [];
  const parts: SnippetPart[] = [];
  let marked = false;
  let last = 0;
  const push = (text: string) => {
    if (!text) return;
    const previous = parts[parts.length - 1];
    if (previous && previous.marked === marked) previous.text += text;
    else parts.push({ text, marked });
  };
  for (const match of snippet.matchAll(TAG)) {
    push(snippet.slice(last, match.index));
    marked = !match[0].startsWith('</');
    last = match.index + match[0].length;
  }
  push(snippet.slice(last));
  // Line breaks and runs of spaces from the page text read as one space in a list.
  return parts
    .map((part) => ({ ...part, text: decodeEntities(part.text).replace(/\s+/g, ' ') }))
    .filter((part) => part.text !== '');
}

/**
 * The parts with the text before the first match shortened to its last `lead` characters (from a
 * word start, after "… "), so the highlight shows within the first lines of a narrow cell.
 */
export function leadToMatch(parts: readonly SnippetPart[], lead = 48): SnippetPart[] {
  const [first, ...rest] = parts;
  if (!first || first.marked || rest.length === 0 || first.text.length <= lead) return [...parts];
  const tail = first.text.slice(-lead);
  const space = tail.indexOf(' ');
  const cut = space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail;
  return [{ text: `… ${cut}`, marked: false }, ...rest];
}
