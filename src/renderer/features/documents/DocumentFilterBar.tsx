/**
 * The document center's filters (spec section 3 processed-file filters) as a compact bar: the most
 * used ones inline (search with the "Search document text" switch, document type, processed
 * range), the rest (file name, ADJ and claim numbers, raw file name, the day documents were
 * separated on, the raw-file upload range) in a "More filters" popover whose button counts the
 * ones set there. Days are typed in the company's date_format; a problem found by the shared
 * filter rules is said next to its field, and the "More filters" button turns red when the
 * problem is inside it.
 */
import {
  Button,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Popover,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useId } from 'react';
import { DateRangeField } from '../../components/DateRangeField';
import { DayInput } from '../../components/DayInput';
import {
  clearDocumentFilters,
  hasDocumentFilters,
  type DocumentFilterProblems,
  type DocumentFilters,
} from './filters';
import type { DocumentFileType } from './operations';

interface TypeGroup {
  folder: string;
  types: DocumentFileType[];
}

/** Types grouped by folder, folders and types by name. */
export function groupFileTypes(types: readonly DocumentFileType[]): TypeGroup[] {
  const groups = new Map<string, TypeGroup>();
  for (const type of types) {
    const folder = type.legal_document_folder.name;
    const group = groups.get(folder) ?? { folder, types: [] };
    group.types.push(type);
    groups.set(folder, group);
  }
  return [...groups.values()]
    .sort((a, b) => a.folder.localeCompare(b.folder))
    .map((group) => ({
      ...group,
      types: [...group.types].sort((a, b) => a.name.localeCompare(b.name)),
    }));
}

/** The filters inside "More filters" (a range counts once). */
const MORE_FILTERS: ReadonlyArray<ReadonlyArray<keyof DocumentFilters>> = [
  ['fileName'],
  ['adjNumber'],
  ['claimNumber'],
  ['rawFileName'],
  ['separatedAt'],
  ['uploadedFrom', 'uploadedTo'],
];

/** How many of the "More filters" filters are set. */
export function moreFiltersCount(filters: DocumentFilters): number {
  return MORE_FILTERS.filter((keys) => keys.some((key) => filters[key] !== '')).length;
}

interface BarProps {
  filters: DocumentFilters;
  fileTypes: readonly DocumentFileType[];
  dateFormat: string;
  problems: DocumentFilterProblems;
  onChange(next: DocumentFilters): void;
}

export function DocumentFilterBar(props: BarProps) {
  const { filters, onChange, problems } = props;
  const set = (patch: Partial<DocumentFilters>) => onChange({ ...filters, ...patch });
  const groups = groupFileTypes(props.fileTypes);
  const typeKnown =
    !filters.fileTypeId || props.fileTypes.some((type) => type.id === filters.fileTypeId);
  const more = moreFiltersCount(filters);
  const moreWrong =
    problems.separatedAt !== undefined ||
    problems.uploadedFrom !== undefined ||
    problems.uploadedTo !== undefined;
  return (
    <div className="ld-filter-rows ld-doc-filters">
      <div className="ld-filter-bar">
        <InputGroup
          leftIcon="search"
          placeholder={
            filters.contentSearch ? 'Search names and document text' : 'Search documents'
          }
          aria-label="Search documents"
          value={filters.search}
          onValueChange={(search) => set({ search })}
          className="ld-doc-search"
        />
        <Switch
          label="Search document text"
          checked={filters.contentSearch}
          onChange={(event) => set({ contentSearch: event.currentTarget.checked })}
          className="ld-filter-switch"
        />
        <HTMLSelect
          aria-label="File type"
          value={filters.fileTypeId}
          onChange={(event) => set({ fileTypeId: event.currentTarget.value })}
          className="ld-filter-type"
        >
          <option value="">All file types</option>
          {groups.map((group) => (
            <optgroup key={group.folder} label={group.folder}>
              {group.types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name}
                </option>
              ))}
            </optgroup>
          ))}
          {typeKnown ? null : <option value={filters.fileTypeId}>Chosen type</option>}
        </HTMLSelect>
        <DateRangeField
          label="Processed"
          from={filters.processedFrom}
          to={filters.processedTo}
          format={props.dateFormat}
          problems={{ from: problems.processedFrom, to: problems.processedTo }}
          onChange={(processedFrom, processedTo) => set({ processedFrom, processedTo })}
        />
        <Popover
          content={<MoreFilters {...props} />}
          placement="bottom-start"
          popoverClassName="ld-more-filters-popover"
        >
          <Button
            icon="filter"
            endIcon="caret-down"
            intent={moreWrong ? Intent.DANGER : Intent.NONE}
            aria-label={more > 0 ? `More filters (${more} set)` : 'More filters'}
          >
            More filters
            {more > 0 ? (
              <Tag
                round
                intent={moreWrong ? Intent.NONE : Intent.PRIMARY}
                className="ld-more-count"
              >
                {more}
              </Tag>
            ) : null}
          </Button>
        </Popover>
        <Button
          variant="minimal"
          icon="filter-remove"
          className="ld-filter-clear"
          disabled={!hasDocumentFilters(filters)}
          onClick={() => onChange(clearDocumentFilters(filters))}
        >
          Clear filters
        </Button>
      </div>
    </div>
  );
}

function MoreFilters(props: BarProps) {
  const { filters, onChange, problems } = props;
  const set = (patch: Partial<DocumentFilters>) => onChange({ ...filters, ...patch });
  const separatedHelp = useId();
  const text = (label: string, key: 'fileName' | 'adjNumber' | 'claimNumber' | 'rawFileName') => (
    <FormGroup label={label} className="ld-more-field">
      <InputGroup
        aria-label={label}
        value={filters[key]}
        onValueChange={(value) => set({ [key]: value })}
      />
    </FormGroup>
  );
  return (
    <div className="ld-more-filters" role="group" aria-label="More filters">
      <div className="ld-more-grid">
        {text('File name', 'fileName')}
        {text('Raw file name', 'rawFileName')}
        {text('ADJ number', 'adjNumber')}
        {text('Claim number', 'claimNumber')}
        <FormGroup
          label="Separated on"
          className="ld-more-field"
          intent={problems.separatedAt ? Intent.DANGER : Intent.NONE}
          helperText={
            problems.separatedAt ? <span id={separatedHelp}>{problems.separatedAt}</span> : null
          }
        >
          <DayInput
            label="Separated on"
            value={filters.separatedAt}
            format={props.dateFormat}
            invalid={problems.separatedAt !== undefined}
            describedBy={problems.separatedAt ? separatedHelp : undefined}
            onChange={(separatedAt) => set({ separatedAt })}
          />
        </FormGroup>
      </div>
      <DateRangeField
        label="Raw file uploaded"
        from={filters.uploadedFrom}
        to={filters.uploadedTo}
        format={props.dateFormat}
        problems={{ from: problems.uploadedFrom, to: problems.uploadedTo }}
        onChange={(uploadedFrom, uploadedTo) => set({ uploadedFrom, uploadedTo })}
      />
    </div>
  );
}
