/**
 * Cases for the second generator: the firm's case list as the matcher sees it (CaseCandidate) and
 * the facts a document prints about a case: the applicant's name parts, the employer, every
 * insurer and claims administrator, claim numbers, the ADJ number and a specific or
 * cumulative-trauma date of injury. Facts are derived from a candidate and its id alone, so a
 * bundle given the same case list prints the same parties.
 */
import type { CaseCandidate, InjuryDate } from '../../src/server/pipeline/types';
import { Rng2, labelHash } from './rng';
import {
  ADMINISTRATORS,
  APPLICANT_FIRMS,
  DEFENSE_FIRMS,
  EMPLOYERS,
  FIRST_NAMES,
  INSURERS,
  LAST_NAMES,
  MIDDLE_INITIALS,
  WCAB_OFFICES,
} from './pools';

export interface CaseFacts2 {
  /** The firm's case id, or null for a case the firm does not have. */
  caseId: string | null;
  first: string;
  middle: string | null;
  last: string;
  employer: string;
  /** Insurers and claims administrators after the employer, in caption order. */
  carriers: string[];
  claimNumbers: string[];
  adj: string | null;
  injury: InjuryDate;
  office: string;
  applicantFirm: string;
  defenseFirm: string;
}

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

function drawInjury(rng: Rng2): InjuryDate {
  const year = rng.int(2016, 2024);
  const start = iso(year, rng.int(1, 12), rng.int(1, 28));
  if (!rng.chance(0.35)) return { start, cumulativeTrauma: false };
  const endYear = Math.min(2025, year + rng.int(1, 4));
  return { start, end: iso(endYear, rng.int(1, 12), rng.int(1, 28)), cumulativeTrauma: true };
}

/** Claim numbers in several carriers' house styles. */
export function drawClaimNumber(rng: Rng2): string {
  switch (rng.int(0, 5)) {
    case 0:
      return `${rng.digits(2)}-${rng.digits(6)}-WC-${rng.digits(2)}`;
    case 1:
      return `${rng.letters(1)}${rng.digits(2)}${rng.letters(1)}${rng.digits(5)}`;
    case 2:
      return `0${rng.digits(7)}-00${rng.int(1, 4)}`;
    case 3:
      return `WC${rng.digits(9)}`;
    case 4:
      return `${rng.letters(3)}-${rng.digits(4)}-${rng.digits(5)}`;
    default:
      return `${rng.digits(4)}${rng.letters(2)}${rng.digits(4)}`;
  }
}

function drawFacts(rng: Rng2, caseId: string | null): CaseFacts2 {
  const carriers: string[] = [];
  const insurer = rng.pick(INSURERS);
  carriers.push(insurer);
  if (rng.chance(0.55)) carriers.push(rng.pick(ADMINISTRATORS));
  if (rng.chance(0.12)) {
    const second = rng.pick(INSURERS);
    if (second !== insurer) carriers.push(second);
  }
  const claimNumbers = [drawClaimNumber(rng)];
  if (carriers.length > 2 && rng.chance(0.6)) claimNumbers.push(drawClaimNumber(rng));
  return {
    caseId,
    first: rng.pick(FIRST_NAMES),
    middle: rng.chance(0.6) ? rng.pick(MIDDLE_INITIALS) : null,
    last: rng.pick(LAST_NAMES),
    employer: rng.pick(EMPLOYERS),
    carriers,
    claimNumbers,
    adj: rng.chance(0.92) ? `ADJ${rng.int(10000000, 19999999)}` : null,
    injury: drawInjury(rng),
    office: rng.pick(WCAB_OFFICES),
    applicantFirm: rng.pick(APPLICANT_FIRMS),
    defenseFirm: rng.pick(DEFENSE_FIRMS),
  };
}

const injuryText = (d: InjuryDate) => (d.end ? `${d.start} - ${d.end}` : d.start);

function toCandidate(f: CaseFacts2, fileNo: string): CaseCandidate {
  return {
    caseId: f.caseId ?? '',
    caseNumber: fileNo,
    name: `${f.last}, ${f.first} v. ${f.employer}`,
    clientName: f.middle ? `${f.first} ${f.middle}. ${f.last}` : `${f.first} ${f.last}`,
    eamsNumber: f.adj,
    wcabNumber: null,
    primaryNumber: f.claimNumbers[0] ?? null,
    alternateNumber: f.claimNumbers[1] ?? null,
    dateOfInjury: injuryText(f.injury),
    dateOfIncident: null,
  };
}

/** The firm's case list: `count` cases, reproducible from the seed. */
export function generateCases2(seed: number, count: number): CaseCandidate[] {
  const out: CaseCandidate[] = [];
  for (let i = 0; i < count; i += 1) {
    const caseId = `g2-${seed}-${i + 1}`;
    const facts = drawFacts(new Rng2(labelHash(caseId)), caseId);
    out.push(toCandidate(facts, `LD-${String(seed % 100).padStart(2, '0')}-${4000 + i}`));
  }
  return out;
}

/**
 * The facts of a listed case: the parties are drawn from its id (so the same list always prints
 * the same employer and carriers), the name, numbers and date of injury are the candidate's own.
 */
export function factsOf(c: CaseCandidate): CaseFacts2 {
  const drawn = drawFacts(new Rng2(labelHash(c.caseId)), c.caseId);
  const words = (c.clientName ?? `${drawn.first} ${drawn.last}`).split(' ').filter(Boolean);
  const first = words[0] ?? drawn.first;
  const hasMiddle = words.length > 2 && /^[A-Z]\.$/.test(words[1] ?? '');
  const last = words.slice(hasMiddle ? 2 : 1).join(' ') || drawn.last;
  const [start, end] = (c.dateOfInjury ?? '').split(' - ');
  return {
    ...drawn,
    first,
    middle: hasMiddle ? (words[1] ?? '').slice(0, 1) : null,
    last,
    adj: c.eamsNumber,
    claimNumbers: [c.primaryNumber, c.alternateNumber].filter((v): v is string => !!v),
    injury: start ? { start, ...(end ? { end } : {}), cumulativeTrauma: !!end } : drawn.injury,
  };
}

/** A case the firm does not have (caseId null). */
export function unlistedFacts(rng: Rng2): CaseFacts2 {
  return drawFacts(rng.fork('unlisted'), null);
}
