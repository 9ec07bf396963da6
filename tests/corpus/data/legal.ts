/**
 * The legal side of the corpus's invented world: law firm names with the side they represent, and
 * workers' compensation judges' names for hearing notices, minutes and decisions.
 */

/** Invented law firm names: [name, side]. */
export const LAW_FIRMS: ReadonlyArray<readonly [string, 'applicant' | 'defense']> = [
  ['Law Offices of Ramirez & Associates', 'applicant'],
  ['Perez, Kline & Ortega, LLP', 'applicant'],
  ['The Workers Injury Law Center', 'applicant'],
  ['Goldberg & Ibarra, APC', 'applicant'],
  ['Solano Injured Workers Attorneys', 'applicant'],
  ['Mendoza Law Group', 'applicant'],
  ['Nguyen & Sandoval Law Firm', 'applicant'],
  ['Hartwell, Stone & Carrigan LLP', 'defense'],
  ['Bradford & Lowe, A Professional Corporation', 'defense'],
  ['Mullen Fitch Defense Group', 'defense'],
  ['Ashby, Renner & Dale', 'defense'],
  ['Coastal Defense Counsel, LLP', 'defense'],
  ['Whitcomb Ferris Workers Compensation Defense', 'defense'],
];

export const JUDGES = [
  'Laura Kim',
  'Ronald Pierce',
  'Sofia Marquez',
  'David Okafor',
  'Helen Yamada',
  'Mark Castellanos',
  'Teresa Villasenor',
  'Gregory Ashworth',
] as const;
