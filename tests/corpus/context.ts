/**
 * What a document template works with: the case (or cases) it is about, the firm that receives the
 * mail, the document's date, and a FieldRecorder. Templates print numbers, dates and names only
 * through the recorder, so the ground truth fields are exactly what the document shows, normalised
 * as src/server/pipeline/types.ts describes.
 */
import type { InjuryDate } from '../../src/server/pipeline/types';
import type { TruthFields } from './bundle';
import { type Rng } from './rng';
import { type CaseFacts } from './cases';
import { type Address, type DateStyle, type Person, formatDate, fullName } from './fakes';
import { DocBuilder, type DocOptions, type Family, type FooterStyle } from './doc';

export interface Firm {
  name: string;
  attorney: Person;
  address: Address;
  phone: string;
  side: 'applicant' | 'defense';
}

export interface DocCtx {
  rng: Rng;
  /** The cases the document is about; empty for mail that concerns no case. */
  cases: CaseFacts[];
  firm: Firm;
  /** The document's date (ISO). */
  date: string;
  /** Pages the template should aim for. */
  targetPages: number;
  ds: DateStyle;
  rec: FieldRecorder;
  /**
   * Set by a template whose first page prints neither a caption nor a case line (a bare proof of
   * service): behind a document it serves, it is that document's last page (issue 16, convention
   * 3), not a document of its own.
   */
  uncaptioned?: boolean;
}

export class FieldRecorder {
  /** Picks among equivalent printed forms (e.g. how a cumulative-trauma period is written). */
  private readonly rng: Rng;
  private adj: string[] = [];
  private wcab: string[] = [];
  private claims: string[] = [];
  private caseNos: string[] = [];
  private doi: InjuryDate | null = null;
  private incident: string | null = null;
  private applicantName: string | null = null;
  private defendantName: string | null = null;

  constructor(rng: Rng) {
    this.rng = rng;
  }

  private static add(list: string[], v: string): void {
    if (!list.includes(v)) list.push(v);
  }

  /** Prints an ADJ number (sometimes with a space after ADJ) and records it. */
  adjNo(f: CaseFacts, rng: Rng): string {
    if (!f.adj) return '';
    FieldRecorder.add(this.adj, f.adj);
    return rng.chance(0.12) ? f.adj.replace('ADJ', 'ADJ ') : f.adj;
  }

  /** Prints a legacy WCAB number (with or without the space) and records it. */
  wcabNo(f: CaseFacts, rng: Rng): string {
    if (!f.wcab) return '';
    FieldRecorder.add(this.wcab, f.wcab);
    return rng.chance(0.3) ? f.wcab.replace(' ', '') : f.wcab;
  }

  claimNo(value: string): string {
    FieldRecorder.add(this.claims, value);
    return value;
  }

  caseNo(value: string): string {
    FieldRecorder.add(this.caseNos, value);
    return value;
  }

  /** Prints the date of injury (a day, or "start - end CT") and records it the first time. */
  injury(f: CaseFacts, style: DateStyle): string {
    this.doi ??= f.injury;
    const s = formatDate(f.injury.start, style);
    if (!f.injury.cumulativeTrauma || !f.injury.end) return s;
    const e = formatDate(f.injury.end, style);
    return this.rng.weighted<string>([
      [`${s} - ${e} (CT)`, 4],
      [`CT ${s} to ${e}`, 2],
      [`${s} through ${e}`, 2],
      [`CT: ${s} - ${e}`, 1],
    ]);
  }

  incidentDate(iso: string, style: DateStyle): string {
    this.incident ??= iso;
    return formatDate(iso, style);
  }

  /** Records the applicant's name as printed the first time it is labelled. */
  applicant(printed: string): string {
    this.applicantName ??= printed;
    return printed;
  }

  defendant(printed: string): string {
    this.defendantName ??= printed;
    return printed;
  }

  fields(): TruthFields {
    return {
      adjNumbers: this.adj.slice(),
      wcabNumbers: this.wcab.slice(),
      claimNumbers: this.claims.slice(),
      caseNumbers: this.caseNos.slice(),
      dateOfInjury: this.doi,
      dateOfIncident: this.incident,
      applicant: this.applicantName,
      defendant: this.defendantName,
    };
  }
}

/** The applicant's name in one of the forms documents print it. */
export function applicantAs(f: CaseFacts, rng: Rng, upper: boolean): string {
  const name = rng.chance(0.8) ? fullName(f.applicant) : `${f.applicant.first} ${f.applicant.last}`;
  return upper ? name.toUpperCase() : name;
}

export function lastFirst(p: Person): string {
  return `${p.last}, ${p.first}`;
}

export function makeBuilder(
  ctx: DocCtx,
  opts: Partial<DocOptions> & { families?: Family[]; footers?: FooterStyle[] } = {},
): DocBuilder {
  const { rng } = ctx;
  const family = opts.family ?? rng.pick(opts.families ?? ['serif', 'sans', 'mono']);
  const size = opts.size ?? (family === 'mono' ? rng.pick([10, 11]) : rng.pick([10, 11, 12]));
  const options: DocOptions = {
    family,
    size,
    margin: opts.margin ?? rng.pick([54, 60, 66, 72]),
    footer: opts.footer ?? rng.pick(opts.footers ?? ['page-of', 'page', 'dash', 'bare', 'none']),
  };
  if (opts.header) options.header = opts.header;
  if (opts.footerText) options.footerText = opts.footerText;
  return new DocBuilder(options);
}
