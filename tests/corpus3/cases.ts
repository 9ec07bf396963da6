/**
 * Cases: the firm's case list (CaseCandidate, what the matcher sees) and the fuller profile a
 * document draws on (employer, carriers, claim numbers, doctors). A profile is derived from a
 * candidate alone, seeded by its case id, so a bundle can be made for any list of candidates.
 */
import type { CaseCandidate, InjuryDate } from '../../src/server/pipeline/types';
import { Rng, hashString } from './rng';
import * as D from './data';
import { addDays, fullName, iso, parseIso, type Ymd } from './formats';

export interface CaseProfile {
  /** The listed case this is, or null for a case the firm does not have (unlisted). */
  caseId: string | null;
  applicant: D.PersonName;
  employer: string;
  insurer: string | null;
  administrator: string | null;
  adj: string | null;
  claims: string[];
  doi: InjuryDate;
  bodyParts: string[];
  occupation: string;
  applicantFirm: string;
  defenseFirm: string;
  ptp: { name: string; spec: string };
  clinic: string;
  adjuster: string;
  office: (typeof D.WCAB_OFFICES)[number];
  judge: string;
  /** Another listed case of the same worker (a second injury), for consolidated captions. */
  sibling: CaseProfile | null;
}

/** One of several carrier claim-number styles. */
export function claimNumber(rng: Rng): string {
  switch (rng.int(0, 6)) {
    case 0:
      return `${rng.digits(11)}-0001`; // administrator style, with a feature suffix
    case 1:
      return rng.digits(8); // state-fund style
    case 2:
      return `${rng.letters(2)}${rng.digits(2)}W${rng.digits(7)}`;
    case 3:
      return `WC-${rng.digits(3)}-${rng.digits(6)}`;
    case 4:
      return `${rng.digits(3)}${rng.letters(2)}${rng.digits(6)}`;
    case 5:
      return `${rng.digits(2)}-${rng.digits(5)}-${rng.digits(2)}`;
    default:
      return `0${rng.digits(9)}-${rng.letters(3)}`;
  }
}

export function adjNumber(rng: Rng): string {
  return `ADJ${rng.int(1, 9)}${rng.digits(rng.chance(0.3) ? 6 : 7)}`;
}

function personName(rng: Rng): D.PersonName {
  return {
    first: rng.pick(D.FIRST_NAMES),
    middle: rng.chance(0.55) ? rng.letters(1) : null,
    last: rng.pick(D.LAST_NAMES),
    suffix: rng.chance(0.07) ? rng.pick(D.SUFFIXES) : null,
  };
}

/** Parses "First M. Last Jr." back into parts (the inverse of fullName). */
function parseName(s: string): D.PersonName {
  const words = s.trim().split(/\s+/);
  const suffix = D.SUFFIXES.includes(words[words.length - 1] ?? '') ? (words.pop() ?? null) : null;
  const first = words.shift() ?? 'Unknown';
  let middle: string | null = null;
  if (words.length > 1 && /^[A-Z]\.$/.test(words[0] ?? ''))
    middle = (words.shift() ?? 'X')[0] ?? null;
  return { first, middle, last: words.join(' ') || 'Doe', suffix };
}

/** The details a candidate does not hold, from its id's hash: same id, same details. */
type Details = Omit<
  CaseProfile,
  'caseId' | 'applicant' | 'employer' | 'adj' | 'claims' | 'sibling'
>;

function details(rng: Rng, doi: InjuryDate): Details {
  const insurer = rng.chance(0.85) ? rng.pick(D.INSURERS) : null;
  const administrator = !insurer || rng.chance(0.5) ? rng.pick(D.ADMINISTRATORS) : null;
  const parts = rng.shuffle(D.BODY_PARTS).slice(0, rng.int(1, 4));
  return {
    insurer,
    administrator,
    doi,
    bodyParts: parts,
    occupation: rng.pick(D.OCCUPATIONS),
    applicantFirm: rng.pick(D.APPLICANT_FIRMS),
    defenseFirm: rng.pick(D.DEFENSE_FIRMS),
    ptp: rng.pick(D.DOCTORS),
    clinic: rng.pick(D.CLINICS),
    adjuster: rng.pick(D.ADJUSTERS),
    office: rng.pick(D.WCAB_OFFICES),
    judge: rng.pick(D.JUDGES),
  };
}

/**
 * The injury drawn from a case's own stream: a day, or a cumulative period ending on that day.
 * `given` is the candidate's date of injury (the period's start), which wins when present.
 */
function injuryOf(h: Rng, given: string | null): InjuryDate {
  const ct = h.chance(0.35);
  const last: Ymd = { y: h.int(2018, 2024), m: h.int(1, 12), d: h.int(1, 28) };
  const span = h.int(300, 1500);
  const start = given ? parseIso(given) : ct ? addDays(last, -span) : last;
  return ct
    ? { start: iso(start), end: iso(addDays(start, span)), cumulativeTrauma: true }
    : { start: iso(start), cumulativeTrauma: false };
}

/** The case list for a firm: about one in five workers has two cases (two injuries). */
export function generateCases3(seed: number, count: number): CaseCandidate[] {
  const rng = new Rng(seed ^ 0x5eed3);
  const out: CaseCandidate[] = [];
  while (out.length < count) {
    const person = personName(rng);
    const employer = rng.pick(D.EMPLOYERS);
    const injuries = out.length + 1 < count && rng.chance(0.2) ? 2 : 1;
    for (let k = 0; k < injuries; k++) {
      const caseId = `c3-${seed}-${out.length + 1}`;
      const doi = injuryOf(new Rng(hashString(caseId)), null);
      const adj = rng.chance(0.85) ? adjNumber(rng) : null;
      const primary = claimNumber(rng);
      out.push({
        caseId,
        caseNumber: adj ?? `WC-${rng.int(2019, 2025)}-${rng.digits(4)}`,
        name: `${person.last} v. ${employer.short}`,
        clientName: fullName(person),
        eamsNumber: adj,
        wcabNumber: null,
        primaryNumber: primary,
        alternateNumber: rng.chance(0.3) ? claimNumber(rng) : null,
        dateOfInjury: doi.start,
        dateOfIncident: null,
      });
    }
  }
  return out;
}

/** The profile behind a listed case (sibling links are made by the bundle, which sees the list). */
export function profileOf(c: CaseCandidate): CaseProfile {
  const h = new Rng(hashString(c.caseId));
  const doi = injuryOf(h, c.dateOfInjury);
  const short = c.name?.split(' v. ')[1]?.trim();
  const known = D.EMPLOYERS.find((e) => e.short === short);
  const employer = known?.name ?? short ?? h.pick(D.EMPLOYERS).name;
  const claims = [c.primaryNumber, c.alternateNumber].filter((x): x is string => !!x);
  return {
    caseId: c.caseId,
    applicant: c.clientName ? parseName(c.clientName) : personName(h),
    employer,
    adj: c.eamsNumber ? `ADJ${c.eamsNumber.replace(/\D/g, '')}` : null,
    claims: claims.length ? claims : [claimNumber(h)],
    sibling: null,
    ...details(h, doi),
  };
}

/** A case the firm does not have: it appears in mail but matches nothing (truth caseId null). */
export function unlistedProfile(rng: Rng): CaseProfile {
  const doi = injuryOf(rng, null);
  return {
    caseId: null,
    applicant: personName(rng),
    employer: rng.pick(D.EMPLOYERS).name,
    adj: rng.chance(0.8) ? adjNumber(rng) : null,
    claims: [claimNumber(rng)],
    sibling: null,
    ...details(rng, doi),
  };
}

/** Links listed cases of the same worker, so some documents carry both in one caption. */
export function linkSiblings(profiles: CaseProfile[]): void {
  for (const p of profiles) {
    const twin = profiles.find(
      (q) =>
        q !== p && fullName(q.applicant) === fullName(p.applicant) && q.employer === p.employer,
    );
    if (twin && twin.adj && p.adj) p.sibling = twin;
  }
}
