/**
 * Evaluation (GET /admin/eval, spec section 7 "Admin"): a company's measures over a period beside
 * a compare period, for its managers. The range is checked with the server's own schema before it
 * is sent, so a bad range names its field here in the same words; each row says what it counts
 * and whether the change is an improvement.
 */
import {
  Button,
  Callout,
  FormGroup,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { Fragment, useCallback, useEffect, useState, type FormEvent } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import {
  EVAL_METRICS,
  evalQuery,
  previousPeriod,
  type EvalResult,
} from '../../../shared/evaluation';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { useConnection } from '../workflows/useConnection';
import { WorkflowApiError } from '../workflows/rest';
import { fetchEvaluation, type EvalRequest } from './api';
import { formatChange, formatValue } from './format';
import './evaluation.css';

const GROUPS = ['Processing', 'Review', 'Workflows'] as const;
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface RangeForm {
  startDate: string;
  endDate: string;
  compare: boolean;
  compare_start_date: string;
  compare_end_date: string;
}

/** The last 30 days up to today, beside the 30 days before them. */
function defaultForm(now = Date.now()): RangeForm {
  const period = { start_date: isoDay(now - 29 * DAY_MS), end_date: isoDay(now) };
  const before = previousPeriod(period);
  return {
    startDate: period.start_date,
    endDate: period.end_date,
    compare: true,
    compare_start_date: before.start_date,
    compare_end_date: before.end_date,
  };
}

function requestOf(form: RangeForm, companyId: string): EvalRequest {
  return {
    company_id: companyId,
    startDate: form.startDate,
    endDate: form.endDate,
    ...(form.compare
      ? { compare_start_date: form.compare_start_date, compare_end_date: form.compare_end_date }
      : {}),
  };
}

/** Field problems of a range, by field, in the schema's words. */
function problemsOf(request: EvalRequest): Record<string, string> {
  const parsed = evalQuery.safeParse(request);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

type Load =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string; details: string[] }
  | { status: 'succeeded'; result: EvalResult };

function DateField(props: {
  id: string;
  label: string;
  value: string;
  problem: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <FormGroup
      label={props.label}
      labelFor={props.id}
      intent={props.problem ? Intent.DANGER : Intent.NONE}
      helperText={props.problem}
      className="ld-eval-field"
    >
      <input
        id={props.id}
        type="date"
        className={`bp6-input${props.problem ? ' bp6-intent-danger' : ''}`}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.problem ? true : undefined}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    </FormGroup>
  );
}

const VERDICT_INTENT = { better: Intent.SUCCESS, worse: Intent.DANGER } as const;

function ResultTable({ result }: { result: EvalResult }) {
  const { period, compare } = result;
  const periodLabel = `${period.start_date} – ${period.end_date}`;
  const compareLabel = compare ? `${compare.start_date} – ${compare.end_date}` : null;
  return (
    <HTMLTable className="ld-eval-table" aria-label="Evaluation">
      <thead>
        <tr>
          <th scope="col">Measure</th>
          <th scope="col" className="ld-eval-num">
            {periodLabel}
          </th>
          {compareLabel ? (
            <>
              <th scope="col" className="ld-eval-num">
                {compareLabel}
              </th>
              <th scope="col" className="ld-eval-num">
                Change
              </th>
            </>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {GROUPS.map((group) => (
          <Fragment key={group}>
            <tr className="ld-eval-group">
              <th scope="rowgroup" colSpan={compareLabel ? 4 : 2}>
                {group}
              </th>
            </tr>
            {EVAL_METRICS.filter((metric) => metric.group === group).map((metric) => {
              const value = period.metrics[metric.key];
              const base = compare ? compare.metrics[metric.key] : null;
              const change = compare ? formatChange(metric, value, base) : null;
              const intent =
                change && (change.verdict === 'better' || change.verdict === 'worse')
                  ? VERDICT_INTENT[change.verdict]
                  : Intent.NONE;
              return (
                <tr key={metric.key} aria-label={metric.label}>
                  <th scope="row">
                    <div>{metric.label}</div>
                    <div className="ld-eval-hint">{metric.description}</div>
                  </th>
                  <td className="ld-eval-num" data-testid={`eval-${metric.key}`}>
                    {formatValue(metric.unit, value)}
                  </td>
                  {compare ? (
                    <>
                      <td className="ld-eval-num" data-testid={`eval-compare-${metric.key}`}>
                        {formatValue(metric.unit, base)}
                      </td>
                      <td className="ld-eval-num">
                        <Tag minimal intent={intent} data-verdict={change?.verdict}>
                          {change?.text}
                        </Tag>
                      </td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </Fragment>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export function EvaluationPage() {
  const viewer = useViewer();
  const connection = useConnection();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [form, setForm] = useState<RangeForm>(() => defaultForm());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [load, setLoad] = useState<Load>({ status: 'idle' });

  const run = useCallback(
    async (request: EvalRequest) => {
      if (!connection) return;
      setLoad({ status: 'loading' });
      try {
        setLoad({ status: 'succeeded', result: await fetchEvaluation(connection, request) });
      } catch (error) {
        setLoad({
          status: 'failed',
          message: describeError(error, PRODUCT_ERRORS.FETCH_EVAL_FAILED),
          details:
            error instanceof WorkflowApiError
              ? error.problems.map((problem) => problem.message)
              : [],
        });
      }
    },
    [connection],
  );

  useEffect(() => {
    if (companyId && canManage) void run(requestOf(defaultForm(), companyId));
  }, [companyId, canManage, run]);

  const set = (patch: Partial<RangeForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(form, companyId);
    const found = problemsOf(request);
    setProblems(found);
    if (Object.keys(found).length === 0) void run(request);
  };
  const usePrevious = () => {
    const before = previousPeriod({ start_date: form.startDate, end_date: form.endDate });
    set({
      compare: true,
      compare_start_date: before.start_date,
      compare_end_date: before.end_date,
    });
  };

  if (!canManage) {
    return (
      <Page title="Evaluation">
        <NonIdealState
          icon="lock"
          title="Only the company's administrators see its evaluation."
          className="ld-empty"
        />
      </Page>
    );
  }

  let body;
  if (load.status === 'failed') {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {load.message}
        {load.details.length > 0 ? (
          <ul>
            {load.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        ) : null}
      </Callout>
    );
  } else if (load.status === 'succeeded') {
    body = <ResultTable result={load.result} />;
  } else {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading evaluation" />;
  }

  return (
    <Page
      title="Evaluation"
      subtitle="What was processed, what people corrected and what workflows did, period beside period. Days are whole UTC days, both ends included."
    >
      <form className="ld-eval-form" onSubmit={submit} aria-label="Periods">
        <fieldset className="ld-eval-range">
          <legend>Period</legend>
          <DateField
            id="eval-start"
            label="From"
            value={form.startDate}
            problem={problems.startDate}
            onChange={(startDate) => set({ startDate })}
          />
          <DateField
            id="eval-end"
            label="To"
            value={form.endDate}
            problem={problems.endDate}
            onChange={(endDate) => set({ endDate })}
          />
        </fieldset>
        <fieldset className="ld-eval-range">
          <legend>
            <Switch
              inline
              label="Compare with"
              checked={form.compare}
              onChange={(event) => set({ compare: event.currentTarget.checked })}
            />
          </legend>
          <DateField
            id="eval-compare-start"
            label="From"
            value={form.compare_start_date}
            problem={form.compare ? problems.compare_start_date : undefined}
            disabled={!form.compare}
            onChange={(compare_start_date) => set({ compare_start_date })}
          />
          <DateField
            id="eval-compare-end"
            label="To"
            value={form.compare_end_date}
            problem={form.compare ? problems.compare_end_date : undefined}
            disabled={!form.compare}
            onChange={(compare_end_date) => set({ compare_end_date })}
          />
          <Button variant="minimal" icon="history" onClick={usePrevious}>
            Previous period
          </Button>
        </fieldset>
        <Button type="submit" intent={Intent.PRIMARY} icon="timeline-bar-chart">
          Show
        </Button>
      </form>
      {body}
    </Page>
  );
}
