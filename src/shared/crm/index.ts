/**
 * The CRM integrations contract (issue 18) shared by server and renderer: the REST bodies, the
 * integration as the renderer sees it (never a credential or token) and the providers offered.
 */
import { z } from 'zod';
import { int32, text } from '../schemas/input';

/** Providers with a connector. `local` is the built-in case store (no row, the default). */
export const CRM_PROVIDERS = [
  {
    crm_type: 'clio',
    label: 'Clio Manage',
    sign_in: 'oauth',
    default_base_url: 'https://app.clio.com',
  },
  {
    crm_type: 'smartadvocate',
    label: 'SmartAdvocate',
    sign_in: 'password',
    default_base_url: 'https://app.smartadvocate.com',
  },
  {
    crm_type: 'contactslaw',
    label: 'ContactsLaw',
    sign_in: 'password',
    /** On the firm's own server (the ContactsLaw Daemon): no address of the vendor's to default to. */
    default_base_url: null,
  },
] as const;

export type CrmType = (typeof CRM_PROVIDERS)[number]['crm_type'];
export const CRM_TYPES = CRM_PROVIDERS.map((p) => p.crm_type) as [CrmType, ...CrmType[]];
export const DATA_TYPES = ['cases'] as const;
export const SYNC_TYPES = ['manual', 'interval'] as const;
/** Interval sync: at least every 5 minutes is refused; at most once a week. */
export const SYNC_INTERVAL_MIN = 300;
export const SYNC_INTERVAL_MAX = 7 * 24 * 3600;
export const LOGS_PAGE_DEFAULT = 10;

const uuid = z.uuid();

export const listIntegrationsBody = z.object({
  company_id: uuid,
  crm_type: z.enum(CRM_TYPES).optional(),
});

export const activeIntegrationBody = z.object({
  company_id: uuid,
  data_type: z.enum(DATA_TYPES).default('cases'),
});

export const updateIntegrationBody = z
  .object({
    sync_type: z.enum(SYNC_TYPES).optional(),
    sync_interval_seconds: int32(SYNC_INTERVAL_MIN, SYNC_INTERVAL_MAX).optional(),
    is_active: z.boolean().optional(),
    active_once: z.boolean().optional(),
    email: z
      .union([z.literal(''), z.email('Enter a valid email address.')])
      .nullable()
      .optional(),
    crm_base_url: z
      .url({ protocol: /^https?$/, error: 'Enter the CRM address, starting with https://.' })
      .nullable()
      .optional(),
  })
  .strict();

export const integrationLogsBody = z.object({
  company_id: uuid,
  integration_id: uuid.optional(),
  first: int32(1, 100).default(LOGS_PAGE_DEFAULT),
  offset: int32(0).default(0),
});

/** POST /legal-user/staff: the firm's staff from one of its CRM integrations. */
export const importStaffBody = z.object({
  companyId: uuid,
  legal_crm: z.enum(CRM_TYPES),
  integration_id: uuid,
  /** Import only the person with this email. */
  emailId: z.email('Enter a valid email address.').max(320).optional(),
});

export interface StaffImportResult {
  /** People the CRM listed (after the email filter). */
  received: number;
  created: number;
  updated: number;
  /** Listed without a usable email. */
  skipped: number;
}

export const requestCrmBody = z.object({
  crm_name: text()
    .trim()
    .min(1, 'Enter the name of the CRM.')
    .max(200, 'Keep the CRM name under 200 characters.'),
  company_id: uuid,
  requested_by: uuid,
});

export const oauthStartQuery = z.object({ companyId: uuid });
export const oauthStartBody = z
  .object({
    /** Where the CRM sends the browser back (a loopback address of this app, or the configured one). */
    redirect_uri: z.url({ protocol: /^https?$/ }).optional(),
    crm_base_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .default({});
export const oauthCallbackQuery = z.object({ code: text().min(1).max(2000) });
export const oauthCallbackBody = z.object({
  company_id: uuid,
  state: text().min(1).max(200),
});

/** Provider two (SmartAdvocate): POST auth?company_id with the user's sign-in. */
export const passwordAuthQuery = z.object({ company_id: uuid });
export const passwordAuthBody = z
  .object({
    /** The SmartAdvocate user name (an email or a login name). */
    email: text().trim().min(1, 'Enter the email or user name.').max(320),
    password: text().min(1, 'Enter the password.').max(500),
    crm_base_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .strict();
/** Provider two: POST toggle_status?company_id&is_active turns the connected integration on or off. */
export const toggleStatusQuery = z.object({
  company_id: uuid,
  is_active: z.enum(['true', 'false']).transform((v) => v === 'true'),
});

/** Provider three (ContactsLaw): POST /contactslaw/authenticate, the company in the body. */
export const contactsLawAuthBody = z
  .object({
    /** The ContactsLaw user name (an email or a login name). */
    email: text().trim().min(1, 'Enter the email or user name.').max(320),
    password: text().min(1, 'Enter the password.').max(500),
    company_id: uuid,
    /** The firm's ContactsLaw server (its REST API address); kept from before when absent. */
    crm_base_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .strict();
/** Provider three: PUT /contactslaw/update-data-management turns the connected integration on or off. */
export const updateDataManagementBody = z
  .object({ isActive: z.boolean(), company_id: uuid })
  .strict();

export interface SyncResult {
  received: number;
  created: number;
  updated: number;
  skipped: number;
  duplicates: number;
  chunks: number;
  error?: string;
}

/** An integration as the renderer sees it. */
export interface IntegrationView {
  id: string;
  company_id: string;
  crm_type: string;
  data_type: string;
  sync_type: string;
  sync_interval_seconds: number;
  is_active: boolean;
  active_once: boolean;
  last_sync: string | null;
  email: string | null;
  crm_base_url: string | null;
  /** Signed in: the server holds tokens for it. */
  connected: boolean;
  last_sync_result: SyncResult | null;
  created_at: string;
  updated_at: string;
}

export interface IntegrationLogView {
  id: number;
  integration_id: string | null;
  crm_type: string;
  sync_type: string;
  operation: string;
  outcome: string;
  http_status: number | null;
  attempt: number;
  duration_ms: number;
  details: Record<string, unknown>;
  created_at: string;
}

export interface IntegrationLogPage {
  items: IntegrationLogView[];
  total: number;
  first: number;
  offset: number;
}
