/**
 * The connector interface every CRM sits behind (the built-in local CRM, provider one): sign in,
 * refresh, list cases by cursor, upload a document to a case, create an activity on a case. Calls
 * go through `callCrm` (http.ts) so each is logged with its outcome and retried on 429 and 5xx.
 */

/** The case summary fields (spec section 3) a CRM answers for one case. */
export interface CrmCase {
  /** The case's id in the CRM. */
  case_id: string;
  case_number: string | null;
  name: string | null;
  client_name: string | null;
  eams_number: string | null;
  wcab_number: string | null;
  primary_number: string | null;
  alternate_number: string | null;
  legal_case_status: string | null;
  legal_case_type: string | null;
  date_of_incident: string | null;
  date_of_injury: string | null;
}

export interface CasePage {
  cases: CrmCase[];
  /** Where the next page starts; null on the last page. */
  next: string | null;
}

export interface CrmDocument {
  /** The case's id in the CRM. */
  case_id: string;
  /** The LexDesk document (processed file) being sent. */
  document_id: string;
  name: string;
  content_type: string;
  /** Its bytes, read only by connectors that send them. */
  read(): Promise<Buffer>;
  /**
   * Where a connector whose upload takes several calls keeps how far it got (each step committed
   * on its own), so a repeat after a failure or a crash resumes instead of uploading again.
   */
  progress?: UploadProgress;
}

export interface UploadProgress {
  load(): Promise<unknown>;
  save(state: unknown): Promise<void>;
}

export interface CrmActivity {
  case_id: string;
  /** The LexDesk document the activity is about, if any. */
  document_id?: string | null;
  activity_type: string;
  note: string;
  /** YYYY-MM-DD */
  date: string;
}

/** Tokens after a sign-in or refresh (kept sealed by the caller, never logged). */
export interface CrmTokens {
  access_token: string;
  refresh_token: string | null;
  /** When the access token stops working. */
  expires_at: Date | null;
}

/** A member of the firm's staff as the CRM knows them (for the staff import). */
export interface CrmStaffMember {
  /** The person's id in the CRM. */
  crm_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  /** The CRM's name for their role (matched to a legal role's crm_role_convention or name). */
  role: string | null;
}

export interface StaffPage {
  staff: CrmStaffMember[];
  /** Where the next page starts; null on the last page. */
  next: string | null;
}

export interface CrmConnector {
  /** The crm_type: 'local' for the built-in case store. */
  readonly type: string;
  /**
   * Exchanges what the user gave (an OAuth code with its verifier, or email and password) for
   * tokens; null for a CRM that needs no sign-in (the local one).
   */
  signIn(input: Record<string, string>): Promise<CrmTokens | null>;
  /** New tokens from the refresh token (refresh tokens are kept when the CRM sends none). */
  refresh(): Promise<CrmTokens | null>;
  listCases(cursor: string | null): Promise<CasePage>;
  uploadDocument(document: CrmDocument): Promise<{ id: string }>;
  createActivity(activity: CrmActivity): Promise<{ id: string }>;
  /** The firm's staff by cursor; absent for a CRM with no staff of its own (the local one). */
  listStaff?(cursor: string | null): Promise<StaffPage>;
}

/** A CRM answered with an error, or could not be reached. `retryable`: 429, 5xx, network. */
export class CrmCallError extends Error {
  readonly status: number | null;
  readonly retryable: boolean;
  constructor(message: string, status: number | null, retryable: boolean) {
    super(message);
    this.name = 'CrmCallError';
    this.status = status;
    this.retryable = retryable;
  }
}
