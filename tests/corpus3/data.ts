/**
 * Word pools for people, companies and places on California workers' compensation paper. Names mix
 * the state's applicant population: Spanish, Armenian, Vietnamese, Filipino, Korean and Anglo names,
 * with accents, hyphenated and compound surnames and suffixes, because those are what trip readers.
 */

export interface PersonName {
  first: string;
  middle: string | null; // an initial, without the period
  last: string;
  suffix: string | null;
}

export const FIRST_NAMES = [
  'María',
  'José',
  'Juan',
  'Guadalupe',
  'Jesús',
  'Verónica',
  'Raúl',
  'Sofía',
  'Andrés',
  'Rocío',
  'Armen',
  'Anahit',
  'Tigran',
  'Lilit',
  'Hovhannes',
  'Narine',
  'Vartan',
  'Gayane',
  'Thanh',
  'Minh',
  'Lan',
  'Hoa',
  'Tuan',
  'Phuong',
  'Duc',
  'Maricel',
  'Rodelio',
  'Jocelyn',
  'Ernesto',
  'Marites',
  'Danilo',
  'Rowena',
  'Ji-Hoon',
  'Soo-Min',
  'Eun Ji',
  'Robert',
  'Linda',
  'Michael',
  'Patricia',
  'James',
  'Deborah',
  'Kevin',
  'Tamika',
  'DeShawn',
  'Brittany',
  'Gregory',
  'Shannon',
  'Terrence',
  'Angela',
];

export const LAST_NAMES = [
  'Peña',
  'Núñez',
  'García-López',
  'De la Cruz',
  'Hernández',
  'Gutiérrez',
  'Ramírez',
  'Vásquez',
  'Ortiz Medina',
  'Castañeda',
  'Zúñiga',
  'Sandoval',
  'Del Toro',
  'Ibáñez',
  'Hakobyan',
  'Petrosyan',
  'Sargsyan',
  'Avetisyan',
  'Ter-Grigoryan',
  'Khachatryan',
  'Manukian',
  'Nguyen',
  'Tran',
  'Pham',
  'Le',
  'Vo',
  'Huynh',
  'Dang',
  'Santos',
  'Dela Rosa',
  'Bautista',
  'Villanueva',
  'Macaraeg',
  'Dimaculangan',
  'Pangilinan',
  'Kim',
  'Park',
  'Choi',
  'Johnson',
  "O'Neill",
  'McAllister',
  'Washington',
  'Whitfield',
  'Brooks-Carter',
  'Sullivan',
  'Thompson',
  'Reyes-Whitaker',
];

export const SUFFIXES = ['Jr.', 'Sr.', 'III', 'II'];

export interface Company {
  /** As a caption prints it. */
  name: string;
  /** A short trade form for a case name, e.g. "Acme Foods". */
  short: string;
}

export const EMPLOYERS: Company[] = [
  { name: 'Golden State Produce Distributors, Inc.', short: 'Golden State Produce' },
  { name: 'Valley Crest Poultry, LLC', short: 'Valley Crest Poultry' },
  { name: 'Pacific Coast Staffing Solutions, Inc.', short: 'Pacific Coast Staffing' },
  { name: 'Sunrise Senior Living Community', short: 'Sunrise Senior Living' },
  { name: 'County of Los Angeles', short: 'County of Los Angeles' },
  { name: 'Tri-Counties Warehouse & Logistics Corp.', short: 'Tri-Counties Warehouse' },
  { name: 'El Camino Hospital Foundation', short: 'El Camino Hospital' },
  { name: 'Mission Linen Supply', short: 'Mission Linen' },
  { name: 'Ralphs Grocery Company', short: 'Ralphs Grocery' },
  { name: 'Inland Empire Drywall Contractors, Inc.', short: 'Inland Empire Drywall' },
  { name: 'Bay Area Rapid Transit District', short: 'BART' },
  { name: 'Santa Ana Unified School District', short: 'Santa Ana USD' },
  { name: 'Harbor Freight Tools USA, Inc.', short: 'Harbor Freight Tools' },
  { name: 'Fresno Pallet & Crate Co.', short: 'Fresno Pallet' },
  { name: 'Glendale Adventist Medical Center', short: 'Glendale Adventist' },
  { name: 'Mariposa Landscaping Services', short: 'Mariposa Landscaping' },
  { name: 'Westside Auto Body & Paint', short: 'Westside Auto Body' },
  { name: 'Tapia Brothers Farm Labor Contracting', short: 'Tapia Brothers' },
];

/** Insurers (carriers) and, separately, third-party administrators that adjust for them. */
export const INSURERS = [
  'State Compensation Insurance Fund',
  'Zenith Insurance Company',
  'Travelers Property Casualty Company of America',
  'Republic Indemnity Company of America',
  'Employers Compensation Insurance Company',
  'ICW Group / Insurance Company of the West',
  'Liberty Mutual Insurance Company',
  'Everest National Insurance Company',
  'Berkshire Hathaway Homestate Insurance Company',
  'Safety National Casualty Corporation',
  'CIGA for Fremont Compensation Insurance Company, in liquidation',
];

export const ADMINISTRATORS = [
  'Sedgwick Claims Management Services, Inc.',
  'Gallagher Bassett Services, Inc.',
  'CorVel Corporation',
  'Intercare Holdings Insurance Services, Inc.',
  'AmTrust North America',
  'Athens Administrators',
  'Acclamation Insurance Management Services',
  'Tristar Risk Management',
  'York Risk Services Group',
  'ESIS, Inc.',
];

export const STREETS = [
  '1850 W. Olive Avenue',
  '3400 Wilshire Boulevard, Suite 1200',
  '455 N. Brand Blvd., 9th Floor',
  '2121 Alton Parkway, Suite 100',
  '7700 Irvine Center Drive, Ste. 400',
  '1 Park Plaza, Suite 650',
  '5000 Van Nuys Blvd., Suite 310',
  '2400 Ventura Street',
  '1111 Broadway, 3rd Floor',
  '16501 Ventura Boulevard #500',
  '621 Capitol Mall, 18th Floor',
  '3750 University Ave., Suite 250',
  'P.O. Box 14523',
  'P.O. Box 8076',
  '12011 San Vicente Blvd.',
  '888 S. Figueroa Street, Ste. 1900',
  '2550 Mariposa Mall',
  '404 E. Colorado Street, Suite 5',
  '950 Glenn Drive, Suite 120',
];

export const CITIES = [
  'Los Angeles, CA 90010',
  'Glendale, CA 91203',
  'Irvine, CA 92614',
  'Sacramento, CA 95814',
  'Fresno, CA 93721',
  'Riverside, CA 92501',
  'San Diego, CA 92108',
  'Van Nuys, CA 91401',
  'Oakland, CA 94607',
  'Santa Ana, CA 92701',
  'Encino, CA 91436',
  'Bakersfield, CA 93301',
  'San Bernardino, CA 92408',
  'Pasadena, CA 91101',
  'Lexington, KY 40512',
  'Folsom, CA 95630',
];

export const APPLICANT_FIRMS = [
  'Law Offices of Ramírez & Associates',
  'Ghazarian, Boyadjian & Partners, APC',
  'Workers Injury Law Group',
  'Nguyen & Sato, LLP',
  'Moreno Workers Compensation Attorneys',
  'The Sandoval Law Firm, APC',
];

export const DEFENSE_FIRMS = [
  'Bradford & Barthel, LLP',
  'Hanna, Brophy, MacLean, McAleer & Jensen, LLP',
  'Mullen & Filippi, LLP',
  'Floyd, Skeren, Manukian & Langevin, LLP',
  'Laughlin, Falbo, Levy & Moresi LLP',
  'Lewis Brisbois Bisgaard & Smith LLP',
];

export const DOCTORS = [
  { name: 'Hrair Mkrtchyan, M.D.', spec: 'Orthopaedic Surgery' },
  { name: 'Linda T. Pham, D.O.', spec: 'Physical Medicine and Rehabilitation' },
  { name: 'Richard A. Feldman, M.D.', spec: 'Orthopaedic Surgery' },
  { name: 'Ana Lucía Beltrán, M.D.', spec: 'Internal Medicine' },
  { name: 'Steven J. Kowalski, D.C.', spec: 'Chiropractic' },
  { name: 'Mahmoud Haddad, M.D.', spec: 'Pain Medicine' },
  { name: 'Jennifer W. Cho, Psy.D.', spec: 'Psychology' },
  { name: 'Edgar Villaseñor, M.D.', spec: 'Neurology' },
  { name: 'Paul K. Whitmore, M.D., F.A.A.O.S.', spec: 'Orthopaedic Surgery' },
  { name: 'Rosalind Okafor, M.D.', spec: 'Occupational Medicine' },
];

export const CLINICS = [
  'Southern California Orthopedic Institute',
  'Valley Occupational Medical Group',
  'Concentra Medical Centers',
  'Pacific Spine & Pain Management',
  'U.S. HealthWorks Medical Group',
  'Golden Bear Physical Therapy',
  'Premier Imaging Center of Glendale',
  'Westlake Psychological Services',
];

export const ADJUSTERS = [
  'Karen Mitchell',
  'Luis Alvarado',
  'Denise Yamamoto',
  'Brian Castellanos',
  'Tina Ohanian',
  'Marcus Bell',
  'Rebecca Nuñez',
  'Samantha Trinh',
];

export const JUDGES = [
  'ROBERT L. HAYES',
  'MARISELA OCHOA',
  'DAVID S. KHOURY',
  'PATRICIA M. LEE',
  'JONATHAN WEISS',
];

export const WCAB_OFFICES = [
  { city: 'Van Nuys', code: 'VNO', street: '6150 Van Nuys Boulevard, Van Nuys, CA 91401' },
  {
    city: 'Los Angeles',
    code: 'LAO',
    street: '320 West 4th Street, 9th Floor, Los Angeles, CA 90013',
  },
  {
    city: 'Anaheim',
    code: 'AHM',
    street: '1065 N. PacifiCenter Drive, Suite 170, Anaheim, CA 92806',
  },
  { city: 'Oakland', code: 'OAK', street: '1515 Clay Street, 6th Floor, Oakland, CA 94612' },
  { city: 'Fresno', code: 'FRE', street: '2550 Mariposa Mall, Room 4078, Fresno, CA 93721' },
  {
    city: 'San Bernardino',
    code: 'SBR',
    street: '464 W. 4th Street, Suite 239, San Bernardino, CA 92401',
  },
  {
    city: 'Marina del Rey',
    code: 'MDR',
    street: '4720 Lincoln Blvd., 2nd Floor, Marina del Rey, CA 90292',
  },
];

export const BODY_PARTS = [
  'lumbar spine',
  'cervical spine',
  'right shoulder',
  'left shoulder',
  'right knee',
  'left knee',
  'bilateral wrists',
  'right wrist',
  'left hand',
  'psyche',
  'internal (hypertension)',
  'sleep',
  'thoracic spine',
  'right elbow',
  'bilateral feet',
  'headaches',
];

export const OCCUPATIONS = [
  'warehouse associate',
  'forklift operator',
  'certified nursing assistant',
  'bus operator',
  'farm laborer',
  'cashier',
  'drywall installer',
  'custodian',
  'meat cutter',
  'delivery driver',
  'teacher aide',
  'machine operator',
  'home health aide',
  'line cook',
];
