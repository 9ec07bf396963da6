/**
 * One day typed in the company's date_format (YYYY-MM-DD is understood too), for filter forms.
 * It keeps what the person typed while it is typed: the value it reports is the typed text, which
 * the filter's owner checks with the shared filter rules (src/shared/filters); a value set from
 * outside (a cleared filter, a saved view) replaces the text, written in the company's format.
 */
import { InputGroup, Intent } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { formatDay } from '../../shared/documents/days';
import { parseFilterDay } from '../../shared/filters/rules';

/** The day as shown: a YYYY-MM-DD day in the company's format, anything else as typed. */
export function shownDay(value: string, format: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value, format) : value;
}

export function DayInput(props: {
  label: string;
  value: string;
  format: string;
  invalid?: boolean;
  /** The id of the text that explains a problem (aria-describedby). */
  describedBy?: string;
  onChange(value: string): void;
}) {
  const { value, format, onChange } = props;
  const [text, setText] = useState(() => shownDay(value, format));
  useEffect(() => {
    setText((current) =>
      current.trim() === value || parseFilterDay(current, format) === value
        ? current
        : shownDay(value, format),
    );
  }, [value, format]);
  return (
    <InputGroup
      aria-label={props.label}
      aria-invalid={props.invalid ?? false}
      aria-describedby={props.describedBy}
      intent={props.invalid ? Intent.DANGER : Intent.NONE}
      placeholder={format}
      value={text}
      onValueChange={(next) => {
        setText(next);
        onChange(next.trim());
      }}
      className="ld-day-input"
    />
  );
}
