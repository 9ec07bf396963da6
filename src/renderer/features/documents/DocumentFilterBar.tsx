/**
 * The document center's filters (spec section 3 processed-file filters): search with the
 * "Search document text" switch, file name, document type (grouped by folder), ADJ and claim
 * numbers, raw file name, the day documents were separated on, and the processed and raw-file
 * upload ranges. A backwards range is marked and not applied.
 */
import { Button, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { DateRangeField } from '../../components/DateRangeField';
import { clearDocumentFilters, hasDocumentFilters, type DocumentFilters } from './filters';
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

export function DocumentFilterBar(props: {
  filters: DocumentFilters;
  fileTypes: readonly DocumentFileType[];
  onChange(next: DocumentFilters): void;
}) {
  const { filters, onChange } = props;
  const set = (patch: Partial<DocumentFilters>) => onChange({ ...filters, ...patch });
  const groups = groupFileTypes(props.fileTypes);
  const typeKnown =
    !filters.fileTypeId || props.fileTypes.some((type) => type.id === filters.fileTypeId);
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
        <InputGroup
          placeholder="File name"
          aria-label="File name"
          value={filters.fileName}
          onValueChange={(fileName) => set({ fileName })}
          className="ld-doc-text"
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
      </div>
      <div className="ld-filter-bar">
        <InputGroup
          placeholder="ADJ number"
          aria-label="ADJ number"
          value={filters.adjNumber}
          onValueChange={(adjNumber) => set({ adjNumber })}
          className="ld-doc-number"
        />
        <InputGroup
          placeholder="Claim number"
          aria-label="Claim number"
          value={filters.claimNumber}
          onValueChange={(claimNumber) => set({ claimNumber })}
          className="ld-doc-number"
        />
        <InputGroup
          placeholder="Raw file name"
          aria-label="Raw file name"
          value={filters.rawFileName}
          onValueChange={(rawFileName) => set({ rawFileName })}
          className="ld-doc-text"
        />
        <span className="ld-filter-range">
          <span className="ld-muted">Separated on</span>
          <input
            type="date"
            className="bp6-input"
            aria-label="Separated on"
            value={filters.separatedAt}
            onChange={(event) => set({ separatedAt: event.currentTarget.value })}
          />
        </span>
      </div>
      <div className="ld-filter-bar">
        <DateRangeField
          label="Processed"
          from={filters.processedFrom}
          to={filters.processedTo}
          onChange={(processedFrom, processedTo) => set({ processedFrom, processedTo })}
        />
        <DateRangeField
          label="Raw file uploaded"
          from={filters.uploadedFrom}
          to={filters.uploadedTo}
          onChange={(uploadedFrom, uploadedTo) => set({ uploadedFrom, uploadedTo })}
        />
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
