/**
 * How documents print a case's facts, and the truth recorder that keeps what they printed: the
 * applicant as first printed, every ADJ and claim number, the date of injury (both ends of a
 * cumulative-trauma period) and the defendants in caption order (the employer first, then each
 * insurer and claims administrator). A field is in the truth only when a template prints it.
 */
import type { ExtractedFields, InjuryDate } from '../../src/server/pipeline/types';
import type { CaseFacts2 } from './cases';
import { MONTHS } from './pools';
import type { Rng2 } from './rng';

/** The pipeline's ExtractedFields plus every defendant named, in order. */
export interface Fields2 extends ExtractedFields {
  defendants: string[];
}

export type NameForm = 'plain' | 'upper' | 'lastFirst' | 'lastFirstUpper';

export function nameOf(f: CaseFacts2, form: NameForm, middle = true): string {
  const mid = middle && f.middle ? ` ${f.middle}.` : '';
  switch (form) {
    case 'plain':
      return `${f.first}${mid} ${f.last}`;
    case 'upper':
      return `${f.first}${mid} ${f.last}`.toUpperCase();
    case 'lastFirst':
      return `${f.last}, ${f.first}${mid}`;
    case 'lastFirstUpper':
      return `${f.last}, ${f.first}${mid}`.toUpperCase();
  }
}

export type DateForm = 'slash' | 'long' | 'short';

export function printDate(iso: string, form: DateForm): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (form === 'long') return `${MONTHS[m - 1]} ${d}, ${y}`;
  if (form === 'short') return `${m}/${d}/${y}`;
  return `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;
}

export function addDays(iso: string, days: number): string {
  const t = new Date(`${iso}T12:00:00Z`).getTime() + days * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

function injuryText(inj: InjuryDate, rng: Rng2): string {
  const form: DateForm = rng.pick(['slash', 'slash', 'long', 'short'] as const);
  const a = printDate(inj.start, form);
  if (!inj.end) return a;
  const b = printDate(inj.end, form);
  return rng.pick([
    `CT ${a} - ${b}`,
    `CT: ${a} to ${b}`,
    `${a} through ${b} (CT)`,
    `cumulative trauma from ${a} through ${b}`,
    `${a} - ${b} (cumulative trauma)`,
  ]);
}

export function emptyFields(): Fields2 {
  return {
    adjNumbers: [],
    wcabNumbers: [],
    claimNumbers: [],
    caseNumbers: [],
    dateOfInjury: null,
    dateOfIncident: null,
    applicant: null,
    defendant: null,
    defendants: [],
  };
}

const addOnce = (list: string[], value: string) => {
  if (!list.includes(value)) list.push(value);
};

/** Prints facts and remembers what was printed. Methods return the printed text. */
export class Truth {
  readonly fields: Fields2 = emptyFields();

  constructor(
    readonly facts: CaseFacts2,
    private readonly rng: Rng2,
  ) {}

  applicant(form: NameForm, middle = true): string {
    const printed = nameOf(this.facts, form, middle);
    this.fields.applicant ??= printed;
    return printed;
  }

  /** The ADJ number as printed ("ADJ12345678", sometimes "ADJ 12345678"), or null when none. */
  adj(): string | null {
    const adj = this.facts.adj;
    if (!adj) return null;
    addOnce(this.fields.adjNumbers, adj);
    return this.rng.chance(0.15) ? `ADJ ${adj.slice(3)}` : adj;
  }

  claims(count = 9): string[] {
    const list = this.facts.claimNumbers.slice(0, count);
    for (const c of list) addOnce(this.fields.claimNumbers, c);
    return list;
  }

  injury(): string {
    const inj = this.facts.injury;
    this.fields.dateOfInjury ??= { ...inj };
    return injuryText(inj, this.rng);
  }

  employer(upper = false): string {
    const e = this.facts.employer;
    this.fields.defendant ??= e;
    addOnce(this.fields.defendants, e);
    return upper ? e.toUpperCase() : e;
  }

  /** Insurers and claims administrators, printed after the employer. */
  carriers(upper = false): string[] {
    if (this.fields.defendants.length === 0) this.employer();
    for (const c of this.facts.carriers) addOnce(this.fields.defendants, c);
    return this.facts.carriers.map((c) => (upper ? c.toUpperCase() : c));
  }

  /** One insurer or claims administrator (the last one when index is past the list). */
  carrier(index: number, upper = false): string {
    const list = this.facts.carriers;
    const c = list[Math.min(index, list.length - 1)] ?? '';
    this.fields.defendant ??= c;
    addOnce(this.fields.defendants, c);
    return upper ? c.toUpperCase() : c;
  }

  /** Every defendant, employer first. */
  defendants(upper = false): string[] {
    return [this.employer(upper), ...this.carriers(upper)];
  }

  caseNumber(value: string): string {
    addOnce(this.fields.caseNumbers, value);
    return value;
  }
}
