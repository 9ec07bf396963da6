/** How the evaluation screen writes a measure and its change (units of shared/evaluation). */
import {
  compareMetric,
  type ChangeVerdict,
  type MetricDefinition,
  type MetricUnit,
} from '../../../shared/evaluation';

const COUNT = new Intl.NumberFormat('en-US');

/** A duration in seconds as a person reads it: "8.5 s", "1 min 30 s", "2 h 5 min". */
export function formatSeconds(value: number): string {
  if (value < 60) return `${Number.isInteger(value) ? value : value.toFixed(1)} s`;
  const whole = Math.round(value);
  if (whole < 3600) {
    const s = whole % 60;
    return `${Math.floor(whole / 60)} min${s ? ` ${s} s` : ''}`;
  }
  const minutes = Math.round(whole / 60);
  const m = minutes % 60;
  return `${Math.floor(minutes / 60)} h${m ? ` ${m} min` : ''}`;
}

/** A measure's value, or a dash when there is nothing to compute it from. */
export function formatValue(unit: MetricUnit, value: number | null): string {
  if (value === null) return '—';
  if (unit === 'percent') return `${(value * 100).toFixed(1)}%`;
  if (unit === 'seconds') return formatSeconds(value);
  return COUNT.format(value);
}

/** The change from the compare period to the period ("+3", "−4.5 pts", "+12 s"), and its verdict. */
export function formatChange(
  definition: Pick<MetricDefinition, 'unit' | 'better'>,
  value: number | null,
  base: number | null,
): { text: string; verdict: ChangeVerdict } {
  const { difference, verdict } = compareMetric(definition, value, base);
  if (difference === null) return { text: '—', verdict };
  if (difference === 0) return { text: 'no change', verdict };
  const sign = difference > 0 ? '+' : '−';
  const size = Math.abs(difference);
  let text: string;
  if (definition.unit === 'percent') text = `${(size * 100).toFixed(1)} pts`;
  else if (definition.unit === 'seconds') text = formatSeconds(size);
  else text = COUNT.format(size);
  return { text: `${sign}${text}`, verdict };
}
