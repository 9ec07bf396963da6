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
  endsLikeEntity,
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

// OCR turns a caption's column rules, gaps and specks into stray ";", ":", "|", "-", "_" or a
// quote mark around the words, and may read a "v." as "Vv." (the stroke doubled) or "VS:".
const VS = /^[^A-Za-z0-9]*(?:v?vs?[.:,]?|versus|-\s*vs?\.?\s*-)(?=\s|$)/i;
/** A caption's right-hand column (the title) read onto the "vs." line by OCR. */
const TITLE_WORDS =
  /\b(?:declaration|service|notice|petition|application|answer|order|subpoena|deposition|objection|request|proof|motion|stipulations?|minutes|findings|award|compromise|release|lien|report|adjudication|decision|hearing|readiness|sanctions|penalties|disposition|costs|reconsideration|removal|production|compel|dismissal|conference|trial)\b/i;
/**
 * The end of a party line that is the right column's title going on, read onto the line without
 * the column gap (OCR closes up the gap, even into the last word: "STATE AND SANCTIONS (LAB. CODE
 * 5814)", "SEQUOIAAND DISPOSITION", "BEAR ORDER APPOINTING INTERPRETER"): a joining word or a title's
 * first word in capitals, then title words, no ";" and no firm's ending.
 */
const TITLE_TAIL =
  /(?:\s+(?:AND|OF|FOR|TO|ON|RE)|(?<=[A-Z]{3})AND)\s+[^;a-z]*$|\s+(?:ORDER|NOTICE|PETITION|REQUEST|DECLARATION|APPLICATION|ANSWER|MINUTES|FINDINGS|OBJECTION|STIPULATIONS?|COMPROMISE|MOTION|PROOF)\s+[^;a-z]*$/;
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

/** A label line's start ("APPEARANCES:", "Date of Injury:"). */
const LABEL_START = /^\s*\p{L}[\p{L}'’ ]{2,40}:/u;
const OCR_GAP = /\s[;:|](?=\s|$).*$/;
const APPLICANT_MARKER = /\b(?:Applicants?|APPLICANTS?)\b[ \t]*[,.;:]?/g;
/**
 * "Defendants." ending the parties: a role word before punctuation, an OCR speck, a gap or the
 * line's end, not prose ("Defendant to provide").
 */
const DEFENDANTS_MARKER =
  /\b(?:Defendants?|DEFENDANTS?|Respondents?|RESPONDENTS?)(?:\(s\))?(?=[ \t]*(?:[^\sA-Za-z]|$)|[ \t]{2,})[ \t]*[.,]?/m;

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
  // A speck OCR read at the left margin (".   Applicant,") is no column of its own.
  const parts = line.split(CAPTION_GAP).filter((s) => /[\p{L}0-9]/u.test(s));
  const first = parts[0] ?? '';
  const next = parts[1];
  if (
    next &&
    !/[,;.:]\s*$/.test(first) &&
    /^\p{Lu}[\p{L}'.-]*(?: \p{Lu}[\p{L}'.-]*)?[,;]$/u.test(next.trim())
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

/**
 * A long title word OCR glued onto a party's word when it closed up the column gap
 * ("HARBORLINEFINDINGS AND AWARD", "GoldenMINUTES Bear", "SPECIALTYPETITION INSURANCE CO."): no
 * firm's word ends in one of these, so the title word is taken out and the party's words stay.
 */
const GLUED_TITLE_WORD =
  /(?<=\p{L}{3})(?:FINDINGS|MINUTES|PETITION|ALLOWING|DECLARATION|APPLICATION|STIPULATIONS?|COMPROMISE|DEPOSITION|ADJUDICATION|OBJECTION|SUBPOENA|RECONSIDERATION|DISPOSITION|SANCTIONS|PENALTIES)(?=[\s,;]|$)/gu;

/**
 * A party line without the right column's title run onto its end: the title as the document
 * prints it elsewhere, else a joining word and title words.
 */
function withoutTitleTail(raw: string, titles: readonly string[]): string {
  const line = raw.replace(GLUED_TITLE_WORD, '');
  const printed = withoutPrintedTitle(line, titles);
  if (printed !== line) return printed;
  const m = TITLE_TAIL.exec(line);
  // Only a tail holding a title's word: a firm's "AND" ("SMITH AND SONS") stays.
  if (m && TITLE_WORDS.test(m[0]) && !/\b(?:inc|llc|corp|co|company|ltd)\.?[,;]?\s*$/i.test(m[0]))
    return line.slice(0, m.index);
  return line;
}

const words = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9' ]+/g, ' ')
    .trim()
    .split(/\s+/);

/**
 * A party line's last words (two or more) that the document prints elsewhere inside its title
 * ("REPUBLIC APPLICANT'S ATTENDANCE AT QME" beside "PETITION TO COMPEL APPLICANT'S ATTENDANCE
 * AT QME" in the running header) are the caption's right column, read on without its gap. The
 * title must not print them after the line's own first words (a party named in a title is kept).
 */
function withoutPrintedTitle(line: string, titles: readonly string[]): string {
  // Only the line's last party (after its last ";") can have the title run onto it.
  const start = line.lastIndexOf(';') + 1;
  const own = words(line.slice(start));
  if (own.length < 3) return line;
  for (let from = 1; from <= own.length - 2; from += 1) {
    const tail = ` ${own.slice(from).join(' ')} `;
    const before = own[from - 1];
    const printed = titles.some((title) => {
      const at = title.indexOf(tail);
      return at >= 0 && !title.slice(0, at + 1).endsWith(` ${before} `);
    });
    if (!printed) continue;
    // Cut the raw line at the tail's first word.
    const cut = line.toUpperCase().indexOf(own[from] ?? '', start);
    return cut > 0 ? line.slice(0, cut) : line;
  }
  return line;
}

/** The document's lines that read as titles (title words, no ";"), in words, spaced for search. */
export function titleLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => TITLE_WORDS.test(line) && !/;/.test(line))
    .map((line) => ` ${words(line).join(' ')} `);
}

/**
 * The parties' lines of a defendants block without interleaved right-column lines. `titled`: the
 * "vs." line held the right column's title, so the next lines may carry its continuation.
 */
function partyLines(block: string, titled: boolean, titles: readonly string[]): string {
  const kept: string[] = [];
  let titleSeen = titled;
  for (const raw of block.split('\n')) {
    // The title's continuation sits on the first lines after "vs.", beside the first parties.
    const partiesSoFar = kept.filter((k) => k.trim() !== '').length;
    const line = partiesSoFar < 3 && !isTitleLine(raw.trim()) ? withoutTitleTail(raw, titles) : raw;
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

/**
 * The defendants block after "vs.": up to "Defendants", else the next few non-blank lines.
 * `titleAbove`: the right column's title began on a line above "vs.", so words in capitals on the
 * "vs." line ("NOTICE OF TAKING DEPOSITION OF" / "vs.   APPLICANT") are its end.
 */
function defendantsAfter(afterVs: string, titles: readonly string[], titleAbove = false): string[] {
  const newline = afterVs.indexOf('\n');
  const rest = newline < 0 ? '' : afterVs.slice(newline);
  const onVsLine = newline < 0 ? afterVs : afterVs.slice(0, newline);
  // The rest of the "vs." line is the right column's title unless it reads as a party.
  const titleEnd =
    titleAbove && /^[\s\p{Lu}'-]+$/u.test(onVsLine) && onVsLine.trim().split(/\s+/).length <= 4;
  const titled =
    rest.trim() !== '' && ((TITLE_WORDS.test(onVsLine) && !/[;,]\s*$/.test(onVsLine)) || titleEnd);
  if (titled) afterVs = rest;
  const end = DEFENDANTS_MARKER.exec(afterVs.slice(0, 700));
  if (end) return allParties(partyLines(afterVs.slice(0, end.index), titled, titles));
  const lines = afterVs.replace(/^[ \t]*\n/, '').split('\n');
  const block: string[] = [];
  for (const line of lines) {
    if (line.trim() === '' || block.length >= 4) break;
    // A board form's parties end where its labels ("APPEARANCES:", "DATE OF INJURY:") or its
    // title begin.
    if (block.length > 0 && (LABEL_START.test(line) || isTitleLine(line.trim()))) break;
    block.push(line);
  }
  return allParties(partyLines(block.join('\n'), titled, titles));
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

function withMarkers(left: string, titles: readonly string[]): Parties | null {
  for (const m of left.matchAll(APPLICANT_MARKER)) {
    const at = m.index ?? 0;
    let rest = left.slice(at + m[0].length, at + m[0].length + 1200);
    // Right-column lines (a case number, a claim number, the title's first line) may sit
    // between "Applicant" and "vs.".
    let titleAbove = false;
    for (let skip = 0; skip < 3 && !VS.test(rest.slice(0, 80)); skip += 1) {
      const newline = rest.indexOf('\n');
      const line = newline < 0 ? rest : rest.slice(0, newline);
      const title = isTitleLine(line.trim()) && line === line.toUpperCase();
      // A line of specks only ("Applicant, * -") reads as blank.
      if (newline < 0 || (/[A-Za-z0-9]/.test(line) && !RIGHT_COLUMN.test(line) && !title)) break;
      titleAbove ||= title;
      rest = rest.slice(newline + 1);
    }
    const vs = VS.exec(rest.slice(0, 80));
    if (!vs) continue;
    const sameLine = left.slice(left.lastIndexOf('\n', at - 1) + 1, at);
    const above = left.slice(Math.max(0, at - 400), at);
    const applicant = applicantName(sameLine.trim() !== '' ? sameLine : lastLine(above));
    const defendants = defendantsAfter(rest.slice(vs[0].length), titles, titleAbove);
    if (applicant || defendants.length > 0)
      return { applicant, defendant: defendants[0] ?? null, defendants };
  }
  return null;
}

function withoutMarkers(left: string, titles: readonly string[]): Parties | null {
  const lines = left.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (/^(?:v?vs?\.?|versus)$/i.test(line)) {
      const applicant = tidy(lastLine(lines.slice(Math.max(0, i - 3), i).join('\n')));
      if (!applicant || !isPersonName(applicant.replace(/,/g, ''))) continue;
      const defendants = defendantsAfter(lines.slice(i + 1, i + 12).join('\n'), titles);
      return { applicant, defendant: defendants[0] ?? null, defendants };
    }
    const oneLine = /^(\p{Lu}[\p{Lu}'.,\- ]+?)\s+(?:VS?\.|v\.|vs\.)\s+(\p{L}.*)$/u.exec(line);
    if (oneLine && isPersonName((oneLine[1] ?? '').replace(/,/g, ''))) {
      const defendants = allParties(oneLine[2] ?? '');
      return { applicant: tidy(oneLine[1] ?? ''), defendant: defendants[0] ?? null, defendants };
    }
  }
  return null;
}

/** A right-column title part that breaks off on a small word or a possessive: its end is below. */
const DANGLING_TITLE = /\b(?:OF|TO|FOR|AND|ON|AT|RE|BY|IN|UNDER|WITH|PURSUANT|[A-Z]+['’]S)\s*$/;

/**
 * The caption without the lines that carry on a right-column title begun on the "vs." line but
 * printed flush left, alone on their line ("vs.   NOTICE OF TAKING DEPOSITION OF" / "APPLICANT",
 * "vs.   PURSUANT TO LABOR CODE SECTION" / "5710"): in capitals, no list punctuation, no firm's
 * ending, and either the title dangles or the party list's first line (ending ";") follows.
 */
export function withoutTitleContinuations(text: string): string {
  const lines = text.split('\n');
  const columns = (line: string) =>
    line
      .replace(/^(\s*)\d{1,2}(?=\s)/, '')
      .trim()
      .split(CAPTION_GAP)
      .filter((part) => part.trim() !== '');
  const dropped = new Set<number>();
  for (let i = 0; i < lines.length; i += 1) {
    const parts = columns(lines[i] ?? '');
    if (
      parts.length !== 2 ||
      !VS.test(parts[0] ?? '') ||
      /[A-Za-z]{3}/.test((parts[0] ?? '').replace(VS, ''))
    )
      continue;
    let title = (parts[1] ?? '').trim();
    if (/\p{Ll}/u.test(title)) continue;
    for (let j = i + 1; j < Math.min(lines.length, i + 4); j += 1) {
      const own = columns(lines[j] ?? '');
      const line = (own[0] ?? '').trim();
      const next = (columns(lines[j + 1] ?? '')[0] ?? '').trim();
      const continues =
        own.length === 1 &&
        !/\p{Ll}/u.test(line) &&
        !/[;,.]$/.test(line) &&
        line.split(/\s+/).length <= 7 &&
        !endsLikeEntity(line) &&
        !RIGHT_COLUMN.test(line) &&
        (DANGLING_TITLE.test(title) || next.endsWith(';'));
      if (!continues) break;
      dropped.add(j);
      title = line;
    }
  }
  return dropped.size === 0 ? text : lines.filter((_, i) => !dropped.has(i)).join('\n');
}

/** The applicant and first defendant of the document's caption, or null without a caption. */
export function fromCaption(text: string): Parties | null {
  const left = leftColumn(withoutTitleContinuations(text));
  const titles = titleLines(text);
  return withMarkers(left, titles) ?? withoutMarkers(left, titles);
}
