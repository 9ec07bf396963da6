/**
 * The request form as plain data (what the inputs hold) and the inputs it sends. A create is
 * checked with the same schema the server uses (src/shared/delivery/inputs.ts), so a missing
 * field is named before anything is sent, and the server's issues land on the same fields.
 */
import {
  createRequestInputSchema,
  JOB_FIELDS,
  updateRequestInputSchema,
} from '../../../shared/delivery/inputs';
import type { RequestData } from './operations';

export interface RequestForm {
  title: string;
  description: string;
  project_id: string;
  priority: string;
  request_type_id: string;
  request_action: string;
  status_id: string;
  job_settings: string[];
  employment_type: string;
  compensation_type: string;
  /** Dollars as typed; sent as cents. */
  compensation: string;
  candidate_min_exp: string;
  candidate_max_exp: string;
}

export type FormErrors = Partial<Record<string, string>>;
export interface Issue {
  path: string;
  message: string;
}

export const EMPTY_REQUEST_FORM: RequestForm = {
  title: '',
  description: '',
  project_id: '',
  priority: '3',
  request_type_id: '',
  request_action: 'build',
  status_id: '1',
  job_settings: [],
  employment_type: '',
  compensation_type: '',
  compensation: '',
  candidate_min_exp: '',
  candidate_max_exp: '',
};

export function formOf(r: RequestData): RequestForm {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    title: r.title,
    description: r.description,
    project_id: r.project_id,
    priority: String(r.priority),
    request_type_id: String(r.request_type_id),
    request_action: r.request_action,
    status_id: String(r.status_id),
    job_settings: r.job_settings ?? [],
    employment_type: r.employment_type ?? '',
    compensation_type: r.compensation_type ?? '',
    compensation: r.compensation === null ? '' : (r.compensation / 100).toFixed(2),
    candidate_min_exp: n(r.candidate_min_exp),
    candidate_max_exp: n(r.candidate_max_exp),
  };
}

const int = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));
const str = (value: string) => (value.trim() === '' ? undefined : value.trim());
const cents = (value: string) =>
  value.trim() === '' ? undefined : Math.round(Number(value.trim()) * 100);

/** The job fields of the form, only when the type is a sourcing one. */
function jobInput(form: RequestForm, sourcing: boolean) {
  if (!sourcing) return {};
  return {
    job_settings: form.job_settings.length > 0 ? form.job_settings : undefined,
    employment_type: str(form.employment_type),
    compensation_type: str(form.compensation_type),
    compensation: cents(form.compensation),
    candidate_min_exp: int(form.candidate_min_exp),
    candidate_max_exp: int(form.candidate_max_exp),
  };
}

const defined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/** The input of a create: what is filled in, plus who raises it and the project's company. */
export function createInputOf(
  form: RequestForm,
  context: { created_by: string; company_id: string | undefined; sourcing: boolean },
): Record<string, unknown> {
  return defined({
    title: str(form.title),
    description: str(form.description),
    project_id: str(form.project_id),
    priority: int(form.priority),
    request_type_id: int(form.request_type_id),
    created_by: context.created_by,
    request_action: str(form.request_action),
    company_id: context.company_id,
    status_id: int(form.status_id),
    ...jobInput(form, context.sourcing),
  });
}

/** The input of an edit: the request's own fields, and the job fields (cleared when emptied). */
export function updateInputOf(form: RequestForm, sourcing: boolean): Record<string, unknown> {
  const job = jobInput(form, sourcing);
  return {
    ...defined({
      title: form.title.trim(),
      description: form.description.trim(),
      priority: int(form.priority),
      request_type_id: int(form.request_type_id),
      request_action: form.request_action.trim(),
      status_id: int(form.status_id),
    }),
    ...(sourcing ? Object.fromEntries(JOB_FIELDS.map((f) => [f, job[f] ?? null])) : {}),
  };
}

/** The problems of an input by the shared schema, as issues (empty when it can be sent). */
export function checkInput(kind: 'create' | 'update', input: Record<string, unknown>): Issue[] {
  const schema = kind === 'create' ? createRequestInputSchema : updateRequestInputSchema;
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Issues on their fields (the first per field); `input.` prefixes dropped. */
export function errorsOf(issues: readonly Issue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^input\./, '').split('.')[0] ?? '';
    errors[field] ??= issue.message;
  }
  return errors;
}
