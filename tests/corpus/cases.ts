/**
 * The firm's cases as the matcher sees them (CaseCandidate), and the richer facts behind each case
 * that documents print (employer, carrier, adjuster, physicians, attorneys, body parts). Facts
 * other than the candidate's own fields are derived from the caseId alone, so a bundle generator
 * given only CaseCandidate[] recreates the same facts the case list was made from.
 */
import type { CaseCandidate, InjuryDate } from '../../src/server/pipeline/types';
import { Rng, hashString } from './rng';
import {
  type Address,
  type Person,
  type Physician,
  addDays,
  fakeAddress,
  fakeAdj,
  fakeClaimNumber,
  fakePerson,
  fakePhone,
  fakePhysician,
  fakeUuid,
  fakeWcab,
  fullName,
  randomDate,
} from './fakes';
import { CARRIERS, EMPLOYERS, JOB_TITLES, SPECIALTIES } from './data/people';
import { LAW_FIRMS } from './data/legal';
import { BODY_PARTS, MECHANISMS, type BodyPart } from './data/medical';
import { DISTRICT_OFFICES, type DistrictOffice } from './data/places';

export interface Carrier {
  name: string;
  style: string;
  city: string;
}

export interface CaseFacts {
  caseId: string;
  applicant: Person;
  applicantAddress: Address;
  dateOfBirth: string;
  employer: string;
  employerAddress: Address;
  jobTitle: string;
  carrier: Carrier;
  carrierAddress: Address;
  adjuster: Person;
  adjusterPhone: string;
  claimNumber: string | null;
  altClaimNumber: string | null;
  adj: string | null;
  wcab: string | null;
  office: DistrictOffice;
  injury: InjuryDate;
  dateOfIncident: string | null;
  bodyParts: BodyPart[];
  mechanism: string;
  applicantFirm: string;
  applicantAttorney: Person;
  applicantFirmAddress: Address;
  defenseFirm: string;
  defenseAttorney: Person;
  defenseFirmAddress: Address;
  ptp: Physician;
  qme: Physician;
  ame: Physician;
  firmFileNo: string;
}

/** Formats a case's date of injury for CaseCandidate: ISO, or "start - end" for cumulative trauma. */
export function candidateInjury(injury: InjuryDate): string {
  return injury.cumulativeTrauma && injury.end ? `${injury.start} - ${injury.end}` : injury.start;
}

/** Draws every fact of a case from its caseId. */
export function deriveFacts(caseId: string): CaseFacts {
  const rng = new Rng(hashString(caseId));
  const era = rng.weighted<'legacy' | 'early' | 'modern'>([
    ['legacy', 5],
    ['early', 12],
    ['modern', 83],
  ]);
  const doiFrom = era === 'legacy' ? '2000-01-01' : era === 'early' ? '2008-06-01' : '2014-01-01';
  const doiTo = era === 'legacy' ? '2007-12-31' : era === 'early' ? '2012-12-31' : '2025-06-30';
  const cumulative = rng.chance(0.35);
  const end = randomDate(rng, doiFrom, doiTo);
  const injury: InjuryDate = cumulative
    ? { start: addDays(end, -rng.int(365, 365 * 9)), end, cumulativeTrauma: true }
    : { start: end, cumulativeTrauma: false };
  const year = Number(end.slice(0, 4));
  const office = rng.pick(DISTRICT_OFFICES);
  const carrier = rng.pick(CARRIERS);
  const [employer, industry] = rng.pick(EMPLOYERS);
  const applicantFirm = rng.pick(LAW_FIRMS.filter(([, side]) => side === 'applicant'))[0];
  const defenseFirm = rng.pick(LAW_FIRMS.filter(([, side]) => side === 'defense'))[0];
  const hasAdj = era !== 'modern' || rng.chance(0.92);
  const adjYear = era === 'legacy' ? 2009 : year;
  const parts = rng.sample(BODY_PARTS, rng.int(1, 4));
  const qmeSpecialty = rng.pick(SPECIALTIES).name;
  return {
    caseId,
    applicant: fakePerson(rng),
    applicantAddress: fakeAddress(rng),
    dateOfBirth: randomDate(rng, '1958-01-01', '2001-12-31'),
    employer,
    employerAddress: fakeAddress(rng),
    jobTitle: rng.pick(JOB_TITLES[industry] ?? ['laborer']),
    carrier,
    carrierAddress: fakeAddress(rng),
    adjuster: fakePerson(rng),
    adjusterPhone: fakePhone(rng),
    claimNumber: rng.chance(0.97) ? fakeClaimNumber(rng, carrier.style, year) : null,
    altClaimNumber: rng.chance(0.15) ? fakeClaimNumber(rng, rng.pick(CARRIERS).style, year) : null,
    adj: hasAdj ? fakeAdj(rng, adjYear) : null,
    wcab: era === 'legacy' ? fakeWcab(rng, office.code, year) : null,
    office,
    injury,
    dateOfIncident: cumulative ? null : injury.start,
    bodyParts: parts,
    mechanism: rng.pick(cumulative ? (MECHANISMS.cumulative ?? []) : (MECHANISMS.specific ?? [])),
    applicantFirm,
    applicantAttorney: fakePerson(rng),
    applicantFirmAddress: fakeAddress(rng),
    defenseFirm,
    defenseAttorney: fakePerson(rng),
    defenseFirmAddress: fakeAddress(rng),
    ptp: fakePhysician(rng, rng.pick(['Orthopaedic Surgery', 'Chiropractic', 'Pain Medicine'])),
    qme: fakePhysician(rng, qmeSpecialty),
    ame: fakePhysician(rng, qmeSpecialty),
    firmFileNo: `${String(year % 100).padStart(2, '0')}-${rng.digits(5)}`,
  };
}

export function caseName(f: CaseFacts): string {
  return `${fullName(f.applicant)} v. ${f.employer}`;
}

export function toCandidate(f: CaseFacts): CaseCandidate {
  return {
    caseId: f.caseId,
    caseNumber: `WC-${f.firmFileNo}`,
    name: caseName(f),
    clientName: fullName(f.applicant),
    eamsNumber: f.adj,
    wcabNumber: f.wcab,
    primaryNumber: f.claimNumber,
    alternateNumber: f.altClaimNumber,
    dateOfInjury: candidateInjury(f.injury),
    dateOfIncident: f.dateOfIncident,
  };
}

function parsePerson(name: string): Person {
  const parts = name.trim().split(/\s+/);
  const first = parts[0] ?? name;
  if (parts.length >= 3 && /^[A-Z]\.$/.test(parts[1] ?? '')) {
    return { first, middle: parts[1] ?? null, last: parts.slice(2).join(' ') };
  }
  return { first, middle: null, last: parts.slice(1).join(' ') || first };
}

function parseInjury(text: string): InjuryDate | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:\s*-\s*(\d{4}-\d{2}-\d{2}))?$/.exec(text.trim());
  if (!m?.[1]) return null;
  return m[2]
    ? { start: m[1], end: m[2], cumulativeTrauma: true }
    : { start: m[1], cumulativeTrauma: false };
}

/** Rebuilds a case's facts from a candidate: its own fields win over the derived ones. */
export function factsFromCandidate(c: CaseCandidate): CaseFacts {
  const f = deriveFacts(c.caseId);
  if (c.clientName) f.applicant = parsePerson(c.clientName);
  const employer = c.name?.split(' v. ')[1];
  if (employer) f.employer = employer;
  f.adj = c.eamsNumber;
  f.wcab = c.wcabNumber;
  f.claimNumber = c.primaryNumber;
  f.altClaimNumber = c.alternateNumber;
  const injury = c.dateOfInjury ? parseInjury(c.dateOfInjury) : null;
  if (injury) f.injury = injury;
  f.dateOfIncident = c.dateOfIncident;
  if (c.caseNumber?.startsWith('WC-')) f.firmFileNo = c.caseNumber.slice(3);
  return f;
}

/** A case that is not in the firm's list: same shape, different id. */
export function unlistedFacts(rng: Rng): CaseFacts {
  return deriveFacts(`unlisted-${fakeUuid(rng)}`);
}

/**
 * The company's cases. About one applicant in seven has a companion case (same applicant and
 * employer, another injury, another ADJ number), as California files often do.
 */
export function generateCases(seed: number, count: number): CaseCandidate[] {
  const rng = new Rng(seed).fork('cases');
  const out: CaseFacts[] = [];
  for (let i = 0; i < count; i++) {
    const f = deriveFacts(fakeUuid(rng));
    const base = out[out.length - 1];
    if (base && rng.chance(0.15)) {
      f.applicant = base.applicant;
      f.employer = base.employer;
    }
    out.push(f);
  }
  return out.map(toCandidate);
}
