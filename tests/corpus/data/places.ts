/**
 * California places for the corpus: WCAB district offices with their three-letter codes (used in
 * legacy case numbers like "LAO 0812345" and on hearing notices) and a few cities and streets for
 * addresses. Office addresses are approximate; they only need to look like an address block.
 */

export interface DistrictOffice {
  code: string;
  city: string;
  address: string;
  zip: string;
}

export const DISTRICT_OFFICES: readonly DistrictOffice[] = [
  { code: 'LAO', city: 'Los Angeles', address: '320 West 4th Street, 9th Floor', zip: '90013' },
  { code: 'VNO', city: 'Van Nuys', address: '6150 Van Nuys Boulevard, Room 105', zip: '91401' },
  {
    code: 'SFO',
    city: 'San Francisco',
    address: '455 Golden Gate Avenue, 2nd Floor',
    zip: '94102',
  },
  { code: 'OAK', city: 'Oakland', address: '1515 Clay Street, 6th Floor', zip: '94612' },
  { code: 'ANA', city: 'Anaheim', address: '1065 N. PacifiCenter Drive, Suite 170', zip: '92806' },
  { code: 'SDO', city: 'San Diego', address: '7575 Metropolitan Drive, Suite 202', zip: '92108' },
  { code: 'LBO', city: 'Long Beach', address: '300 Oceangate Street, Suite 200', zip: '90802' },
  { code: 'POM', city: 'Pomona', address: '732 Corporate Center Drive', zip: '91768' },
  { code: 'RIV', city: 'Riverside', address: '3737 Main Street, Suite 300', zip: '92501' },
  { code: 'SBR', city: 'San Bernardino', address: '464 West 4th Street, Suite 239', zip: '92401' },
  { code: 'SAC', city: 'Sacramento', address: '160 Promenade Circle, Suite 300', zip: '95834' },
  { code: 'SJO', city: 'San Jose', address: '100 Paseo de San Antonio, Room 241', zip: '95113' },
  { code: 'FRE', city: 'Fresno', address: '2550 Mariposa Mall, Room 4078', zip: '93721' },
  { code: 'BAK', city: 'Bakersfield', address: '1800 30th Street, Suite 100', zip: '93301' },
  { code: 'OXN', city: 'Oxnard', address: '1901 North Rice Avenue, Suite 200', zip: '93030' },
  {
    code: 'MDR',
    city: 'Marina del Rey',
    address: '4720 Lincoln Boulevard, Suite 200',
    zip: '90292',
  },
  { code: 'STK', city: 'Stockton', address: '31 East Channel Street, Room 344', zip: '95202' },
  { code: 'SRO', city: 'Santa Rosa', address: '50 D Street, Room 420', zip: '95404' },
  { code: 'SAL', city: 'Salinas', address: '1880 North Main Street, Suite 100', zip: '93906' },
  { code: 'RDG', city: 'Redding', address: '250 Hemsted Drive, 2nd Floor', zip: '96002' },
  { code: 'EUR', city: 'Eureka', address: '100 H Street, Suite 202', zip: '95501' },
  { code: 'SAA', city: 'Santa Ana', address: '2 MacArthur Place, 3rd Floor', zip: '92707' },
];

export const CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Los Angeles', '900'],
  ['Van Nuys', '914'],
  ['Long Beach', '908'],
  ['Pasadena', '911'],
  ['Santa Ana', '927'],
  ['Anaheim', '928'],
  ['Riverside', '925'],
  ['Ontario', '917'],
  ['San Bernardino', '924'],
  ['San Diego', '921'],
  ['Chula Vista', '919'],
  ['Oakland', '946'],
  ['San Francisco', '941'],
  ['San Jose', '951'],
  ['Fremont', '945'],
  ['Sacramento', '958'],
  ['Stockton', '952'],
  ['Fresno', '937'],
  ['Bakersfield', '933'],
  ['Modesto', '953'],
  ['Oxnard', '930'],
  ['Salinas', '939'],
  ['Santa Rosa', '954'],
  ['Downey', '902'],
  ['Torrance', '905'],
  ['Glendale', '912'],
  ['Pomona', '917'],
  ['Whittier', '906'],
];

export const STREET_NAMES = [
  'Main Street',
  'Wilshire Boulevard',
  'Sunset Boulevard',
  'Broadway',
  'Figueroa Street',
  'Oak Avenue',
  'Mission Street',
  'El Camino Real',
  'Harbor Boulevard',
  'University Avenue',
  'Ventura Boulevard',
  'Colorado Boulevard',
  'Market Street',
  'Grand Avenue',
  'Pine Street',
  'Lakeshore Drive',
  'Washington Boulevard',
  'Alameda Street',
  'Imperial Highway',
  'Palm Avenue',
] as const;

export const AREA_CODES = [
  '213',
  '310',
  '323',
  '562',
  '626',
  '714',
  '818',
  '909',
  '951',
  '619',
  '510',
  '415',
  '408',
  '916',
  '209',
  '559',
  '661',
  '805',
] as const;
