/** The filters of the raw-file list the server supports: search, status, upload day, pages, mine, sort. */
import { HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { FAILED_STATUSES, RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import type { RawFileFilters, SortBy } from './api';

const STATUS_OPTIONS: Array<{ label: string; value: string; statuses: string[] }> = [
  { label: 'All statuses', value: '', statuses: [] },
  { label: 'Uploading', value: 'uploading', statuses: [RAW_FILE_STATUS.uploading] },
  { label: 'Uploading Failed', value: 'failed', statuses: [...FAILED_STATUSES] },
  { label: 'UNACCESSIBLE', value: 'unaccessible', statuses: [RAW_FILE_STATUS.unaccessible] },
  { label: 'Uploaded', value: 'uploaded', statuses: [RAW_FILE_STATUS.uploaded] },
];

const SORTS: Array<{ label: string; value: string }> = [
  { label: 'Newest first', value: 'created_at:desc' },
  { label: 'Oldest first', value: 'created_at:asc' },
  { label: 'Name A–Z', value: 'name:asc' },
  { label: 'Largest first', value: 'size:desc' },
  { label: 'Most pages first', value: 'no_of_pages:desc' },
  { label: 'Status', value: 'status:asc' },
];

export function statusOptionOf(statuses: readonly string[]): string {
  const found = STATUS_OPTIONS.find(
    (option) =>
      option.statuses.length === statuses.length &&
      option.statuses.every((status) => statuses.includes(status)),
  );
  return found?.value ?? '';
}

export function RawFileFilterBar(props: {
  filters: RawFileFilters;
  onChange(next: RawFileFilters): void;
}) {
  const { filters, onChange } = props;
  const set = (patch: Partial<RawFileFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="ld-filter-bar">
      <InputGroup
        leftIcon="search"
        placeholder="Search by file name"
        aria-label="Search raw files"
        value={filters.search}
        onValueChange={(search) => set({ search })}
        className="ld-filter-search"
      />
      <HTMLSelect
        aria-label="Status"
        value={statusOptionOf(filters.status)}
        onChange={(event) =>
          set({
            status:
              STATUS_OPTIONS.find((option) => option.value === event.currentTarget.value)
                ?.statuses ?? [],
          })
        }
        options={STATUS_OPTIONS.map(({ label, value }) => ({ label, value }))}
      />
      <input
        type="date"
        className="bp6-input"
        aria-label="Uploaded on"
        value={filters.uploadedAt}
        onChange={(event) => set({ uploadedAt: event.currentTarget.value })}
      />
      <InputGroup
        type="number"
        min={0}
        placeholder="Min pages"
        aria-label="Minimum pages"
        value={filters.minPages}
        onValueChange={(minPages) => set({ minPages })}
        className="ld-filter-pages"
      />
      <InputGroup
        type="number"
        min={0}
        placeholder="Max pages"
        aria-label="Maximum pages"
        value={filters.maxPages}
        onValueChange={(maxPages) => set({ maxPages })}
        className="ld-filter-pages"
      />
      <HTMLSelect
        aria-label="Sort"
        value={`${filters.sortBy}:${filters.sortOrder}`}
        onChange={(event) => {
          const [sortBy, sortOrder] = event.currentTarget.value.split(':');
          set({ sortBy: sortBy as SortBy, sortOrder: sortOrder === 'asc' ? 'asc' : 'desc' });
        }}
        options={SORTS}
      />
      <Switch
        label="Only my uploads"
        checked={filters.onlyMine}
        onChange={(event) => set({ onlyMine: event.currentTarget.checked })}
        className="ld-filter-switch"
      />
    </div>
  );
}
