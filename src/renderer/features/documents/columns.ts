/**
 * The document center's columns: what each is called, how wide it is and which ProcessedFile
 * field sorts it, the default layout, and the company's saved layout (columnConfiguration, table
 * 'document_center') merged onto the known columns. A saved layout keeps its order; columns it
 * does not know (added in a later version) follow, hidden; keys this version does not know are
 * dropped. The name column is always shown: it is what a row is known by.
 */
import type { ColumnSetting } from './operations';

export type ColumnKey =
  | 'name'
  | 'legal_file_type'
  | 'raw_file_name'
  | 'adj_number'
  | 'claim_number'
  | 'case_number'
  | 'applicant'
  | 'defendant'
  | 'date_of_injury'
  | 'start_page_no'
  | 'created_at'
  | 'raw_file_uploaded_at'
  | 'separated_at'
  | 'action_status'
  | 'document_synced'
  | 'reviewed_at';

export interface ColumnDefinition {
  key: ColumnKey;
  label: string;
  /** Default width in px. */
  width: number;
  /** Shown when the company has saved nothing. */
  defaultVisible: boolean;
}

export const COLUMNS: readonly ColumnDefinition[] = [
  { key: 'name', label: 'Name', width: 250, defaultVisible: true },
  { key: 'legal_file_type', label: 'Type', width: 170, defaultVisible: true },
  { key: 'raw_file_name', label: 'Raw file', width: 160, defaultVisible: true },
  { key: 'adj_number', label: 'ADJ number', width: 124, defaultVisible: true },
  { key: 'claim_number', label: 'Claim number', width: 136, defaultVisible: true },
  { key: 'case_number', label: 'Case number', width: 116, defaultVisible: false },
  { key: 'applicant', label: 'Applicant', width: 130, defaultVisible: true },
  { key: 'defendant', label: 'Defendant', width: 150, defaultVisible: false },
  { key: 'date_of_injury', label: 'Date of injury', width: 116, defaultVisible: false },
  { key: 'start_page_no', label: 'Pages', width: 72, defaultVisible: false },
  { key: 'created_at', label: 'Processed', width: 128, defaultVisible: true },
  { key: 'raw_file_uploaded_at', label: 'Raw file uploaded', width: 140, defaultVisible: false },
  { key: 'separated_at', label: 'Separated', width: 128, defaultVisible: false },
  { key: 'action_status', label: 'Status', width: 140, defaultVisible: false },
  { key: 'document_synced', label: 'Synced to CRM', width: 112, defaultVisible: false },
  { key: 'reviewed_at', label: 'Reviewed', width: 128, defaultVisible: false },
];

/** The keys processedFiles sorts by (its sort_by whitelist, 'rank' aside). */
export const SORTABLE_KEYS = [
  'name',
  'legal_file_type',
  'raw_file_name',
  'adj_number',
  'claim_number',
  'case_number',
  'applicant',
  'defendant',
  'date_of_injury',
  'start_page_no',
  'created_at',
  'raw_file_uploaded_at',
  'separated_at',
  'action_status',
  'document_synced',
  'reviewed_at',
] as const satisfies readonly ColumnKey[];

export type SortKey = (typeof SORTABLE_KEYS)[number];

export function isSortable(key: string): key is SortKey {
  return (SORTABLE_KEYS as readonly string[]).includes(key);
}

const BY_KEY = new Map(COLUMNS.map((column) => [column.key, column]));
export const ALWAYS_VISIBLE: ColumnKey = 'name';

export function columnDefinition(key: ColumnKey): ColumnDefinition {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`Unknown column ${key}`);
  return found;
}

export function isColumnKey(value: string): value is ColumnKey {
  return BY_KEY.has(value as ColumnKey);
}

/** One column of a layout: which, whether shown, and a saved width (null: the default). */
export interface ColumnState {
  key: ColumnKey;
  visible: boolean;
  width: number | null;
}

export function defaultLayout(): ColumnState[] {
  return COLUMNS.map((column) => ({
    key: column.key,
    visible: column.defaultVisible,
    width: null,
  }));
}

/** The saved layout onto the known columns (see the module comment); null/empty: the defaults. */
export function mergeLayout(saved: readonly ColumnSetting[] | null | undefined): ColumnState[] {
  if (!saved || saved.length === 0) return defaultLayout();
  const seen = new Set<ColumnKey>();
  const layout: ColumnState[] = [];
  for (const setting of saved) {
    if (!isColumnKey(setting.key) || seen.has(setting.key)) continue;
    seen.add(setting.key);
    const width =
      typeof setting.width === 'number' && setting.width >= 40 && setting.width <= 1000
        ? setting.width
        : null;
    layout.push({ key: setting.key, visible: setting.visible, width });
  }
  for (const column of COLUMNS) {
    if (!seen.has(column.key)) layout.push({ key: column.key, visible: false, width: null });
  }
  return ensureNameVisible(layout);
}

function ensureNameVisible(layout: ColumnState[]): ColumnState[] {
  return layout.map((column) =>
    column.key === ALWAYS_VISIBLE && !column.visible ? { ...column, visible: true } : column,
  );
}

/** Moves the column at `index` by `delta` places (clamped); the same layout when it cannot. */
export function moveColumn(layout: readonly ColumnState[], index: number, delta: -1 | 1) {
  const target = index + delta;
  if (index < 0 || index >= layout.length || target < 0 || target >= layout.length)
    return [...layout];
  const next = [...layout];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(target, 0, moved);
  return next;
}

export function setColumnVisible(
  layout: readonly ColumnState[],
  key: ColumnKey,
  visible: boolean,
): ColumnState[] {
  if (key === ALWAYS_VISIBLE) return [...layout];
  return layout.map((column) => (column.key === key ? { ...column, visible } : column));
}

export function visibleColumns(layout: readonly ColumnState[]): ColumnState[] {
  return layout.filter((column) => column.visible);
}

export function columnWidth(column: ColumnState): number {
  return column.width ?? columnDefinition(column.key).width;
}

/** What saveColumnConfiguration receives. */
export function toSettings(layout: readonly ColumnState[]): ColumnSetting[] {
  return layout.map((column) => ({
    key: column.key,
    visible: column.visible,
    width: column.width,
  }));
}

export function sameLayout(a: readonly ColumnState[], b: readonly ColumnState[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
