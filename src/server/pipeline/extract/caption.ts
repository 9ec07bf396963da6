/**
 * Parties from a WCAB-style caption. Two shapes:
 *   - with role markers: "MARIA GONZALEZ,\n  Applicant,\nvs.\nACME INC.; ZENITH INS. CO.,\n
 *     Defendants." — also with a right-hand column ("Case No. ADJ...", the title) on the same
 *     lines, and flattened into one line with pleading-paper line numbers by a text layer;
 *   - without them, as EAMS forms print it: a name line, a line "vs.", then the defendants; or
 *     one line "MARIA GONZALEZ vs. ACME WAREHOUSING INC." whose left side is a name in capitals.
 */
import {
  CAPTION_GAP,
  CASE_NUMBER_TAIL,
  PLEADING_NUMBERS,
  allParties,
  isPersonName,
  nameAtEnd,
  tidy,
} from './names';

export interface Parties {
  applicant: string | null;
  /** The employer: the first defendant. */
  defendant: string | null;
  /** Every defendant, in the order printed. */
  defendants: string[];
}

// OCR turns a caption's column rules and gaps into stray ";", ":", "|", "-" or "_" around the
// words, and may read a "v." as "Vv." (the stroke doubled).
const VS = /^[\s;:|.,_~-]*(?:v?vs?\.?|versus|-\s*vs?\.?\s*-)(?=\s|$)/i;
/** A caption's right-hand column (the title) read onto the "vs." line by OCR. */
const TITLE_WORDS =
  /\b(?:declaration|service|notice|petition|application|answer|order|subpoena|deposition|objection|request|proof|motion|stipulations?|minutes|findings|award|compromise|release|lien|report|adjudication|decision|hearing|readiness)\b/i;
/**
 * A line of a caption's right column that a text layer interleaved with the parties (its own line,
 * or after a one-space gap): a case or claim number, a judge, a hearing note.
 */
const RIGHT_COLUMN =
  /^\s*(?:Case\s*(?:No|Number)s?\b|ADJ\s?\d|Claim\s*(?:No|Number|#)|(?:Insurer|Carrier)\s+Claim|WCAB\b|EAMS\b|DOI\b|D\/I\b|Date\s+of\s+Injury|Hon\.|Judge\b|WCJ\b|\[|\()/i;
/** A title line's continuation ("OF CLAIM", "TO PROCEED"), read after a title line was dropped. */
const TITLE_CONTINUATION = /^(?:OF|TO|FOR|AND|ON|IN|RE|WITH|BY)\b[A-Z ,'-]*$/;
/** A right-column title line: title words, no firm's name ending. */
function isTitleLine(line: string): boolean {
  return (
    TITLE_WORDS.test(line) &&
    !/[;,]/.test(line) &&
    line.trim().split(/\s+/).length <= 8 &&
    !/\b(?:inc|llc|corp|company|co)\.?(?:\s|$)/i.test(line)
  );
}

const OCR_GAP = /\s[;:|](?=\s|$).*$/;
const APPLICANT_MARKER = /\b(?:Applicants?|APPLICANTS?)\b[ \t]*[,.;:]?/g;
const DEFENDANTS_MARKER =
  /\b(?:Defendants?|DEFENDANTS?|Respondents?|RESPONDENTS?)(?:\(s\))?[ \t]*[.,]?/;

/**
 * The left column of a two-column caption: each line's first column, with lines that hold only a
 * far-indented right column dropped. A flattened caption (one long line) is unchanged. Pleading
 * line numbers are blanked.
 */
export function leftColumn(text: string): string {
  return text
    .split('\n')
    .filter((line) => !/^ {24,}\S/.test(line.replace(/\t/g, '    ')))
    .map((line) => line.replace(/^(\s*)\d{1,2}(?=\s)/, (n) => ' '.repeat(n.length)))
    .map(firstColumn)
    .map((line) => line.replace(PLEADING_NUMBERS, (n) => ' '.repeat(n.length)))
    .join('\n');
}

/**
 * A caption line's first column. A wide gap inside a name ("Maria   Gonzalez,") is kept when what
 * follows is the name's last word or two, ending the party with a comma or semicolon.
 */
function firstColumn(line: string): string {
  const parts = line.split(CAPTION_GAP).filter((s) => s.trim() !== '');
  const first = parts[0] ?? '';
  const next = parts[1];
  if (
    next &&
    !/[,;.:]\s*$/.test(first) &&
    /^[A-Z][A-Za-z'.-]*(?: [A-Z][A-Za-z'.-]*)?[,;]$/.test(next.trim())
  ) {
    return `${first} ${next}`;
  }
  return first;
}

/**
 * The nearest non-blank line among the last three of `before`, passing over right-column lines a
 * text layer put between the name and "Applicant".
 */
function lastLine(before: string): string {
  const lines = before.split('\n');
  let seen = 0;
  for (let i = lines.length - 1; i >= 0 && seen < 3; i -= 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    seen += 1;
    if (RIGHT_COLUMN.test(line) || isTitleLine(line)) continue;
    return line;
  }
  return '';
}

/** The parties' lines of a defendants block without interleaved right-column lines. */
function partyLines(block: string): string {
  const kept: string[] = [];
  let titleSeen = false;
  for (const line of block.split('\n')) {
    const t = line.trim();
    if (RIGHT_COLUMN.test(t)) continue;
    if (isTitleLine(t)) {
      titleSeen = true;
      continue;
    }
    const previous = kept[kept.length - 1] ?? '';
    if (titleSeen && TITLE_CONTINUATION.test(t) && (previous === '' || /[;,]\s*$/.test(previous)))
      continue;
    kept.push(line);
  }
  return kept.join('\n');
}

/** The defendants block after "vs.": up to "Defendants", else the next few non-blank lines. */
function defendantsAfter(afterVs: string): string[] {
  const newline = afterVs.indexOf('\n');
  const rest = newline < 0 ? '' : afterVs.slice(newline);
  const onVsLine = newline < 0 ? afterVs : afterVs.slice(0, newline);
  // The rest of the "vs." line is the right column's title unless it reads as a party.
  if (rest.trim() !== '' && TITLE_WORDS.test(onVsLine) && !/[;,]\s*$/.test(onVsLine)) {
    afterVs = rest;
  }
  const end = DEFENDANTS_MARKER.exec(afterVs.slice(0, 700));
  if (end) return allParties(partyLines(afterVs.slice(0, end.index)));
  const lines = afterVs.replace(/^[ \t]*\n/, '').split('\n');
  const block: string[] = [];
  for (const line of lines) {
    if (line.trim() === '' || block.length >= 4) break;
    block.push(line);
  }
  return allParties(partyLines(block.join('\n')));
}

/**
 * The applicant's name on a caption line: before a case number printed beside it ("DAVID LE,
 * Case No. (New Case)", OCR's "Hector R. Tran, ; Case Nos. ADJ..."), else the line's last words.
 */
function applicantName(line: string): string | null {
  const before = line
    .replace(CASE_NUMBER_TAIL, '')
    .replace(OCR_GAP, '')
    // OCR specks between the name and the right column: "KAREN ZAMORA, . “Case No."
    .replace(/(?:\s+[^\sA-Za-z0-9]+)+\s*$/, '');
  return (before.trim() !== '' ? nameAtEnd(before) : null) ?? nameAtEnd(line);
}

function withMarkers(left: string): Parties | null {
  for (const m of left.matchAll(APPLICANT_MARKER)) {
    const at = m.index ?? 0;
    let rest = left.slice(at + m[0].length, at + m[0].length + 1200);
    // Right-column lines (a case number, a claim number) may sit between "Applicant" and "vs.".
    for (let skip = 0; skip < 3 && !VS.test(rest.slice(0, 80)); skip += 1) {
      const newline = rest.indexOf('\n');
      const line = newline < 0 ? rest : rest.slice(0, newline);
      if (newline < 0 || (line.trim() !== '' && !RIGHT_COLUMN.test(line))) break;
      rest = rest.slice(newline + 1);
    }
    const vs = VS.exec(rest.slice(0, 80));
    if (!vs) continue;
    const sameLine = left.slice(left.lastIndexOf('\n', at - 1) + 1, at);
    const above = left.slice(Math.max(0, at - 400), at);
    const applicant = applicantName(sameLine.trim() !== '' ? sameLine : lastLine(above));
    const defendants = defendantsAfter(rest.slice(vs[0].length));
    if (applicant || defendants.length > 0)
      return { applicant, defendant: defendants[0] ?? null, defendants };
  }
  return null;
}

function withoutMarkers(left: string): Parties | null {
  const lines = left.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (/^(?:v?vs?\.?|versus)$/i.test(line)) {
      const applicant = tidy(lastLine(lines.slice(Math.max(0, i - 3), i).join('\n')));
      if (!applicant || !isPersonName(applicant.replace(/,/g, ''))) continue;
      const defendants = defendantsAfter(lines.slice(i + 1, i + 12).join('\n'));
      return { applicant, defendant: defendants[0] ?? null, defendants };
    }
    const oneLine = /^([A-Z][A-Z'.,\- ]+?)\s+(?:VS?\.|v\.|vs\.)\s+(\S.*)$/.exec(line);
    if (oneLine && isPersonName((oneLine[1] ?? '').replace(/,/g, ''))) {
      const defendants = allParties(oneLine[2] ?? '');
      return { applicant: tidy(oneLine[1] ?? ''), defendant: defendants[0] ?? null, defendants };
    }
  }
  return null;
}

/** The applicant and first defendant of the document's caption, or null without a caption. */
export function fromCaption(text: string): Parties | null {
  const left = leftColumn(text);
  return withMarkers(left) ?? withoutMarkers(left);
}
