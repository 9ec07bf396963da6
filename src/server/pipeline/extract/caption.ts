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
  firstParty,
  isPersonName,
  nameAtEnd,
  tidy,
} from './names';

export interface Parties {
  applicant: string | null;
  defendant: string | null;
}

// OCR turns a caption's column rules and gaps into stray ";", ":", "|", "-" or "_" around the
// words, and may read a "v." as "Vv." (the stroke doubled).
const VS = /^[\s;:|.,_~-]*(?:v?vs?\.?|versus|-\s*vs?\.?\s*-)(?=\s|$)/i;
/** A caption's right-hand column (the title) read onto the "vs." line by OCR. */
const TITLE_WORDS =
  /\b(?:declaration|service|notice|petition|application|answer|order|subpoena|deposition|objection|request|proof|motion|stipulations?|minutes|findings|award|compromise|release|lien|report|adjudication|decision|hearing|readiness)\b/i;
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

/** The nearest non-blank line among the last three of `before`. */
function lastLine(before: string): string {
  const lines = before.split('\n');
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 3; i -= 1) {
    const line = lines[i] ?? '';
    if (line.trim() !== '') return line;
  }
  return '';
}

/** The defendants block after "vs.": up to "Defendants", else the next few non-blank lines. */
function defendantsAfter(afterVs: string): string | null {
  const newline = afterVs.indexOf('\n');
  const rest = newline < 0 ? '' : afterVs.slice(newline);
  const onVsLine = newline < 0 ? afterVs : afterVs.slice(0, newline);
  // The rest of the "vs." line is the right column's title unless it reads as a party.
  if (rest.trim() !== '' && TITLE_WORDS.test(onVsLine) && !/[;,]\s*$/.test(onVsLine)) {
    afterVs = rest;
  }
  const end = DEFENDANTS_MARKER.exec(afterVs.slice(0, 700));
  if (end) return firstParty(afterVs.slice(0, end.index));
  const lines = afterVs.replace(/^[ \t]*\n/, '').split('\n');
  const block: string[] = [];
  for (const line of lines) {
    if (line.trim() === '' || block.length >= 4) break;
    block.push(line);
  }
  return firstParty(block.join('\n'));
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
    const rest = left.slice(at + m[0].length, at + m[0].length + 1200);
    const vs = VS.exec(rest.slice(0, 80));
    if (!vs) continue;
    const sameLine = left.slice(left.lastIndexOf('\n', at - 1) + 1, at);
    const above = left.slice(Math.max(0, at - 400), at);
    const applicant = applicantName(sameLine.trim() !== '' ? sameLine : lastLine(above));
    const defendant = defendantsAfter(rest.slice(vs[0].length));
    if (applicant || defendant) return { applicant, defendant };
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
      return { applicant, defendant: defendantsAfter(lines.slice(i + 1, i + 12).join('\n')) };
    }
    const oneLine = /^([A-Z][A-Z'.,\- ]+?)\s+(?:VS?\.|v\.|vs\.)\s+(\S.*)$/.exec(line);
    if (oneLine && isPersonName((oneLine[1] ?? '').replace(/,/g, ''))) {
      return { applicant: tidy(oneLine[1] ?? ''), defendant: firstParty(oneLine[2] ?? '') };
    }
  }
  return null;
}

/** The applicant and first defendant of the document's caption, or null without a caption. */
export function fromCaption(text: string): Parties | null {
  const left = leftColumn(text);
  return withMarkers(left) ?? withoutMarkers(left);
}
