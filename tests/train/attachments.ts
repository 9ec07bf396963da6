/**
 * Pages that real filings attach to a document, written for boundary training (independent of
 * both bundle generators' templates): an unnumbered proof of service at the end of a pleading, a
 * verification, an opinion on decision, a lien itemization, an IMR application behind a UR
 * determination, exhibit covers, EAMS separator sheets and fax header lines.
 */
import type { Rng } from '../corpus/rng';

const PEOPLE = [
  'Dana Whitfield',
  'Luis Ortega',
  'Karen Moss',
  'Tom Nguyen',
  'Rita Feld',
  'Sam Oduya',
];
const CITIES = ['Fresno', 'Oakland', 'Riverside', 'San Jose', 'Anaheim', 'Sacramento', 'Van Nuys'];

export function usDate(rng: Rng): string {
  return `${String(rng.int(1, 12)).padStart(2, '0')}/${String(rng.int(1, 28)).padStart(2, '0')}/20${rng.int(19, 26)}`;
}

function prose(rng: Rng, sentences: readonly string[], n: number): string[] {
  return rng.sample(sentences, Math.min(n, sentences.length));
}

/** A proof of service printed as the last page of the pleading it serves: no caption. */
export function attachedProofOfService(rng: Rng): string[] {
  const who = rng.pick(PEOPLE);
  return [
    rng.pick([
      'PROOF OF SERVICE',
      'PROOF OF SERVICE BY MAIL',
      'Proof of Service',
      'PROOF OF ELECTRONIC SERVICE',
    ]),
    rng.pick([
      `I, ${who}, declare that I am over eighteen years of age and not a party to this matter.`,
      `I am a citizen of the United States, employed in the County of ${rng.pick(CITIES)}.`,
    ]),
    `On ${usDate(rng)} I served the foregoing ${rng.pick(['document', 'pleading', 'petition and exhibits', 'notice'])} on the parties listed below`,
    rng.pick([
      'by first class mail, postage prepaid.',
      'by electronic service through EAMS.',
      'by placing a copy in the U.S. mail.',
    ]),
    `${rng.pick(['State Compensation Insurance Fund', 'Sedgwick Claims', 'Law Offices of Bram & Kay', 'Employers Compensation'])}`,
    `P.O. Box ${rng.int(100, 9999)}, ${rng.pick(CITIES)}, CA 9${rng.int(1000, 6999)}`,
    'I declare under penalty of perjury that the foregoing is true and correct.',
    `Executed ${usDate(rng)} at ${rng.pick(CITIES)}, California.`,
    `______________________  ${who}`,
  ];
}

export function verification(rng: Rng): string[] {
  const who = rng.pick(PEOPLE);
  return [
    'VERIFICATION',
    `I, ${who}, am the ${rng.pick(['applicant', 'attorney for applicant', 'petitioner', 'claims representative'])} in the above matter.`,
    'I have read the foregoing document and know its contents, which are true of my own knowledge',
    'except as to matters stated on information and belief, and as to those I believe them true.',
    'I declare under penalty of perjury under the laws of the State of California that the foregoing is true.',
    `Dated: ${usDate(rng)}`,
    `/s/ ${who}`,
  ];
}

const OPINION = [
  'The applicant testified credibly regarding the mechanism of injury and the onset of symptoms.',
  'The reporting of the panel physician is found to be substantial medical evidence.',
  'Defendant offered no evidence rebutting the presumption of compensability.',
  'Temporary disability is payable for the period found above at the stipulated rate.',
  'The lien claimant did not meet its burden of proving the reasonableness of its charges.',
  'Attorney fees are awarded at fifteen percent of the permanent disability indemnity.',
  'Based on the entire record it is found that the injury arose out of and in the course of employment.',
];

/** A short WCAB caption, as a judge's opinion repeats it on its first page. */
function shortCaption(rng: Rng): string[] {
  const name = rng.pick(['MARK ELLIS', 'JUANA REYES', 'PHAM, LINH', 'Grace Obi']);
  return [
    "WORKERS' COMPENSATION APPEALS BOARD",
    'STATE OF CALIFORNIA',
    `${name},   Case No. ADJ${rng.int(1000000, 19999999)}`,
    '     Applicant,',
    '  vs.',
    `${rng.pick(['WESTCO FOODS', 'CITY OF ALBANY', 'ACE MOVERS'])}; ${rng.pick(['SCIF', 'ZENITH INSURANCE'])},`,
    '     Defendants.',
  ];
}

export function opinion(rng: Rng, pages: number): string[][] {
  const out: string[][] = [];
  const caption = rng.chance(0.5) ? shortCaption(rng) : [];
  for (let k = 0; k < pages; k++) {
    const head =
      k === 0 ? [...caption, rng.pick(['OPINION ON DECISION', 'Opinion on Decision'])] : [];
    const section = rng.pick([
      'I. INJURY AOE/COE',
      'II. TEMPORARY DISABILITY',
      'III. PERMANENT DISABILITY',
      'IV. LIENS',
    ]);
    out.push([...head, section, ...prose(rng, OPINION, rng.int(3, 6))]);
  }
  const last = out[out.length - 1];
  last?.push(
    `DATE: ${usDate(rng)}`,
    rng.pick(['WORKERS COMPENSATION ADMINISTRATIVE LAW JUDGE', 'Judge']),
  );
  return out;
}

export function itemization(rng: Rng, pages: number): string[][] {
  const out: string[][] = [];
  const provider = rng.pick([
    'HARBOR SPINE MEDICAL GROUP',
    'Central Valley Imaging',
    'WESTSIDE PAIN CLINIC',
  ]);
  const numbering = rng.pick([
    null,
    (k: number, n: number) => `Page ${k} of ${n}`,
    (k: number, n: number) => `Pg. ${k}/${n}`,
  ]);
  for (let k = 0; k < pages; k++) {
    const rows = Array.from({ length: rng.int(8, 16) }, () => {
      const cpt = rng.pick(['99213', '97110', '97140', '72148', '99203', '97014', 'J3301']);
      return `${usDate(rng)}   ${cpt}   ${rng.pick(['Office visit', 'Therapeutic exercise', 'Manual therapy', 'MRI lumbar', 'Injection'])}   $${rng.int(40, 900)}.00`;
    });
    const head =
      k === 0
        ? [
            rng.pick([
              'ITEMIZATION OF SERVICES',
              'ITEMIZED STATEMENT OF CHARGES',
              'Lien Itemization',
              'STATEMENT OF SERVICES',
            ]),
          ]
        : [];
    // Printed by the provider's billing system: often under its name, numbered on its own, and
    // with the patient and claim it bills (still the lien's attachment, not a bill of its own).
    if (k === 0 && rng.chance(0.5)) head.unshift(provider);
    if (k === 0 && rng.chance(0.4))
      head.push(
        `Patient: ${rng.pick(PEOPLE)}      DOB: ${usDate(rng)}`,
        `Claim No.: ${rng.int(10, 99)}-${rng.int(100000, 999999)}      Date of Injury: ${usDate(rng)}`,
      );
    const own = numbering ? [numbering(k + 1, pages)] : [];
    out.push([...head, 'Date of Service   Code   Description   Charge', ...rows, ...own]);
  }
  out[out.length - 1]?.push(`Total Billed: $${rng.int(900, 25000)}.00`);
  return out;
}

export function imrApplication(rng: Rng): string[] {
  return [
    rng.pick([
      'APPLICATION FOR INDEPENDENT MEDICAL REVIEW',
      'Application for Independent Medical Review',
    ]),
    'DWC Form IMR (Rev. 2014)',
    'Return this form to: DWC-IMR Application, P.O. Box 138009, Sacramento, CA 95813-8009',
    'Employee Name: __________________  Claim Number: ______________',
    'Requesting physician: __________________',
    'I request independent medical review of the utilization review decision enclosed with this form.',
    'Signature of employee or representative ______________  Date __________',
  ];
}

export function exhibitCover(rng: Rng, index: number): string[] {
  const letter = String.fromCharCode(65 + index);
  return rng.pick([
    [`EXHIBIT "${letter}"`],
    [`EXHIBIT ${letter}`],
    [`Exhibit ${index + 1}`],
    [
      `EXHIBIT ${letter}`,
      rng.pick(['Medical report', 'Correspondence', 'Payment history', 'Wage statement']),
    ],
  ]);
}

/** An EAMS document separator sheet announcing the document behind it. */
export function separatorSheet(rng: Rng, typeName: string, adj: string | null): string[] {
  const lines = [
    rng.pick([
      'DOCUMENT SEPARATOR SHEET',
      'EAMS DOCUMENT SEPARATOR SHEET',
      'Document Separator Sheet',
    ]),
  ];
  if (rng.chance(0.6)) lines.unshift('STATE OF CALIFORNIA', 'DIVISION OF WORKERS COMPENSATION');
  if (adj && rng.chance(0.7)) lines.push(`Case Number: ${adj}`);
  lines.push(`Document Type: ${rng.pick(['LEGAL DOCS', 'MEDICAL DOCS', 'CORRESPONDENCE'])}`);
  lines.push(`Document Title: ${typeName.toUpperCase()}`);
  if (rng.chance(0.7)) lines.push(`Document Date: ${usDate(rng)}`);
  if (rng.chance(0.5)) lines.push(`Author: ${rng.pick(PEOPLE)}`);
  return lines;
}

export interface FaxStyle {
  line: (k: number, n: number) => string;
  top: boolean;
}

/** A fax machine's stamp on every page of one transmission. */
export function faxStyle(rng: Rng): FaxStyle {
  const date = usDate(rng);
  const time = `${rng.int(1, 12)}:${String(rng.int(0, 59)).padStart(2, '0')}${rng.pick([' AM', ' PM', 'PM', ''])}`;
  const from = rng.pick([
    'SCIF FRESNO',
    'Sedgwick CMS',
    'ORTHO SPINE GRP',
    'Bram & Kay LLP',
    'ACME WAREHOUSE HR',
  ]);
  const fax = `(${rng.int(200, 999)}) ${rng.int(200, 999)}-${rng.int(1000, 9999)}`;
  const kind = rng.int(0, 3);
  const line = (k: number, n: number): string => {
    const kk = String(k).padStart(2, '0');
    const nn = String(n).padStart(2, '0');
    switch (kind) {
      case 0:
        return `${date} ${time}  FROM: ${from}  FAX ${fax}  TO: 5593310000  P. ${kk}/${nn}`;
      case 1:
        return `${rng.pick(['Sent', 'Received'])}: ${date} ${time} From: ${fax} To: ${from} Page ${k} of ${n}`;
      case 2:
        return `${from}   ${fax}   ${date}   ${time}   #${rng.int(1000, 9999)} P.${kk}/${nn}`;
      default:
        return `FAX ${fax}  ${date} ${time}  ${from}  PAGE ${kk} OF ${nn}`;
    }
  };
  return { line, top: rng.chance(0.75) };
}

/** A fax cover sheet sent ahead of `pages` pages (itself included): a note of its own. */
export function faxCoverSheet(rng: Rng, pages: number): string[] {
  const to = rng.pick(['Claims Unit', 'Records Dept.', 'Calendar Clerk', 'Adjuster', 'Dr. Patel']);
  const lines = [
    rng.pick([
      'FAX COVER SHEET',
      'Facsimile Transmittal',
      'FAX TRANSMISSION',
      'Fax Cover',
      'FACSIMILE COVER SHEET',
    ]),
    `To: ${to}`,
    `From: ${rng.pick(PEOPLE)}`,
    `Date: ${usDate(rng)}`,
    rng.pick([
      `Number of pages (including cover): ${pages}`,
      `Pages including this cover: ${pages}`,
      `Total pages (incl. cover): ${pages}`,
    ]),
  ];
  if (rng.chance(0.6))
    lines.push(`Re: ${rng.pick(['records', 'billing', 'claim', 'RFA', 'report'])}`);
  if (rng.chance(0.7))
    lines.push(
      rng.pick([
        'The documents accompanying this transmission are confidential and privileged.',
        'If you have received this fax in error please call us and destroy all copies.',
      ]),
    );
  if (rng.chance(0.3)) lines.unshift(rng.pick(['Bram & Kay LLP', 'ORTHO SPINE GROUP', 'SCIF']));
  return lines;
}

const NOTES = [
  'The records you requested are enclosed for your review.',
  'Please note our new mailing address for all future correspondence.',
  'We will forward the remaining bills when they are received.',
  'The deposition has been taken off calendar at the request of counsel.',
  'Payment was issued today under the check number shown below.',
  'Kindly confirm receipt of the enclosed medical reports.',
  'The claim remains under investigation pending the treating report.',
];

/** A mail-room batch: short form notes on two or three cases, interleaved, bare page numbers. */
export function mailBatch(rng: Rng): string[][][] {
  const cases = Array.from({ length: rng.int(2, 3) }, () => ({
    name: rng.pick(['Lopez', 'Nguyen', 'Hart', 'Singh', 'Baker', 'Okafor']),
    adj: `ADJ${rng.int(1000000, 19999999)}`,
  }));
  const body = rng.sample(NOTES, 3);
  return Array.from({ length: rng.int(2, 5) }, () => {
    const c = rng.pick(cases);
    const pages = rng.int(1, 2);
    return Array.from({ length: pages }, (_, k) => [
      `Re: ${c.name}, Case ${c.adj}`,
      ...body,
      String(k + 1),
    ]);
  });
}
