/**
 * The keywords of a document type as a small editable table: a term and a weight from -10 to 10
 * per row (negative weights count against the type), with rows added and removed in place.
 */
import { Button, HTMLTable, InputGroup, Intent, NumericInput } from '@blueprintjs/core';
import { useState } from 'react';
import { isWeight, newKeywordRow, WEIGHT_MAX, WEIGHT_MIN, type KeywordRow } from './rulesForm';

export function KeywordTable(props: {
  rows: KeywordRow[];
  disabled?: boolean;
  onChange: (rows: KeywordRow[]) => void;
}) {
  const { rows, disabled, onChange } = props;
  // The row just added gets the focus (and so scrolls into view).
  const [added, setAdded] = useState<string | null>(null);
  const change = (rowId: string, patch: Partial<KeywordRow>) =>
    onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...patch } : row)));

  return (
    <div className="ld-keywords">
      {rows.length > 0 ? (
        <div className="ld-keywords-scroll">
          <HTMLTable compact className="ld-keywords-table" aria-label="Keywords">
            <thead>
              <tr>
                <th>Term</th>
                <th className="ld-keywords-weight">Weight</th>
                <th aria-label="Remove" />
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.rowId}>
                  <td>
                    <InputGroup
                      size="small"
                      value={row.term}
                      disabled={disabled}
                      aria-label={`Keyword ${index + 1}`}
                      inputRef={
                        row.rowId === added
                          ? (input) => {
                              if (!input) return;
                              input.focus();
                              setAdded(null);
                            }
                          : undefined
                      }
                      onValueChange={(term) => change(row.rowId, { term })}
                    />
                  </td>
                  <td className="ld-keywords-weight">
                    <NumericInput
                      size="small"
                      fill
                      value={row.weight}
                      min={WEIGHT_MIN}
                      max={WEIGHT_MAX}
                      stepSize={1}
                      minorStepSize={0.5}
                      majorStepSize={5}
                      disabled={disabled}
                      aria-label={`Weight of keyword ${index + 1}`}
                      intent={
                        row.weight.trim() === '' || isWeight(row.weight)
                          ? Intent.NONE
                          : Intent.DANGER
                      }
                      onValueChange={(_value, weight) => change(row.rowId, { weight })}
                    />
                  </td>
                  <td>
                    <Button
                      size="small"
                      variant="minimal"
                      icon="cross"
                      disabled={disabled}
                      aria-label={`Remove keyword ${index + 1}`}
                      onClick={() => onChange(rows.filter((r) => r.rowId !== row.rowId))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : (
        <p className="ld-keywords-empty">No keywords.</p>
      )}
      <Button
        size="small"
        icon="add"
        variant="minimal"
        disabled={disabled}
        onClick={() => {
          const row = newKeywordRow();
          setAdded(row.rowId);
          onChange([...rows, row]);
        }}
      >
        Add keyword
      </Button>
    </div>
  );
}
