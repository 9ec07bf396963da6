/**
 * The filters of the raw-file list, in two rows: the file's own (search, status, upload range,
 * pages), then what the pipeline found in it (review state, document type, CRM sync) with sorting,
 * "Only my uploads" and "Clear filters". One upload day is a range from and to that day, typed in
 * the company's date_format. A problem found by the shared filter rules is said under its field.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, Intent, Switch } from '@blueprintjs/core';
import {
  BUCKET_LABELS,
  FAILED_STATUSES,
  PROCESSING_STATUSES,
  RAW_FILE_STATUS,
} from '../../../shared/raw-files/status';
import { DateRangeField } from '../../components/DateRangeField';
import {
  DEFAULT_FILTERS,
  hasFilters,
  REVIEW_FILTERS,
  type RawFileFilterProblems,
  type RawFileFilters,
  type ReviewFilter,
  type SortBy,
} from './filters';
import type { FileTypeOption } from './useFileTypeOptions';

const STATUS_OPTIONS: Array<{ label: string; value: string; statuses: string[] }> = [
  { label: 'All statuses', value: '', statuses: [] },
  { label: BUCKET_LABELS.uploading, value: 'uploading', statuses: [RAW_FILE_STATUS.uploading] },
  { label: BUCKET_LABELS.failed, value: 'failed', statuses: [...FAILED_STATUSES] },
  {
    label: BUCKET_LABELS.unaccessible,
    value: 'unaccessible',
    statuses: [RAW_FILE_STATUS.unaccessible],
  },
  { label: BUCKET_LABELS.processing, value: 'processing', statuses: [...PROCESSING_STATUSES] },
];

const SORTS: Array<{ label: string; value: string }> = [
  { label: 'Newest first', value: 'created_at:desc' },
  { label: 'Oldest first', value: 'created_at:asc' },
  { label: 'Name A–Z', value: 'name:asc' },
  { label: 'Largest first', value: 'size:desc' },
  { label: 'Most pages first', value: 'no_of_pages:desc' },
  { label: 'Status', value: 'status:asc' },
];

const REVIEW_OPTIONS: Array<{ label: string; value: ReviewFilter }> = [
  { label: 'Review: All', value: '' },
  { label: 'No document type', value: 'no_file_type' },
  { label: 'Several cases', value: 'multi_case' },
  { label: 'Needs case number', value: 'needs_case_number' },
];

const SYNC_OPTIONS: Array<{ label: string; value: RawFileFilters['synced'] }> = [
  { label: 'Synced to CRM: any', value: '' },
  { label: 'Synced to CRM: yes', value: 'yes' },
  { label: 'Synced to CRM: no', value: 'no' },
];

const asReview = (value: string): ReviewFilter =>
  REVIEW_FILTERS.find((option) => option === value) ?? '';
const asSynced = (value: string): RawFileFilters['synced'] =>
  value === 'yes' || value === 'no' ? value : '';

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
  fileTypes: FileTypeOption[];
  dateFormat: string;
  problems: RawFileFilterProblems;
  onChange(next: RawFileFilters): void;
}) {
  const { filters, fileTypes, onChange, problems } = props;
  const pagesProblem = problems.minPages ?? problems.maxPages;
  const set = (patch: Partial<RawFileFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="ld-filter-rows">
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
        <DateRangeField
          label="Uploaded"
          from={filters.uploadedFrom}
          to={filters.uploadedTo}
          format={props.dateFormat}
          problems={{ from: problems.uploadedFrom, to: problems.uploadedTo }}
          onChange={(uploadedFrom, uploadedTo) => set({ uploadedFrom, uploadedTo })}
        />
        <FormGroup
          className="ld-filter-field"
          intent={pagesProblem ? Intent.DANGER : Intent.NONE}
          helperText={pagesProblem ? <span id="raw-pages-problem">{pagesProblem}</span> : undefined}
        >
          <span className="ld-filter-range">
            <InputGroup
              inputMode="numeric"
              placeholder="Min pages"
              aria-label="Minimum pages"
              aria-invalid={problems.minPages !== undefined}
              aria-describedby={problems.minPages ? 'raw-pages-problem' : undefined}
              intent={problems.minPages ? Intent.DANGER : Intent.NONE}
              value={filters.minPages}
              onValueChange={(minPages) => set({ minPages })}
              className="ld-filter-pages"
            />
            <InputGroup
              inputMode="numeric"
              placeholder="Max pages"
              aria-label="Maximum pages"
              aria-invalid={problems.maxPages !== undefined}
              aria-describedby={problems.maxPages ? 'raw-pages-problem' : undefined}
              intent={problems.maxPages ? Intent.DANGER : Intent.NONE}
              value={filters.maxPages}
              onValueChange={(maxPages) => set({ maxPages })}
              className="ld-filter-pages"
            />
          </span>
        </FormGroup>
      </div>
      <div className="ld-filter-bar">
        <HTMLSelect
          aria-label="Review"
          value={filters.review}
          onChange={(event) => set({ review: asReview(event.currentTarget.value) })}
          options={REVIEW_OPTIONS}
        />
        <HTMLSelect
          aria-label="Document type"
          value={filters.fileTypeId}
          onChange={(event) => set({ fileTypeId: event.currentTarget.value })}
          options={[{ label: 'All document types', value: '' }, ...withCurrent(fileTypes, filters)]}
          className="ld-filter-type"
        />
        <HTMLSelect
          aria-label="Synced to CRM"
          value={filters.synced}
          onChange={(event) => set({ synced: asSynced(event.currentTarget.value) })}
          options={SYNC_OPTIONS}
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
        <Button
          variant="minimal"
          icon="filter-remove"
          className="ld-filter-clear"
          disabled={!hasFilters(filters)}
          onClick={() =>
            onChange({ ...DEFAULT_FILTERS, sortBy: filters.sortBy, sortOrder: filters.sortOrder })
          }
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}

/** The type options, plus the chosen one while the list has not loaded (so it stays shown). */
function withCurrent(options: FileTypeOption[], filters: RawFileFilters): FileTypeOption[] {
  if (!filters.fileTypeId || options.some((option) => option.value === filters.fileTypeId))
    return options;
  return [...options, { label: 'Chosen type', value: filters.fileTypeId }];
}
