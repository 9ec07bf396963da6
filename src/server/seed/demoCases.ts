/**
 * The demo law firm's open cases: seeded by demo.ts, and the cases the demo's generated bundles
 * (demo-files/, made by tests/corpus/demo.ts) are about, so their documents match.
 */
export const DEMO_CASES = [
  {
    case_number: 'HV-2023-0415',
    name: 'Gonzalez v. Acme Warehousing',
    client_name: 'Maria Gonzalez',
    eams_number: 'ADJ10234567',
    date_of_injury: '2023-03-15',
    legal_case_status: 'Open',
    legal_case_type: "Workers' Compensation",
  },
  {
    case_number: 'HV-2022-0871',
    name: 'Alvarez v. Pacific Produce',
    client_name: 'Jorge Alvarez',
    eams_number: 'ADJ11876502',
    primary_number: 'PP-WC-22-18874',
    date_of_injury: '2022-08-02',
    legal_case_status: 'Open',
    legal_case_type: "Workers' Compensation",
  },
  {
    case_number: 'HV-2021-0233',
    name: 'Nguyen v. Bayview Medical Center',
    client_name: 'Linh Nguyen',
    eams_number: 'ADJ13304418',
    wcab_number: 'SFO 0512345',
    date_of_injury: '2021-05-20',
    legal_case_status: 'Open',
    legal_case_type: "Workers' Compensation",
  },
];
