/**
 * Clinical and legal prose to fill report bodies: histories, complaints, findings, diagnoses and
 * plans, phrased the way treating and evaluating physicians write them. No case numbers or names
 * here: those are printed only through DocWriter so the truth records them.
 */
import type { Rng } from './rng';
import type { CaseProfile } from './cases';

const ICD = [
  ['M54.50', 'Low back pain, unspecified'],
  ['M54.2', 'Cervicalgia'],
  ['M75.121', 'Complete rotator cuff tear, right shoulder, not specified as traumatic'],
  ['M25.561', 'Pain in right knee'],
  ['G56.03', 'Carpal tunnel syndrome, bilateral upper limbs'],
  ['M51.26', 'Other intervertebral disc displacement, lumbar region'],
  ['F43.23', 'Adjustment disorder with mixed anxiety and depressed mood'],
  ['S83.241A', 'Other tear of medial meniscus, current injury, right knee'],
  ['M47.812', 'Spondylosis without myelopathy, cervical region'],
  ['G47.00', 'Insomnia, unspecified'],
] as const;

export function diagnoses(rng: Rng): string[] {
  return rng
    .shuffle(ICD)
    .slice(0, rng.int(2, 5))
    .map(([code, text], i) => `${i + 1}. ${text} (${code})`);
}

const COMPLAINTS = [
  'The patient reports constant dull to sharp pain rated {n}/10 on the visual analog scale, aggravated by prolonged standing, bending and lifting more than 15 pounds.',
  'She complains of numbness and tingling radiating into the fingers, worse at night, which wakes her two to three times per night.',
  'He notes stiffness in the morning lasting approximately 30 minutes and difficulty with overhead reaching.',
  'The patient states that the pain has improved slightly with therapy but returns by the end of the work day.',
  'There are complaints of anxiety, poor concentration and difficulty sleeping, which the patient attributes to chronic pain and financial stress since the injury.',
  'Pain is described as {n}/10 at its worst and {m}/10 at its best. Medications reduce the pain by approximately 30 percent and allow the patient to perform light household chores.',
  'The patient denies bowel or bladder dysfunction. There is no history of a new injury since the last visit.',
];

const HISTORY = [
  'The patient was employed as a {occ} and performed repetitive lifting, pushing and pulling of carts weighing up to 60 pounds, with frequent bending and twisting throughout an eight to ten hour shift.',
  'The patient reported the injury to a supervisor and was referred to the company clinic, where x-rays were taken and ibuprofen and modified duty were prescribed.',
  'Physical therapy was provided for approximately twelve sessions with temporary relief. An MRI was subsequently obtained.',
  'The patient denies any prior injuries to the involved body parts, prior workers\u2019 compensation claims, or motor vehicle accidents.',
  'The patient continued working with restrictions; however, the employer was unable to accommodate the restrictions and the patient has been off work since.',
  'The patient was seen by the panel physician, who recommended a course of chiropractic treatment and a home exercise program.',
];

const EXAM = [
  'Examination of the lumbar spine reveals tenderness to palpation over the paraspinal musculature bilaterally with muscle guarding. Range of motion: flexion 45 degrees, extension 15 degrees, lateral bending 20 degrees bilaterally. Straight leg raise is positive on the right at 60 degrees.',
  'Right shoulder: tenderness over the greater tuberosity and acromioclavicular joint. Flexion 140 degrees, abduction 120 degrees, internal rotation 50 degrees. Positive Neer and Hawkins impingement signs. Strength 4+/5 in external rotation.',
  'Cervical spine: mild tenderness over the trapezius bilaterally. Spurling test negative. Deep tendon reflexes are 2+ and symmetric in the upper extremities.',
  'Wrists: positive Tinel sign and Phalen test bilaterally. Grip strength by Jamar dynamometer (kg), right 18/16/17, left 22/21/23.',
  'Right knee: medial joint line tenderness, positive McMurray test, trace effusion. Range of motion 0 to 120 degrees.',
  'Neurologic: sensation is decreased to light touch in the L5 dermatome on the right. Motor strength is 5/5 in all other muscle groups.',
  'Mental status: the patient is alert and oriented, with a depressed affect and tearful at times during the interview. Thought process is linear and goal directed.',
];

const PLAN = [
  'Continue physical therapy two times per week for six weeks to the affected body parts.',
  'Request for authorization is submitted for an MRI of the right shoulder without contrast.',
  'Refill naproxen 550 mg one tablet twice daily with food, and omeprazole 20 mg daily for gastric protection.',
  'Referral to a pain management specialist for consideration of lumbar epidural steroid injection at L4-L5.',
  'Home exercise program reviewed. The patient was instructed in proper body mechanics.',
  'Urine toxicology screen performed today for medication compliance; results are pending.',
  'Follow up in four to six weeks, or sooner if symptoms worsen.',
];

const BACKGROUND = [
  'Past medical history is significant for hypertension, controlled with lisinopril, and pre-diabetes. There are no prior surgeries.',
  'The patient lives with a spouse and two children. He does not smoke and drinks alcohol socially. There is no history of recreational drug use.',
  'Activities of daily living: the patient reports difficulty with household chores such as vacuuming and carrying groceries, and needs help with grooming on bad days.',
  'Sleep is disturbed by pain; the patient averages four to five hours per night and wakes frequently when changing position.',
  'Job duties included standing and walking for most of the shift, lifting and carrying up to 50 pounds, and keyboarding or handwriting for short periods.',
  'The patient completed the tenth grade in Mexico and speaks limited English; the evaluation was conducted with a certified Spanish interpreter.',
  'Family history is non-contributory. There is no family history of rheumatoid arthritis or other inflammatory conditions.',
  'Hobbies prior to the injury included soccer on weekends and gardening; the patient no longer participates in either activity.',
];

const WORK = [
  'Work status: Temporarily totally disabled (TTD) through the next visit.',
  'Work status: Modified duty with no lifting over 10 pounds, no repetitive bending or stooping, and no overhead work with the right arm.',
  'Work status: Return to full duty without restrictions as of the date of this report.',
];

function fill(rng: Rng, s: string, p: CaseProfile): string {
  return s
    .replace('{n}', String(rng.int(5, 9)))
    .replace('{m}', String(rng.int(2, 4)))
    .replace('{occ}', p.occupation);
}

export type SentenceKind = 'complaints' | 'history' | 'exam' | 'plan' | 'background';

/** A section's worth of sentences: most of the pool, shuffled, none twice. */
export function sentenceList(rng: Rng, p: CaseProfile, kind: SentenceKind): string[] {
  const pool = {
    complaints: COMPLAINTS,
    history: HISTORY,
    exam: EXAM,
    plan: PLAN,
    background: BACKGROUND,
  }[kind];
  return rng
    .shuffle(pool)
    .slice(0, rng.int(3, pool.length))
    .map((s) => fill(rng, s, p));
}

export function sentences(rng: Rng, p: CaseProfile, kind: SentenceKind, n: number): string {
  const pool = {
    complaints: COMPLAINTS,
    history: HISTORY,
    exam: EXAM,
    plan: PLAN,
    background: BACKGROUND,
  }[kind];
  return rng
    .shuffle(pool)
    .slice(0, n)
    .map((s) => fill(rng, s, p))
    .join(' ');
}

export function workStatus(rng: Rng): string {
  return rng.pick(WORK);
}

export function bodyPartsText(p: CaseProfile): string {
  const parts = p.bodyParts;
  if (parts.length === 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

const RECORDS = [
  'Doctor\u2019s First Report of Occupational Injury or Illness (Form 5021)',
  'Employer\u2019s Report of Occupational Injury or Illness (Form 5020)',
  'MRI of the lumbar spine, impression: 3 mm disc protrusion at L4-L5 with mild foraminal narrowing',
  'Physical therapy daily notes, 12 visits',
  'PR-2 report by the primary treating physician',
  'Utilization Review determination, non-certification of epidural injection',
  'Deposition transcript of the applicant, 86 pages',
  'Personnel file and job description',
  'Electrodiagnostic study of the upper extremities',
  'Prior panel QME report',
  'Pharmacy records',
  'Emergency department record',
];

/** A records-review list with dates, as medical-legal reports include. */
export function recordsReview(rng: Rng, dated: (i: number) => string, n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`${dated(i)}  ${rng.pick(RECORDS)}.`);
  return out;
}

export const ATTESTATION =
  'I declare under penalty of perjury that the information contained in this report and its attachments, if any, is true and correct to the best of my knowledge and belief, except as to information that I have indicated I received from others, and as to that information, I declare under penalty of perjury that the information accurately describes the information provided to me and, except as noted herein, that I believe it to be true. I have not violated Labor Code section 139.3, and the contents of the report are true and correct to the best of my knowledge.';

export const DISCLOSURE =
  'Pursuant to Labor Code section 4628, I personally took the history, performed the physical examination, reviewed the records and composed the conclusions of this report. The history was taken through a certified interpreter where indicated. Transcription was performed by office staff.';
