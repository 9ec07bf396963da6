/**
 * What GET /admin/eval measures for a company over a period. The spec names the call and its
 * parameters only ("response shapes ... not shown"); these are the facts LexDesk stores about its
 * own work, each computed from stored rows (domains/evaluation/queries.ts), never estimated:
 * what the pipeline processed, what people then had to correct in review, and what workflows did.
 *
 * A value is null when it has nothing to be computed from (a rate of zero documents, the median
 * of no runs). `better` says which way a change is an improvement (the screen colours by it).
 */
export type MetricUnit = 'count' | 'percent' | 'seconds';

export interface MetricDefinition {
  key: string;
  label: string;
  group: 'Processing' | 'Review' | 'Workflows';
  unit: MetricUnit;
  better: 'higher' | 'lower' | 'neither';
  /** What it counts, shown as the row's hint. */
  description: string;
}

export const EVAL_METRICS = [
  {
    key: 'raw_files_processed',
    label: 'Files processed',
    group: 'Processing',
    unit: 'count',
    better: 'neither',
    description: 'Uploaded files the pipeline finished splitting in the period.',
  },
  {
    key: 'documents_split',
    label: 'Documents split out',
    group: 'Processing',
    unit: 'count',
    better: 'neither',
    description: 'Documents created in the period and not deleted.',
  },
  {
    key: 'pages_processed',
    label: 'Pages in those documents',
    group: 'Processing',
    unit: 'count',
    better: 'neither',
    description: 'Pages of the documents created in the period.',
  },
  {
    key: 'median_processing_seconds',
    label: 'Median time to process a file',
    group: 'Processing',
    unit: 'seconds',
    better: 'lower',
    description: 'From upload to split, for files processed in the period.',
  },
  {
    key: 'exception_rate',
    label: 'Documents needing attention',
    group: 'Processing',
    unit: 'percent',
    better: 'lower',
    description:
      'Share of the documents created that are exceptions (no type, no or several cases).',
  },
  {
    key: 'case_match_rate',
    label: 'Matched to a case',
    group: 'Processing',
    unit: 'percent',
    better: 'higher',
    description: 'Share of the documents created that are linked to a case.',
  },
  {
    key: 'documents_reviewed',
    label: 'Documents reviewed',
    group: 'Review',
    unit: 'count',
    better: 'neither',
    description: 'Documents a person marked reviewed in the period.',
  },
  {
    key: 'accepted_rate',
    label: 'Reviewed without a correction',
    group: 'Review',
    unit: 'percent',
    better: 'higher',
    description: 'Share of the reviewed documents nobody had corrected.',
  },
  {
    key: 'documents_corrected',
    label: 'Documents corrected',
    group: 'Review',
    unit: 'count',
    better: 'lower',
    description:
      'Documents a person changed (fields, type, pages or extracted values) in the period.',
  },
  {
    key: 'field_corrections',
    label: 'Corrections',
    group: 'Review',
    unit: 'count',
    better: 'lower',
    description: 'Values people changed in the period, one per field.',
  },
  {
    key: 'type_corrections',
    label: 'Document type corrections',
    group: 'Review',
    unit: 'count',
    better: 'lower',
    description: 'Changes of a document type made by a person.',
  },
  {
    key: 'split_corrections',
    label: 'Page range corrections',
    group: 'Review',
    unit: 'count',
    better: 'lower',
    description: 'Pages moved between documents by a person.',
  },
  {
    key: 'workflow_runs',
    label: 'Workflow runs',
    group: 'Workflows',
    unit: 'count',
    better: 'neither',
    description: 'Runs started in the period.',
  },
  {
    key: 'runs_completed',
    label: 'Runs completed',
    group: 'Workflows',
    unit: 'count',
    better: 'higher',
    description: 'Runs started in the period that completed.',
  },
  {
    key: 'runs_failed',
    label: 'Runs failed',
    group: 'Workflows',
    unit: 'count',
    better: 'lower',
    description: 'Runs started in the period that stopped at a failed step.',
  },
  {
    key: 'run_success_rate',
    label: 'Run success rate',
    group: 'Workflows',
    unit: 'percent',
    better: 'higher',
    description: 'Completed among the finished runs started in the period.',
  },
  {
    key: 'median_run_seconds',
    label: 'Median run time',
    group: 'Workflows',
    unit: 'seconds',
    better: 'lower',
    description: 'From start to end, for completed runs started in the period.',
  },
  {
    key: 'step_retries',
    label: 'Step attempts beyond the first',
    group: 'Workflows',
    unit: 'count',
    better: 'lower',
    description: 'Automatic and manual retries of the steps of runs started in the period.',
  },
  {
    key: 'documents_synced',
    label: 'Documents synced to a case',
    group: 'Workflows',
    unit: 'count',
    better: 'higher',
    description: 'Documents with a completed sync in the period.',
  },
] as const satisfies readonly MetricDefinition[];

export type MetricKey = (typeof EVAL_METRICS)[number]['key'];
export type EvalMetrics = Record<MetricKey, number | null>;

export interface EvalPeriodResult {
  start_date: string;
  end_date: string;
  metrics: EvalMetrics;
}

/** The answer of GET /admin/eval ({data: EvalResult}). */
export interface EvalResult {
  company_id: string;
  period: EvalPeriodResult;
  compare: EvalPeriodResult | null;
}

export type ChangeVerdict = 'better' | 'worse' | 'same' | 'neither' | 'unknown';

/**
 * How `value` of the period compares with `base` of the compare period: the difference (percent
 * points for rates) and whether it is an improvement by the metric's `better`.
 */
export function compareMetric(
  definition: Pick<MetricDefinition, 'better'>,
  value: number | null,
  base: number | null,
): { difference: number | null; verdict: ChangeVerdict } {
  if (value === null || base === null) return { difference: null, verdict: 'unknown' };
  const difference = value - base;
  if (difference === 0) return { difference, verdict: 'same' };
  if (definition.better === 'neither') return { difference, verdict: 'neither' };
  const improved = definition.better === 'higher' ? difference > 0 : difference < 0;
  return { difference, verdict: improved ? 'better' : 'worse' };
}
