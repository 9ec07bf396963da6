/**
 * The case list's search and filters: a search box on number, name and client (sent once typing
 * pauses), status and type (the names the statistics know, plus the chosen one), "has documents",
 * and "Clear filters".
 */
import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { CASE_QUERY_MAX, clearedFilters, isNarrowed, type CaseListFilters } from './listState';
import { useDebouncedValue } from './useDebouncedValue';

export const SEARCH_DEBOUNCE_MS = 300;

const HAS_DOCUMENTS_OPTIONS: Array<{ label: string; value: CaseListFilters['hasDocuments'] }> = [
  { label: 'Documents: any', value: '' },
  { label: 'With documents', value: 'yes' },
  { label: 'Without documents', value: 'no' },
];

const asHasDocuments = (value: string): CaseListFilters['hasDocuments'] =>
  value === 'yes' || value === 'no' ? value : '';

/** The names to offer, with the chosen one kept while the statistics have not loaded. */
function optionsOf(names: string[], chosen: string, anyLabel: string) {
  const all = chosen && !names.includes(chosen) ? [...names, chosen] : names;
  return [
    { label: anyLabel, value: '' },
    ...all
      .filter((name) => name !== '')
      .sort((a, b) => a.localeCompare(b))
      .map((name) => ({ label: name, value: name })),
  ];
}

export function CaseFilterBar(props: {
  filters: CaseListFilters;
  statuses: string[];
  types: string[];
  onChange: (next: CaseListFilters) => void;
}) {
  const { filters, statuses, types, onChange } = props;
  const [text, setText] = useState(filters.query);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const sent = useRef(filters.query);

  // Typing: the search goes out once the text has settled.
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onChange({ ...filters, query: settled });
    // Only a settled text sends; the other filters are read as they are now.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  // Cleared or restored from elsewhere: the box shows it.
  useEffect(() => {
    if (filters.query === sent.current) return;
    sent.current = filters.query;
    setText(filters.query);
  }, [filters.query]);

  const set = (patch: Partial<CaseListFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="ld-cases-filters">
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder="Search case number, name or client"
        aria-label="Search cases"
        maxLength={CASE_QUERY_MAX}
        value={text}
        onValueChange={setText}
        className="ld-cases-search"
      />
      <HTMLSelect
        aria-label="Case status"
        value={filters.status}
        onChange={(event) => set({ status: event.currentTarget.value })}
        options={optionsOf(statuses, filters.status, 'All statuses')}
      />
      <HTMLSelect
        aria-label="Case type"
        value={filters.type}
        onChange={(event) => set({ type: event.currentTarget.value })}
        options={optionsOf(types, filters.type, 'All types')}
      />
      <HTMLSelect
        aria-label="Has documents"
        value={filters.hasDocuments}
        onChange={(event) => set({ hasDocuments: asHasDocuments(event.currentTarget.value) })}
        options={HAS_DOCUMENTS_OPTIONS}
      />
      <Button
        variant="minimal"
        icon="filter-remove"
        className="ld-cases-clear"
        disabled={!isNarrowed(filters) && text === ''}
        onClick={() => {
          setText('');
          sent.current = '';
          onChange(clearedFilters(filters));
        }}
      >
        Clear filters
      </Button>
    </div>
  );
}
