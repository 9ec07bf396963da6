/**
 * Medical vocabulary for the corpus: body parts with ICD-10 codes and typical findings, treatment
 * and billing codes, medications and phrases that physicians' reports repeat. Enough variety that
 * reports of the same type read differently from one another.
 */

export interface BodyPart {
  name: string;
  icd: string;
  diagnosis: string;
  exam: readonly string[];
  imaging: string;
}

export const BODY_PARTS: readonly BodyPart[] = [
  {
    name: 'lumbar spine',
    icd: 'M54.50',
    diagnosis: 'Lumbar spine sprain/strain with radiculopathy',
    exam: [
      'Tenderness to palpation over the lumbar paraspinal musculature bilaterally.',
      'Straight leg raise is positive on the right at 60 degrees.',
      'Lumbar flexion 45 degrees, extension 15 degrees, with pain at end range.',
    ],
    imaging: 'MRI of the lumbar spine shows a 3-4 mm disc protrusion at L4-L5 and L5-S1.',
  },
  {
    name: 'cervical spine',
    icd: 'M54.2',
    diagnosis: 'Cervical spine sprain/strain, cervicalgia',
    exam: [
      'Cervical range of motion is decreased in rotation bilaterally.',
      'Spurling test is negative bilaterally.',
      'Trapezius muscle guarding is present, left greater than right.',
    ],
    imaging: 'MRI of the cervical spine demonstrates a 2 mm disc bulge at C5-C6.',
  },
  {
    name: 'right shoulder',
    icd: 'M75.101',
    diagnosis: 'Right shoulder rotator cuff tendinosis, impingement syndrome',
    exam: [
      'Neer and Hawkins impingement signs are positive on the right.',
      'Right shoulder abduction measures 140 degrees, flexion 150 degrees.',
      'Supraspinatus strength is 4/5 on the right.',
    ],
    imaging: 'MR arthrogram of the right shoulder reveals a partial-thickness supraspinatus tear.',
  },
  {
    name: 'left shoulder',
    icd: 'M75.102',
    diagnosis: 'Left shoulder strain, rule out labral tear',
    exam: [
      'Tenderness over the left acromioclavicular joint.',
      "O'Brien test is equivocal on the left.",
      'Left shoulder internal rotation is limited to 50 degrees.',
    ],
    imaging: 'MRI of the left shoulder shows acromioclavicular joint arthrosis.',
  },
  {
    name: 'left knee',
    icd: 'S83.242A',
    diagnosis: 'Left knee medial meniscus tear',
    exam: [
      'McMurray test is positive medially on the left.',
      'Mild effusion of the left knee; flexion 115 degrees.',
      'Medial joint line tenderness is present.',
    ],
    imaging:
      'MRI of the left knee shows a complex tear of the posterior horn of the medial meniscus.',
  },
  {
    name: 'right knee',
    icd: 'M17.11',
    diagnosis: 'Right knee internal derangement with osteoarthritis',
    exam: [
      'Crepitus with range of motion of the right knee.',
      'Right knee flexion 120 degrees, extension 0 degrees.',
      'Patellar grind test is positive.',
    ],
    imaging: 'X-rays of the right knee show moderate medial compartment narrowing.',
  },
  {
    name: 'bilateral wrists',
    icd: 'G56.03',
    diagnosis: 'Bilateral carpal tunnel syndrome',
    exam: [
      "Tinel's and Phalen's signs are positive bilaterally.",
      'Grip strength by Jamar dynamometer: right 22/20/18 kg, left 24/22/20 kg.',
      'Two-point discrimination is 6 mm in the median nerve distribution.',
    ],
    imaging: 'EMG/NCV studies show moderate bilateral median neuropathy at the wrist.',
  },
  {
    name: 'psyche',
    icd: 'F43.23',
    diagnosis: 'Adjustment disorder with mixed anxiety and depressed mood',
    exam: [
      'Mood is described as "stressed and sad"; affect is constricted.',
      'Beck Depression Inventory-II score of 24, in the moderate range.',
      'No suicidal ideation is reported.',
    ],
    imaging: 'Psychological testing included the MMPI-2-RF, BAI and BDI-II.',
  },
  {
    name: 'gastrointestinal system',
    icd: 'K21.9',
    diagnosis: 'Gastroesophageal reflux disease secondary to NSAID use',
    exam: [
      'The abdomen is soft with mild epigastric tenderness.',
      'Bowel sounds are present in all four quadrants.',
      'No rebound or guarding.',
    ],
    imaging: 'Upper GI series was reported as normal.',
  },
  {
    name: 'sleep (insomnia)',
    icd: 'G47.00',
    diagnosis: 'Insomnia due to chronic pain',
    exam: [
      'The applicant reports sleeping four to five hours per night.',
      'Epworth Sleepiness Scale score of 12.',
      'No witnessed apneas are reported.',
    ],
    imaging: 'A polysomnogram was not performed.',
  },
  {
    name: 'right wrist',
    icd: 'S63.501A',
    diagnosis: 'Right wrist sprain, rule out TFCC tear',
    exam: [
      'Tenderness over the ulnar aspect of the right wrist.',
      'Right wrist dorsiflexion 50 degrees, palmar flexion 55 degrees.',
      'Finkelstein test is negative.',
    ],
    imaging: 'MRI of the right wrist shows a small TFCC perforation.',
  },
  {
    name: 'cardiovascular system (hypertension)',
    icd: 'I10',
    diagnosis: 'Hypertension, aggravated by industrial stress',
    exam: [
      'Blood pressure 148/94 seated, 146/92 on repeat.',
      'Heart has regular rate and rhythm without murmur.',
      'No peripheral edema.',
    ],
    imaging: 'EKG shows normal sinus rhythm with left ventricular hypertrophy by voltage.',
  },
];

export const MEDICATIONS = [
  'Ibuprofen 800 mg three times a day',
  'Naproxen sodium 550 mg twice a day',
  'Cyclobenzaprine 7.5 mg at bedtime',
  'Omeprazole 20 mg daily',
  'Tramadol ER 100 mg daily',
  'Gabapentin 300 mg three times a day',
  'Lidocaine 5% patch, 12 hours on and 12 hours off',
  'Duloxetine 30 mg daily',
  'Meloxicam 15 mg daily',
  'Trazodone 50 mg at bedtime',
];

export const TREATMENT_REQUESTS = [
  'Physical therapy, two times per week for six weeks',
  'Acupuncture, six sessions',
  'Chiropractic manipulation, two times per week for four weeks',
  'Lumbar epidural steroid injection at L4-L5',
  'MRI of the lumbar spine without contrast',
  'Right shoulder arthroscopy with subacromial decompression',
  'Functional restoration program, 80 hours',
  'Cognitive behavioral therapy, six sessions',
  'EMG/NCV of the bilateral upper extremities',
  'Transcutaneous electrical nerve stimulation (TENS) unit, 30-day rental',
  'Home health care, 4 hours per day for 2 weeks',
  'Orthopedic consultation',
];

/** CPT/HCPCS lines for a medical bill: [code, description, typical fee]. */
export const BILL_CODES: ReadonlyArray<readonly [string, string, number]> = [
  ['99203', 'New patient office visit, low complexity', 185.42],
  ['99213', 'Established patient office visit', 98.76],
  ['99214', 'Established patient office visit, moderate', 142.3],
  ['97110', 'Therapeutic exercises, each 15 minutes', 38.9],
  ['97140', 'Manual therapy techniques, each 15 minutes', 35.27],
  ['97014', 'Electrical stimulation, unattended', 15.11],
  ['98941', 'Chiropractic manipulative treatment, 3-4 regions', 44.65],
  ['72148', 'MRI lumbar spine without contrast', 412.88],
  ['73221', 'MRI any joint of upper extremity without contrast', 398.1],
  ['20610', 'Arthrocentesis/injection, major joint', 92.15],
  ['95886', 'Needle EMG, each extremity', 121.5],
  ['WC002', 'Primary treating physician progress report (PR-2)', 15.0],
  ['ML104', 'Comprehensive medical-legal evaluation, extraordinary', 3380.0],
  ['ML201', 'Comprehensive medical-legal evaluation', 2015.0],
  ['J3301', 'Injection, triamcinolone acetonide, 10 mg', 12.4],
];

export const MECHANISMS: Record<string, readonly string[]> = {
  specific: [
    'was lifting a box weighing approximately 50 pounds when felt a sudden pop in the low back',
    'slipped on a wet floor and fell onto the right side',
    'was struck by a pallet jack that rolled into the left knee',
    'fell from a ladder approximately six feet onto the outstretched right arm',
    'was pulling a heavy cart when felt sharp pain in the shoulder',
    'was involved in a rear-end motor vehicle collision while driving a company vehicle',
    'tripped over a hose and twisted the knee',
  ],
  cumulative: [
    'developed gradually increasing pain from repetitive lifting, bending and twisting',
    'noted numbness and tingling in both hands from repetitive keyboard and scanner use',
    'attributes the symptoms to prolonged standing and walking on concrete floors',
    'describes continuous stress from workload, understaffing and conflicts with a supervisor',
    'performed repetitive overhead work with the upper extremities over several years',
  ],
};

export const REPORT_PHRASES = [
  'The applicant denies any prior injuries to the same body parts.',
  'The applicant has continued to work modified duty with restrictions.',
  'Pain is rated at 6/10 on the visual analog scale, increasing to 8/10 with activity.',
  'Activities of daily living are limited with respect to lifting, carrying and prolonged sitting.',
  'The applicant reports that symptoms worsen at the end of the work day.',
  'There is no history of diabetes, rheumatoid arthritis or thyroid disease.',
  'The applicant does not smoke and drinks alcohol only socially.',
  'Conservative treatment has included medication, physical therapy and a home exercise program.',
  'The applicant is right-hand dominant.',
  'The applicant was provided with a copy of the work restrictions.',
  'Sleep is disturbed two to three times per night because of pain.',
  'The applicant denies bowel or bladder dysfunction.',
  'The applicant was cooperative and appeared to give good effort throughout the evaluation.',
  'Review of systems is otherwise negative.',
  'Gait is antalgic; heel and toe walking are performed with difficulty.',
  'Sensation is intact to light touch in all dermatomes of the lower extremities.',
  'Deep tendon reflexes are 2+ and symmetric at the biceps, triceps and brachioradialis.',
  'The applicant is scheduled to return for re-evaluation in four to six weeks.',
];

export const RECORD_DOCS = [
  'Doctor First Report of Occupational Injury or Illness (Form 5021)',
  'PR-2 progress report',
  'Physical therapy daily notes',
  'MRI report',
  'Employer incident report',
  'Emergency department record',
  'Utilization review determination',
  'Deposition transcript of the applicant',
  'Job description',
  'Prior QME report',
  'Pharmacy records',
  'Personnel file',
];
