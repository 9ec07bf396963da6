/**
 * Two short documents of one kind and one author back to back, written for boundary training
 * (independent of both bundle generators' templates): two bills of one provider (a claim form and
 * an itemized statement, or two statements), two diagnostic reports of one imaging centre. Each
 * opens with its own subject block (patient, claim, injury date) and the first closes as its kind
 * closes (total and billing provider, a signature); titles, letterheads and words are shared, so
 * only those cues tell them apart. Some continuation pages repeat the subject in a running header.
 */
import type { Rng } from '../corpus/rng';
import { usDate } from './attachments';

export interface SameKindDoc {
  typeKey: string;
  pages: string[][];
}

interface Subject {
  last: string;
  first: string;
  dob: string;
  claim: string;
  injury: string;
  employer: string;
  insurer: string;
}

const LAST = ['AGUILAR', 'Whitcombe', 'DUONG', 'Ferreira', 'HALVORSEN', 'Mbeki', 'OSTROWSKI'];
const FIRST = ['Teresa', 'MARCUS', 'Ines', 'Dmitri', 'Latoya', 'Arjun', 'Colette'];
const EMPLOYERS = ['Tri-County Produce', 'NORTHGATE LOGISTICS', 'Pinecrest Senior Living'];
const INSURERS = ['Golden Eagle Casualty', 'REDWOOD MUTUAL', 'Crestline Claims Services'];
const STREETS = ['Larkin Way', 'Mission Oaks Blvd.', 'Fulton Avenue', 'Cedar Point Drive'];
const TOWNS = ['Modesto, CA 95354', 'Ventura, CA 93003', 'Chico, CA 95926', 'Redding, CA 96001'];

function subject(rng: Rng): Subject {
  return {
    last: rng.pick(LAST),
    first: rng.pick(FIRST),
    dob: usDate(rng).replace(/20(\d\d)$/, `19${rng.int(55, 99)}`),
    claim: rng.pick([
      `${rng.int(10, 99)}-${rng.int(100000, 999999)}`,
      `WC${rng.int(1000000, 9999999)}`,
      `${rng.int(1000, 9999)}-${rng.int(100, 999)}-A`,
    ]),
    injury: usDate(rng),
    employer: rng.pick(EMPLOYERS),
    insurer: rng.pick(INSURERS),
  };
}

interface Author {
  name: string;
  address: string[];
  signer: string;
}

function author(rng: Rng, names: readonly string[]): Author {
  const name = rng.pick(names);
  return {
    name: rng.chance(0.5) ? name.toUpperCase() : name,
    address: [
      `${rng.int(100, 9899)} ${rng.pick(STREETS)}${rng.chance(0.4) ? `, Suite ${rng.int(100, 450)}` : ''}`,
      rng.pick(TOWNS),
      `(${rng.int(209, 916)}) ${rng.int(200, 989)}-${rng.int(1000, 9999)}`,
    ],
    signer: `${rng.pick(['Nadia', 'Victor', 'Priya', 'Owen', 'Grace'])} ${rng.pick(['Castellano', 'Lindqvist', 'Osei', 'Marchetti'])}`,
  };
}

/** Pages with "Page k of N" (or "k/N") at the foot, when the kind numbers them. */
function numberPages(pages: string[][], rng: Rng): string[][] {
  if (pages.length === 1 && rng.chance(0.5)) return pages;
  const style = rng.pick([
    (k: number, n: number) => `Page ${k} of ${n}`,
    (k: number, n: number) => `${k}/${n}`,
    (k: number, n: number) => `Pg ${k} of ${n}`,
  ]);
  return pages.map((p, i) => [...p, style(i + 1, pages.length)]);
}

const SERVICES = [
  ['97110', 'Therapeutic exercises, each 15 min'],
  ['97140', 'Manual therapy techniques'],
  ['97530', 'Therapeutic activities'],
  ['99213', 'Established patient visit, low complexity'],
  ['98941', 'Chiropractic manipulation, 3-4 regions'],
  ['G0283', 'Electrical stimulation, unattended'],
  ['97035', 'Ultrasound therapy'],
] as const;

function billSubject(s: Subject, rng: Rng, form: boolean): string[] {
  if (form)
    return [
      `1. INSURED: ${s.insurer.toUpperCase()}        1a. INSURED'S I.D. / CLAIM NO.: ${s.claim}`,
      `2. PATIENT'S NAME: ${s.last.toUpperCase()}, ${s.first.toUpperCase()}        3. BIRTH DATE: ${s.dob}`,
      `4. EMPLOYER: ${s.employer}        14. DATE OF CURRENT INJURY: ${s.injury}`,
    ];
  const lines = [
    rng.pick([`Patient: ${s.first} ${s.last}`, `Patient Name: ${s.last}, ${s.first}`]) +
      `      DOB: ${s.dob}`,
    `Claim No.: ${s.claim}      Date of Injury: ${s.injury}`,
  ];
  if (rng.chance(0.6)) lines.push(`Employer: ${s.employer}`);
  if (rng.chance(0.6)) lines.push(`Insurance carrier: ${s.insurer}`);
  if (rng.chance(0.4)) lines.push(`Account #: ${rng.int(10000, 99999)}`);
  return lines;
}

/** One bill of a provider: a claim form or a statement, one or two pages. */
function bill(rng: Rng, s: Subject, provider: Author): string[][] {
  const style = rng.pick(['form', 'statement', 'request'] as const);
  const head =
    style === 'form'
      ? [
          rng.pick(['HEALTH INSURANCE CLAIM FORM', 'CMS-1500 HEALTH INSURANCE CLAIM']),
          rng.pick(['APPROVED OMB-0938-1197 FORM 1500 (02-12)', 'PICA']),
        ]
      : style === 'statement'
        ? [
            provider.name,
            ...provider.address,
            '',
            rng.pick([
              'ITEMIZED STATEMENT OF SERVICES',
              'STATEMENT OF SERVICES RENDERED',
              'ITEMIZED BILLING STATEMENT',
              'INVOICE',
            ]),
          ]
        : [
            provider.name,
            rng.pick(['BILLING STATEMENT', 'SECOND REQUEST FOR PAYMENT', 'REQUEST FOR PAYMENT']),
          ];
  const pageCount = rng.chance(0.35) ? 2 : 1;
  let total = 0;
  const pages: string[][] = [];
  for (let k = 0; k < pageCount; k++) {
    const rows = Array.from({ length: rng.int(4, 12) }, () => {
      const [code, what] = rng.pick(SERVICES);
      const fee = rng.int(45, 260);
      total += fee;
      return `${usDate(rng)}   ${code}   ${what}   1   $${fee}.00`;
    });
    const top =
      k === 0
        ? [...head, ...billSubject(s, rng, style === 'form')]
        : rng.chance(0.5)
          ? [`${s.last}, ${s.first} - continued`]
          : [];
    pages.push([...top, 'DATE OF SERVICE   CPT   DESCRIPTION   UNITS   CHARGES', ...rows]);
  }
  const end = rng.shuffle([
    rng.pick([
      `28. TOTAL CHARGE   $${total}.00`,
      `TOTAL CHARGES: $${total}.00`,
      `Balance Due: $${total}.00`,
    ]),
    rng.pick([
      `31. SIGNATURE OF PHYSICIAN OR SUPPLIER: ${provider.signer}, D.C.   DATE: ${usDate(rng)}`,
      `Signature of provider: ${provider.signer}, P.T.`,
      `Federal Tax ID: ${rng.int(10, 99)}-${rng.int(1000000, 9999999)}`,
    ]),
  ]);
  end.push(
    rng.pick([
      `33. BILLING PROVIDER INFO: ${provider.name}, ${provider.address.join(', ')}`,
      `Please remit to ${provider.name}, ${provider.address[0] ?? ''}`,
      `Billing provider: ${provider.name}   NPI ${rng.int(1000000000, 1999999999)}`,
    ]),
  );
  pages[pages.length - 1]?.push('', ...end);
  return numberPages(pages, rng);
}

const STUDIES = [
  'MRI OF THE LEFT KNEE WITHOUT CONTRAST',
  'CT SCAN OF THE CERVICAL SPINE',
  'X-RAY OF THE LUMBAR SPINE, TWO VIEWS',
  'ULTRASOUND OF THE RIGHT SHOULDER',
  'NERVE CONDUCTION STUDY',
  'RADIOLOGY REPORT',
  'Diagnostic Imaging Report',
];
const FINDINGS = [
  'Alignment is maintained and vertebral body heights are preserved.',
  'There is a small joint effusion without a discrete meniscal tear.',
  'Mild degenerative narrowing is seen at the C5-C6 level.',
  'The rotator cuff tendons are intact with mild bursal thickening.',
  'Median motor and sensory latencies are prolonged on the right.',
  'No acute fracture, dislocation or destructive lesion is identified.',
  'Soft tissues are unremarkable and no foreign body is seen.',
];
const HISTORY = [
  'Pain after lifting at work.',
  'Persistent numbness of the hand since the work injury.',
  'Knee pain following a fall from a ladder at work.',
  'Neck stiffness after a motor vehicle accident on the job.',
];

function reportSubject(s: Subject, rng: Rng): string[] {
  const lines = [
    `${rng.pick(['PATIENT', 'Patient', 'Patient Name'])}: ${s.last.toUpperCase()}, ${s.first}      DOB: ${s.dob}`,
    `${rng.pick(['Exam Date', 'DATE OF EXAM', 'Date of Service'])}: ${usDate(rng)}      Referring: Dr. ${rng.pick(['Ahn', 'Benoit', 'Kaur'])}`,
  ];
  if (rng.chance(0.7)) lines.push(`Claim #: ${s.claim}      DOI: ${s.injury}`);
  if (rng.chance(0.3)) lines.push(`Employer: ${s.employer}`);
  return lines;
}

/** One diagnostic report of an imaging centre or a testing physician, one or two pages. */
function report(rng: Rng, s: Subject, centre: Author): string[][] {
  // Full letterhead, the name and a phone number on one line, or the name alone.
  const top = rng.pick([
    [centre.name, ...centre.address],
    [`${centre.name}    Tel ${centre.address[2] ?? ''}`],
    [centre.name],
  ]);
  const head = [...top, '', rng.pick(STUDIES), ''];
  const sections = [
    'CLINICAL HISTORY:',
    rng.pick(HISTORY),
    'TECHNIQUE:',
    rng.pick(['Standard sequences were obtained.', 'Routine views were performed.']),
    'FINDINGS:',
    ...rng.sample(FINDINGS, rng.int(2, 5)),
  ];
  const impression = ['IMPRESSION:', ...rng.sample(FINDINGS, rng.int(1, 2))];
  const signed = rng.pick([
    [`Electronically signed by ${centre.signer}, M.D. on ${usDate(rng)}`],
    ['Sincerely,', '', `${centre.signer}, M.D.`, 'Diplomate, American Board of Radiology'],
    [`Dictated by: ${centre.signer}, M.D.`, `Dated: ${usDate(rng)}`],
    [`Interpreted by: ${centre.signer}, M.D.`],
    [`Reading physician: ${centre.signer}, M.D., Board Certified Radiologist`],
  ]);
  const first = [...head, ...reportSubject(s, rng), '', ...sections];
  if (rng.chance(0.6)) return numberPages([[...first, ...impression, ...signed]], rng);
  const running = rng.pick([
    [`Patient: ${s.last.toUpperCase()}, ${s.first}   DOB: ${s.dob}   Claim #: ${s.claim}`],
    [`RE: ${s.last.toUpperCase()}, ${s.first}`, `Date of Injury: ${s.injury}`],
    [],
  ]);
  const more = rng.sample(FINDINGS, rng.int(2, 4));
  return numberPages([first, [...running, ...more, ...impression, ...signed]], rng);
}

const PROVIDERS = [
  'Sunstone Physical Therapy',
  'Valley Oak Chiropractic',
  'Coastline Rehabilitation Group',
  'Summit Pain & Spine',
];
const CENTRES = [
  'Granite Bay Imaging',
  'Delta Open MRI',
  'Foothill Radiology Associates',
  'Clearview Diagnostic Testing',
];

/**
 * Two (sometimes three) documents of one kind and author for one patient, or for two patients of
 * the same provider.
 */
export function sameKindRun(rng: Rng): SameKindDoc[] {
  const bills = rng.chance(0.55);
  const who = author(rng, bills ? PROVIDERS : CENTRES);
  const first = subject(rng);
  const count = rng.chance(0.2) ? 3 : 2;
  return Array.from({ length: count }, () => {
    const s = rng.chance(0.7) ? first : subject(rng);
    return bills
      ? { typeKey: 'medical_bill', pages: bill(rng, s, who) }
      : { typeKey: 'medical_report', pages: report(rng, s, who) };
  });
}
