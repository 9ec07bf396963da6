/**
 * Applicant and defendant names. Sources, in order of trust:
 *   1. The caption (caption.ts): WCAB pleadings, orders, minutes of hearing.
 *   2. "Applicant:" / "Applicant Name:" / "Name of Applicant:" labels.
 *   3. A "RE: Maria Gonzalez v. Acme Warehousing Inc." line of a letter ("Case:" likewise).
 *   4. A PR-2 form's "Last GONZALEZ   First MARIA" line (read as "MARIA GONZALEZ"), and
 *      "Employee:", "Injured worker:", "Patient:", "Claimant:", "Examinee:" labels.
 *   5. "RE: Maria Gonzalez" alone, when it reads as a person's name.
 * Among 2-4 the earliest printed wins (they name the same person; the first is how the document
 * presents them), then 5, then a bare "Name:" holding a person's name (a DWC-1's employee section),
 * then the salutation of a letter sent to the worker's home ("Dear Guadalupe Pham:").
 * The defendant is the employer: the caption's first defendant, else the earliest of "Employer:",
 * "Defendant(s):" (first one) and the other side of a "RE:" / "Case:" line. The insurer is never
 * the defendant: a document that names only the carrier has no defendant. Names are returned as
 * printed, whitespace-normalised, without trailing commas or role words (", Employer").
 */
import { fromCaption, type Parties } from './caption';
import { cutAtNextField, valueAfter } from './labels';
import {
  allParties,
  endsLikeEntity,
  firstParty,
  isFirmName,
  isPersonName,
  readsAsName,
  tidy,
} from './names';
import { cleanText } from './ocr';

export type { Parties } from './caption';

const APPLICANT_LABEL =
  /(?<![A-Za-z])(?:Applicant(?:'s)?(?:\s+Name)?(?:\s*\([^)\n]{1,30}\))?|Name\s+of\s+Applicant)\s*:/gi;
const WORKER_LABEL =
  /(?<![A-Za-z])(?:Injured\s+(?:Worker|Employee)|Employee|Patient|Claimant|Examinee|Evaluee)(?:'s)?(?:\s+Name)?[.,]?(?:\s*\((?:Last|First)[^)\n]{0,30}\))?\s*:/gi;
/**
 * A bare "Name:" (a claim form's employee section, or the DWC-1's bilingual "1. Name. Nombre.");
 * only a person's name is taken from it.
 */
const NAME_LABEL =
  /(?<![A-Za-z])(?<!(?:Company|Contact|Facility|Provider|Practice|Firm|Business|Attorney|Adjuster|Doctor|Physician|Plan)\s)Name(?:\s*\((?:Last|First)[^)\n]{0,30}\))?(?:\s*:|\.\s*Nombre\s*[.:])/g;
const EMPLOYER_LABEL = /(?<![A-Za-z])(?:Employer(?:'s)?(?:\s+Name)?|Name\s+of\s+Employer)\s*:/gi;
/**
 * A bill's (CMS-1500) box 4, "INSURED'S NAME": on a workers' compensation bill the employer, whose
 * policy covers the claim. A person's "LAST, FIRST" there is a health plan's member, no defendant.
 */
const INSURED_LABEL = /(?<![A-Za-z])Insured['’]s\s+Name(?:\s*\([^)\n]*\))?\s*:/gi;
const DEFENDANT_LABEL = /(?<![A-Za-z])Defendants?(?:\(s\))?\s*:/gi;
/** Labels naming an insurer or claims administrator: defendants besides the employer. */
const INSURER_LABEL =
  /(?<![A-Za-z])(?:Insurance(?:\s+(?:Carrier|Company))?(?:\s+or\s+(?:self[- ]insured\s+)?(?:claims\s+)?administrator)?|Insurer(?:\s*\/\s*(?:Claims\s+)?Administrator)?|Carrier|(?:Third[- ]Party\s+|Claims\s+)Administrator|Claims\s+Admin\.?|TPA|Adjusting\s+Agency|Insurance\s+Plan\s+Name\s+or\s+Program|(?<=(?:Carrier|Insurer|Insurance|Employer)\s*:[^\n]*\n[ \t]*)Administrator)(?:'s)?(?:\s+Name)?\s*:/gi;
/** A form's "Claims Administrator Information" section, whose "Company Name:" is the administrator. */
const ADMIN_SECTION =
  /(?<![A-Za-z])(?:Claims\s+Administrator|Insurer)(?:\s+Information)?[ \t_~.,;'|:-]*\n(?:[^\n]*\n)?[^\n]*?(?<![A-Za-z])(?:Company\s+)?Name\s*:/gi;
/**
 * A claims examiner's signature naming the firm ("Claims Examiner, Summit Claims Services, Inc.",
 * or the firm on the next line): the insurer or administrator handling the claim, a defendant.
 */
const CLAIMS_SIGNER =
  /(?<![A-Za-z])(?:(?:Senior|Lead)\s+)?(?:Claims?\s+(?:Examiner|Adjuster|Representative|Specialist|Supervisor|Manager)|Adjuster|Examiner)[ \t]*(?:,[ \t]*|\n[ \t]*)([^\n]+)/g;
const PR2_NAME =
  /\bLast(?:\s+Name)?:?[ \t]+(\p{L}[\p{L}'-]*(?: \p{L}[\p{L}'-]*)?)[ \t]+First(?:\s+Name)?:?[ \t]+(\p{L}[\p{L}'-]*)/gu;
/** A letter's "RE:" line, or a proof of service's "Case: Maria Gonzalez v. Acme Inc." line. */
const RE_LINE = /(?<![A-Za-z])(?:RE|Re|Subject|Case(?:\s+Name)?|Matter|Caption)\s*:[ \t]*([^\n]*)/g;

/**
 * A party label opening a line whose colon OCR read as ";" ("Carrier; Westbrook Mutual"), read as
 * the label. Only at a line's start: in a sentence "the carrier; however" is no label.
 */
const LABEL_SEMICOLON =
  /^([ \t]*(?:Employer|Carrier|Insurer|Insurance\s+(?:Carrier|Company)|Claims\s+Administrator|Applicant|Employee|Injured\s+Worker|Patient|Defendants?)(?:'s)?(?:\s+Name)?);(?=[ \t])/gim;

/** A value found at a position in the text; the earliest printed one wins. */
interface Found {
  at: number;
  value: string;
}

function earliest(...found: Array<Found | null>): string | null {
  let best: Found | null = null;
  for (const f of found) if (f && (!best || f.at < best.at)) best = f;
  return best?.value ?? null;
}

function labelled(
  text: string,
  label: RegExp,
  accept: (value: string) => string | null,
): Found | null {
  for (const m of text.matchAll(label)) {
    const at = m.index ?? 0;
    const raw = valueAfter(text, at + m[0].length, at);
    const value = raw === '' ? null : accept(raw);
    if (value) return { at, value };
  }
  return null;
}

/**
 * A name box's value without the form's own words when a layout flattened them into it: "Last
 * Vo Jr., Maricel MI K" (a PR-2's Last / First / MI boxes) is "Vo Jr., Maricel K".
 */
const withoutBoxWords = (v: string) =>
  v
    .replace(/^\s*Last(?:\s+Name)?:?\s+(?=\p{Lu})/u, '')
    .replace(/\s+(?:M\.?\s?I\.?|Middle(?:\s+Initial)?):?(?=(?:\s+\p{Lu}\.?)?\s*$)/u, '');

const asName = (v: string) => tidy(withoutBoxWords(v.split('(')[0] ?? ''));
const asPerson = (v: string) => {
  const name = asName(v);
  return name && isPersonName(name.replace(/,/g, '')) ? name : null;
};

/** A worker label's value that is not an instruction: no lower-case word but a name particle. */
const asWorker = (v: string) => {
  const name = asName(v);
  return name && readsAsName(name) && !STARTS_AS_DATE.test(name) ? name : null;
};
/** A value that is a date ("October 3, 2024", "10/03/2024"), no name. */
const STARTS_AS_DATE =
  /^(?:\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}\b)/i;

/** "RE: Maria Gonzalez v. Acme Warehousing Inc.", "Case: Maria Gonzalez v. Acme Inc." */
function fromReVersus(text: string): {
  applicant: Found | null;
  defendant: Found | null;
  others: Found[];
} {
  for (const m of text.matchAll(RE_LINE)) {
    const at = m.index ?? 0;
    const line = cutAtNextField(m[1] ?? '');
    const parts = /^(.+?)\s+(?:vs?\.|versus|VS\.?)\s+(.+)$/.exec(line);
    if (!parts) continue;
    const left = (parts[1] ?? '').replace(RE_ROLE, '');
    const applicant = tidy(left);
    const others = allParties(parts[2] ?? '');
    const defendant = others[0] ?? null;
    if (applicant || defendant) {
      return {
        applicant: applicant ? { at, value: applicant } : null,
        defendant: defendant ? { at, value: defendant } : null,
        others: others.map((value) => ({ at, value })),
      };
    }
  }
  return { applicant: null, defendant: null, others: [] };
}

/**
 * A role before the worker's name on a RE line: "Re: Our client: Maria Gonzalez", or an e-mail's
 * reply mark ("Subject: RE: Maria Gonzalez - Claim # ...").
 */
const RE_ROLE =
  /^(?:(?:RE|FW|FWD)\s*:\s*)?(?:(?:Our\s+client|Client|Applicant|Employee|Injured\s+(?:worker|employee)|Claimant|Patient)\s*:\s*)?/i;

/** "RE:   Maria Gonzalez" in a report's header, only when it reads as a person's name. */
function fromReName(text: string): string | null {
  for (const m of text.matchAll(RE_LINE)) {
    // "RE: Maria Gonzalez - Claim # 123": the name ends at a spaced dash.
    const line = cutAtNextField((m[1] ?? '').replace(RE_ROLE, '')).split(/\s[-–—]+(?:\s|$)/)[0];
    const value = tidy(line ?? '');
    if (value && isPersonName(value.replace(/,/g, ''))) return value;
  }
  return null;
}

/**
 * A letter to the injured worker at home: "Dear Guadalupe Pham:" whose full name also stands alone
 * on an address block's first line (the next line a street number). Letters to attorneys and
 * adjusters say "Dear Counsel:" / "Dear Ms. Park:" or go to an office, and are not read.
 */
function fromSalutation(text: string): string | null {
  const m = /(?<![A-Za-z])Dear\s+(\p{Lu}[\p{L}'.-]*(?:\s+\p{Lu}[\p{L}'.-]*){1,4})\s*[:,]/u.exec(
    text,
  );
  const name = m ? tidy(m[1] ?? '') : null;
  if (!name || !isPersonName(name) || /^(?:Mr|Mrs|Ms|Dr|Miss)\.?\s/.test(name)) return null;
  const lines = text.slice(0, m?.index ?? 0).split('\n');
  for (let i = 0; i + 1 < lines.length; i += 1) {
    if ((lines[i] ?? '').trim() === name && /^\s*\d+\s+\S/.test(lines[i + 1] ?? '')) return name;
  }
  return null;
}

/** The first line of a claim's reference block under a letter's address ("Claim No.: 123"). */
const CLAIM_BLOCK_LINE =
  /^\s*[^\sA-Za-z0-9]{0,2}\s*(?:Claim\s*(?:No\.?|Number|#)|Employer|Date\s+of\s+Injury|DOI|Case\s*(?:No\.?|Number))\s*:/i;

/**
 * A notice mailed to the injured worker: the worker's name alone on the address line right above
 * the claim's reference block ("MARIA GONZALEZ" / "Claim Number: ..." / "Employer: ..."). An
 * address block to a firm or an office ends with a city line or a firm's name, never a person's.
 */
function fromAddressee(text: string): string | null {
  // OCR may set a blank line between the address line and the block; blank lines do not count.
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  for (let i = 0; i + 1 < lines.length; i += 1) {
    if (!CLAIM_BLOCK_LINE.test(lines[i + 1] ?? '')) continue;
    const name = tidy(lines[i] ?? '');
    if (name && !name.includes(':') && isPersonName(name.replace(/,/g, ''))) return name;
  }
  return null;
}

/** Every value of a label (each through `accept`), in order. */
function allLabelled(text: string, label: RegExp, accept: (value: string) => string[]): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(label)) {
    const at = m.index ?? 0;
    const raw = valueAfter(text, at + m[0].length, at);
    if (raw !== '') for (const value of accept(raw)) found.push({ at, value });
  }
  return found;
}

const nameKey = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * Every defendant: the caption's list, else the employer first and then the insurers, claims
 * administrators and other defendants the labels and a RE line name, in the order printed.
 */
function allDefendants(
  text: string,
  caption: Parties | null,
  employer: string | null,
  re: Found[],
): string[] {
  if (caption && caption.defendants.length > 0) return caption.defendants;
  const others = [
    ...allLabelled(text, DEFENDANT_LABEL, allParties),
    ...allLabelled(text, INSURER_LABEL, allParties),
    ...allLabelled(text, ADMIN_SECTION, allParties),
    ...claimsSigners(text),
    ...addressedInsurers(text),
    ...re,
  ].sort((a, b) => a.at - b.at);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const name of [...(employer ? [employer] : []), ...others.map((f) => f.value)]) {
    const key = nameKey(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/**
 * A claims office a letter or report is addressed to: the line after the date at the top, when an
 * insurer's or administrator's name ("State Compensation Insurance Fund", "Athens Administrators",
 * "Tristar Risk Management"), not a law firm.
 */
function addressedInsurers(text: string): Found[] {
  const lines = text.split('\n').slice(0, 16);
  const found: Found[] = [];
  let at = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (DATE_LINE.test(line)) {
      for (const next of lines.slice(i + 1, i + 3)) {
        const name = tidy(next);
        if (!name || !CLAIMS_OFFICE.test(name) || LAW_FIRM.test(name)) break;
        found.push({ at: at + line.length, value: name });
      }
      break;
    }
    at += (lines[i] ?? '').length + 1;
  }
  return found;
}
const DATE_LINE =
  /^(?:\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{1,2}-[A-Z][a-z]{2}-\d{2,4}|(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2},\s+\d{4})$/;
const CLAIMS_OFFICE =
  /\b(?:insurance|indemnity|casualty|mutual|compensation\s+fund|administrators|risk\s+management|claims\s+(?:services|management))\b/i;
const LAW_FIRM = /\b(?:attorneys?|law|LLP|APC|esq)\b/i;

/** The firms named by claims examiners' signatures. */
function claimsSigners(text: string): Found[] {
  const found: Found[] = [];
  for (const m of text.matchAll(CLAIMS_SIGNER)) {
    const firm = tidy(m[1] ?? '');
    if (firm && isFirmName(firm)) found.push({ at: m.index ?? 0, value: firm });
  }
  return found;
}

/** The insured on a bill when a firm: a firm's words or ending, or no "LAST, FIRST" comma. */
function insuredFirm(value: string): string | null {
  const party = firstParty(value);
  if (!party) return null;
  return isFirmName(party) || endsLikeEntity(party) || !party.includes(',') ? party : null;
}

function fromPr2(text: string): Found | null {
  for (const m of text.matchAll(PR2_NAME)) {
    const value = tidy(`${m[2] ?? ''} ${m[1] ?? ''}`);
    if (value) return { at: m.index ?? 0, value };
  }
  return null;
}

/**
 * Finds the applicant and the defendant (employer) in a document's text. A caption wins; else the
 * earliest labelled statement (a form's labels and a letter's RE block name the same people, and
 * the first is how the document presents them).
 */
export function findParties(text: string): Parties {
  const clean = cleanText(text).replace(LABEL_SEMICOLON, '$1:');
  const caption = fromCaption(clean);
  const re = fromReVersus(clean);
  const applicant =
    caption?.applicant ??
    fromPr2(clean)?.value ??
    earliest(
      labelled(clean, APPLICANT_LABEL, asName),
      re.applicant,
      // An "Employee:" label also heads a form's instructions ("Employee: Complete the ...").
      labelled(clean, WORKER_LABEL, asWorker),
    ) ??
    fromReName(clean) ??
    labelled(clean, NAME_LABEL, asPerson)?.value ??
    fromSalutation(clean) ??
    fromAddressee(clean);
  const defendant =
    caption?.defendant ??
    earliest(
      labelled(clean, EMPLOYER_LABEL, firstParty),
      labelled(clean, DEFENDANT_LABEL, firstParty),
      labelled(clean, INSURED_LABEL, insuredFirm),
      re.defendant,
    );
  return { applicant, defendant, defendants: allDefendants(clean, caption, defendant, re.others) };
}
