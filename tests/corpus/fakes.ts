/**
 * Fake values in the shapes California workers' compensation paper prints them: people, addresses,
 * phone numbers, ADJ and legacy WCAB numbers, carrier-style claim numbers, and dates in the several
 * formats documents use (the truth always keeps ISO yyyy-mm-dd).
 */
import { type Rng } from './rng';
import { FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, SPECIALTIES, CLINIC_NAMES } from './data/people';
import { CITIES, STREET_NAMES, AREA_CODES } from './data/places';

export interface Person {
  first: string;
  middle: string | null;
  last: string;
}

export interface Address {
  street: string;
  city: string;
  zip: string;
}

export interface Physician {
  name: string;
  degree: string;
  specialty: string;
  clinic: string;
  address: Address;
  phone: string;
}

export function fakePerson(rng: Rng): Person {
  return {
    first: rng.pick(FIRST_NAMES),
    middle: rng.chance(0.3) ? rng.pick(MIDDLE_INITIALS) : null,
    last: rng.pick(LAST_NAMES),
  };
}

export function fullName(p: Person): string {
  return p.middle ? `${p.first} ${p.middle} ${p.last}` : `${p.first} ${p.last}`;
}

export function fakeAddress(rng: Rng): Address {
  const [city, zip3] = rng.pick(CITIES);
  const suite = rng.chance(0.4) ? `, Suite ${rng.int(1, 9)}${rng.digits(2)}` : '';
  return {
    street: `${rng.int(100, 19999)} ${rng.pick(STREET_NAMES)}${suite}`,
    city,
    zip: `${zip3}${rng.digits(2)}`,
  };
}

export function addressLines(a: Address): [string, string] {
  return [a.street, `${a.city}, CA ${a.zip}`];
}

export function fakePhone(rng: Rng): string {
  return `(${rng.pick(AREA_CODES)}) ${rng.int(200, 989)}-${rng.digits(4)}`;
}

export function fakePhysician(rng: Rng, specialty?: string): Physician {
  const spec = specialty
    ? (SPECIALTIES.find((s) => s.name === specialty) ?? rng.pick(SPECIALTIES))
    : rng.pick(SPECIALTIES);
  const p = fakePerson(rng);
  return {
    name: `${p.first} ${p.last}`,
    degree: spec.degree,
    specialty: spec.name,
    clinic: rng.pick(CLINIC_NAMES),
    address: fakeAddress(rng),
    phone: fakePhone(rng),
  };
}

/** An EAMS case number: ADJ + 7 digits (cases opened 2008-2013) or 8 digits (later). */
export function fakeAdj(rng: Rng, injuryYear: number): string {
  if (injuryYear < 2013) return `ADJ${rng.int(1000000, 9999999)}`;
  return `ADJ${rng.int(10000000, 19999999)}`;
}

/** A legacy WCAB number, normalised "LAO 0812345": office code and 7 digits. */
export function fakeWcab(rng: Rng, officeCode: string, injuryYear: number): string {
  const yy = String(injuryYear % 100).padStart(2, '0');
  return `${officeCode} ${yy}${rng.digits(5)}`;
}

/** A claim number in the style of the carrier or administrator that issued it. */
export function fakeClaimNumber(rng: Rng, style: string, year: number): string {
  const yy = String(year % 100).padStart(2, '0');
  switch (style) {
    case 'scif':
      return `0${rng.digits(7)}`;
    case 'zenith':
      return `${yy}C${rng.digits(6)}`;
    case 'travelers':
      return `${rng.letter()}${rng.digits(1)}${rng.letter()}${rng.digits(4)}`;
    case 'sedgwick':
      return `30${rng.digits(11)}-0001`;
    case 'gallagher':
      return `${rng.digits(6)}-${rng.digits(6)}-WC-01`;
    case 'icw':
      return `${rng.digits(7)}`;
    case 'liberty':
      return `WC${rng.digits(3)}-${rng.letter()}${rng.digits(5)}-01`;
    case 'employers':
      return `EIG${year}${rng.digits(6)}`;
    case 'corvel':
      return `CA${rng.digits(7)}`;
    case 'aig':
      return `${rng.digits(9)}-001`;
    case 'republic':
      return `RI-${rng.digits(7)}`;
    case 'intercare':
      return `${yy}-${rng.digits(5)}`;
    case 'athens':
      return `ATH${rng.digits(8)}`;
    default:
      return `${yy}${rng.letter()}${rng.letter()}${rng.digits(6)}`;
  }
}

/** A UUID-shaped identifier drawn from the generator (not a real v4 UUID source). */
export function fakeUuid(rng: Rng): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

// ---- dates ---------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function isoFromDays(days: number): string {
  return new Date(days * DAY_MS).toISOString().slice(0, 10);
}

export function daysFromIso(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

export function addDays(iso: string, n: number): string {
  return isoFromDays(daysFromIso(iso) + n);
}

/** A random ISO date between two ISO dates, inclusive. */
export function randomDate(rng: Rng, from: string, to: string): string {
  return isoFromDays(rng.int(daysFromIso(from), daysFromIso(to)));
}

/** A business day (Mon-Fri) on or after the given ISO date. */
export function weekday(iso: string): string {
  let d = daysFromIso(iso);
  // 1970-01-01 was a Thursday: day 0 -> 4.
  while ((d + 4) % 7 === 0 || (d + 4) % 7 === 6) d++;
  return isoFromDays(d);
}

export type DateStyle = 'us' | 'us-short' | 'long' | 'dash';

export function formatDate(iso: string, style: DateStyle): string {
  const [y, m, d] = iso.split('-');
  const mm = m ?? '01';
  const dd = d ?? '01';
  switch (style) {
    case 'us':
      return `${mm}/${dd}/${y}`;
    case 'us-short':
      return `${Number(mm)}/${Number(dd)}/${y}`;
    case 'dash':
      return `${mm}-${dd}-${y}`;
    case 'long':
      return `${MONTHS[Number(mm) - 1]} ${Number(dd)}, ${y}`;
  }
}

export function pickDateStyle(rng: Rng): DateStyle {
  return rng.weighted<DateStyle>([
    ['us', 5],
    ['long', 3],
    ['us-short', 2],
    ['dash', 1],
  ]);
}

export function money(n: number): string {
  const cents = Math.round(n * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}
