/** A person of the delivery side, or nobody. */
import { HTMLSelect } from '@blueprintjs/core';

export interface PersonChoice {
  id: string;
  first_name: string;
  last_name: string;
  user_type: string;
}

export function PersonSelect(props: {
  id: string;
  people: readonly PersonChoice[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  return (
    <HTMLSelect
      id={props.id}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value || null)}
      options={[
        { value: '', label: 'Nobody yet' },
        ...props.people.map((p) => ({
          value: p.id,
          label: `${p.first_name} ${p.last_name} (${p.user_type.replace('_', ' ')})`,
        })),
      ]}
    />
  );
}
