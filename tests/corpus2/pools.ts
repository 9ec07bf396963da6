/**
 * Invented names and phrases for the second generator: people, employers, carriers and claims
 * administrators, law offices, clinics and medical vocabulary. None of these are real parties;
 * they are written for this generator and share nothing with tests/corpus/data.
 */

export const FIRST_NAMES = [
  'Rosalind',
  'Teodoro',
  'Guadalupe',
  'Darnell',
  'Yesenia',
  'Hoang',
  'Marisol',
  'Efrain',
  'Lakeisha',
  'Bartholomew',
  'Ngozi',
  'Socorro',
  'Wendell',
  'Anahi',
  'Raymundo',
  'Priya',
  'Cornelius',
  'Xochitl',
  'Fernando',
  'Imelda',
  'Thaddeus',
  'Kalani',
  'Evangelina',
  'Osvaldo',
  'Delphine',
  'Arturo',
  'Shirin',
  'Leopoldo',
  'Tamika',
  'Vartan',
  'Consuelo',
  'Mikhail',
] as const;

export const LAST_NAMES = [
  'Villaseñor',
  'Okonkwo',
  'Tran',
  'Castellanos',
  'Whitfield',
  'Zamudio',
  'Abernathy',
  'Nakamura',
  'Quintanilla',
  'Haddad',
  'Oyelaran',
  'Bustamante',
  'Kowalczyk',
  'Esparza',
  'Lindqvist',
  'Ocampo',
  'Petrosyan',
  'Delacroix',
  'Santillan',
  'Mbeki',
  'Arredondo',
  'Fairbanks',
  'Ibarra-Luna',
  'Gutowski',
  'Renteria',
  'Szabo',
  'Maldonado',
  'Achterberg',
  'Ventura',
  'Mirzaei',
  'Calderon',
  'Yoshida',
] as const;

export const MIDDLE_INITIALS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'G',
  'J',
  'L',
  'M',
  'R',
  'S',
  'T',
] as const;

export const EMPLOYERS = [
  'Sierra Vista Packing Co.',
  'Harbor Gate Logistics, LLC',
  'Golden Poppy Home Care, Inc.',
  'Tri-Valley Sheet Metal Works',
  'Pacific Crest Hospitality Group',
  'Mission Oaks Unified School District',
  'Redwood Line Freight, Inc.',
  'Coastal Greens Landscaping',
  'Central Basin Cold Storage',
  'Los Feliz Auto Body & Paint',
  'Bayshore Medical Linen Services',
  'Inland Empire Pallet Corp.',
  'County of San Benito',
  'Starlite Janitorial Services, Inc.',
  'Vineyard Ridge Farms, LLC',
  'Arroyo Seco Concrete Pumping',
  'Del Mar Fresh Markets',
  'Canyon Country Roofing, Inc.',
] as const;

export const INSURERS = [
  'Westbrook Mutual Insurance Company',
  'Golden Bear Casualty Insurance Co.',
  'State Compensation Insurance Fund',
  'Pacific Indemnity Underwriters',
  'Sequoia National Assurance Company',
  'Republic Coastal Insurance Company',
  'Tamarack Specialty Insurance Co.',
  'Harborline Fire & Casualty Company',
] as const;

export const ADMINISTRATORS = [
  'Keystone Claims Management, Inc.',
  'Alder Risk Services',
  'CompPath Administrators, LLC',
  'Meridian Adjusting Group',
  'Brightwater Claims Solutions',
  'Summit TPA Services, Inc.',
] as const;

export const APPLICANT_FIRMS = [
  'Law Offices of Ricardo Ferreira',
  'Nwosu & Whitlock, APC',
  'Injured Workers Legal Center',
  'Duarte, Pham & Kessler LLP',
  'Bell Canyon Law Group',
] as const;

export const DEFENSE_FIRMS = [
  'Hollister Crane Defense Counsel',
  'Marchetti & Vogel, LLP',
  'Ashgrove Kirby Law Corporation',
  'Tolliver Brandt & Associates',
  'Linwood Park Attorneys at Law',
] as const;

export const LAWYER_NAMES = [
  'Simone Achebe',
  'Gregory T. Pflueger',
  'Ana Lucia Brenes',
  'Malcolm Oduya',
  'Katrin Halvorsen',
  'Jerome P. Castaneda',
  'Vivian Moradi',
  'Desmond Rourke',
  'Lorena Ibsen',
  'Patrick Ng',
] as const;

export const CLINICS = [
  'Eastside Occupational Medicine Group',
  'Valley Orthopedic & Spine Institute',
  'Lakeshore Pain Management Associates',
  'Crossroads Physical Therapy',
  'Pacific Imaging Diagnostic Center',
  'Foothill Neurology Medical Group',
] as const;

export const DOCTORS = [
  'Harold Mbatha, M.D.',
  'Ileana Cordova, D.O.',
  'Raj Venkataraman, M.D.',
  'Sabine Trautmann, M.D.',
  'Marcus Ellery, D.C.',
  'Nadia Fortunato, M.D.',
  'Kenji Arakawa, M.D.',
  'Oluwaseun Adeyemi, M.D.',
] as const;

export const BODY_PARTS = [
  'lumbar spine',
  'cervical spine',
  'right shoulder',
  'left knee',
  'right wrist',
  'left elbow',
  'bilateral hands',
  'thoracic spine',
  'right hip',
  'psyche',
  'left ankle',
] as const;

export const DIAGNOSES = [
  'lumbar radiculopathy',
  'rotator cuff tendinosis',
  'carpal tunnel syndrome',
  'cervical strain',
  'medial meniscus tear',
  'lateral epicondylitis',
  'plantar fasciitis',
  'adjustment disorder',
] as const;

export const TREATMENTS = [
  'physical therapy, 2 times a week for 6 weeks',
  'MRI of the lumbar spine without contrast',
  'lumbar epidural steroid injection at L4-L5',
  'EMG/NCV of the bilateral upper extremities',
  'acupuncture, 6 sessions',
  'orthopedic consultation',
  'TENS unit purchase',
  'cognitive behavioral therapy, 8 sessions',
  'tramadol 50 mg, #60',
] as const;

export const WCAB_OFFICES = [
  'Anaheim',
  'Van Nuys',
  'Oakland',
  'San Diego',
  'Riverside',
  'Santa Ana',
  'Fresno',
  'Long Beach',
  'Marina del Rey',
  'Pomona',
  'Sacramento',
  'Stockton',
] as const;

export const JUDGES = [
  'Helena Sorensen',
  'Rodrigo Paz',
  'Claudette Minh',
  'Abraham Tesfaye',
] as const;

export const STREETS = [
  'Alvarado Blvd.',
  'Cypress Hollow Rd.',
  'E. Olive Ave.',
  'Marengo St.',
  'Rancho Vista Dr.',
  'Wilshire Blvd.',
  'N. Harbor Blvd.',
  'Camino Real',
  'Palm Canyon Way',
  'Tustin Ranch Rd.',
] as const;

export const CITIES = [
  'Fresno, CA 93721',
  'Ontario, CA 91761',
  'Oakland, CA 94612',
  'Santa Ana, CA 92701',
  'Bakersfield, CA 93301',
  'Torrance, CA 90503',
  'Sacramento, CA 95814',
  'Pasadena, CA 91101',
] as const;

export const MONTHS = [
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
] as const;
