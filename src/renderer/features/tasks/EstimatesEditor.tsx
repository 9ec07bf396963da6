/** Rows of hours per talent type, priced live at the types' hourly rates (estimateForm.ts). */
import { Button, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { formatCents, lineCostCents } from '../../../shared/delivery/estimates';
import { previewEstimates, type EstimateRow } from './estimateForm';

export interface RateChoice {
  id: string;
  role: string;
  hourly_rate: number;
}

export function EstimatesEditor(props: {
  rows: EstimateRow[];
  types: readonly RateChoice[];
  onChange: (rows: EstimateRow[]) => void;
}) {
  const rates = new Map(props.types.map((t) => [Number(t.id), t.hourly_rate]));
  const preview = previewEstimates(props.rows, rates);
  const set = (index: number, row: Partial<EstimateRow>) =>
    props.onChange(props.rows.map((r, i) => (i === index ? { ...r, ...row } : r)));
  const unused = props.types.find(
    (t) => !props.rows.some((r) => r.talent_type_id === Number(t.id)),
  );
  return (
    <div className="ld-estimates">
      <table className="bp5-html-table bp5-compact ld-estimates-table">
        <thead>
          <tr>
            <th>Talent type</th>
            <th>Hours</th>
            <th>Rate</th>
            <th>Cost</th>
            <th aria-label="Remove" />
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, index) => {
            const rate = rates.get(row.talent_type_id);
            const problem = preview.problems[index];
            return (
              <tr key={index}>
                <td>
                  <HTMLSelect
                    aria-label={`Talent type ${index + 1}`}
                    value={String(row.talent_type_id)}
                    onChange={(e) => set(index, { talent_type_id: Number(e.target.value) })}
                    options={props.types.map((t) => ({ value: t.id, label: t.role }))}
                  />
                </td>
                <td>
                  <InputGroup
                    aria-label={`Hours ${index + 1}`}
                    value={row.hours}
                    intent={problem ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => set(index, { hours: e.target.value })}
                  />
                  {problem ? <div className="ld-estimates-problem">{problem}</div> : null}
                </td>
                <td>{rate === undefined ? '—' : `${formatCents(rate)}/h`}</td>
                <td>
                  {problem || rate === undefined
                    ? '—'
                    : formatCents(lineCostCents(Number(row.hours), rate))}
                </td>
                <td>
                  <Button
                    minimal
                    small
                    icon="cross"
                    aria-label={`Remove estimate ${index + 1}`}
                    onClick={() => props.onChange(props.rows.filter((_, i) => i !== index))}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="ld-estimates-foot">
        <Button
          small
          icon="add"
          text="Add talent type"
          disabled={!unused}
          onClick={() =>
            unused &&
            props.onChange([...props.rows, { talent_type_id: Number(unused.id), hours: '' }])
          }
        />
        <span data-testid="estimate-total">
          {preview.totals
            ? `Total: ${preview.totals.total_estimated_hours} h · ${formatCents(preview.totals.total_estimated_cost)}`
            : props.rows.length === 0
              ? 'At least one estimate is needed.'
              : 'Fix the rows above to see the total.'}
        </span>
      </div>
    </div>
  );
}
