/**
 * A labelled pair of days, "<label> from … to …", for a filter bar, typed in the company's
 * date_format. The owner checks the values with the shared filter rules and passes the problems
 * in; each is shown under the range (Blueprint FormGroup helper text, danger intent) and the
 * wrong input is marked.
 */
import { FormGroup, Intent } from '@blueprintjs/core';
import { useId } from 'react';
import { DayInput } from './DayInput';

export function DateRangeField(props: {
  /** Names the group ("<label> between") and its inputs ("<label> from", "<label> to"). */
  label: string;
  from: string;
  to: string;
  format: string;
  problems?: { from?: string; to?: string };
  onChange(from: string, to: string): void;
}) {
  const { label, from, to, format, onChange } = props;
  const problem = props.problems?.from ?? props.problems?.to;
  const helpId = useId();
  return (
    <FormGroup
      className="ld-filter-field"
      intent={problem ? Intent.DANGER : Intent.NONE}
      helperText={problem ? <span id={helpId}>{problem}</span> : undefined}
    >
      <span className="ld-filter-range" role="group" aria-label={`${label} between`}>
        <span className="ld-muted">{label}</span>
        <DayInput
          label={`${label} from`}
          value={from}
          format={format}
          invalid={props.problems?.from !== undefined}
          describedBy={props.problems?.from ? helpId : undefined}
          onChange={(next) => onChange(next, to)}
        />
        <span className="ld-muted">to</span>
        <DayInput
          label={`${label} to`}
          value={to}
          format={format}
          invalid={props.problems?.to !== undefined}
          describedBy={props.problems?.to ? helpId : undefined}
          onChange={(next) => onChange(from, next)}
        />
      </span>
    </FormGroup>
  );
}
