/**
 * A labelled pair of day inputs, "<label> from … to …", for a filter bar. Each end limits the other;
 * a backwards range (from after to) is marked and explained, and the lists do not apply it.
 */

/** Whether both days are given and the first is after the second (YYYY-MM-DD compare as text). */
export function isBackwardsRange(from: string, to: string): boolean {
  return from !== '' && to !== '' && from > to;
}

export function DateRangeField(props: {
  /** Names the group ("<label> between") and its inputs ("<label> from", "<label> to"). */
  label: string;
  from: string;
  to: string;
  onChange(from: string, to: string): void;
}) {
  const { label, from, to, onChange } = props;
  const backwards = isBackwardsRange(from, to);
  const inputClass = `bp6-input${backwards ? ' bp6-intent-danger' : ''}`;
  return (
    <span className="ld-filter-range" role="group" aria-label={`${label} between`}>
      <span className="ld-muted">{label}</span>
      <input
        type="date"
        className={inputClass}
        aria-label={`${label} from`}
        value={from}
        max={to || undefined}
        onChange={(event) => onChange(event.currentTarget.value, to)}
      />
      <span className="ld-muted">to</span>
      <input
        type="date"
        className={inputClass}
        aria-label={`${label} to`}
        aria-invalid={backwards}
        title={backwards ? 'The end is before the start; the range is not applied.' : undefined}
        value={to}
        min={from || undefined}
        onChange={(event) => onChange(from, event.currentTarget.value)}
      />
    </span>
  );
}
