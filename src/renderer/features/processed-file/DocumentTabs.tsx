/**
 * The details screen's side panel: the fields, the case, extracted data, history and
 * notifications, each a tab. A tab whose values changed is marked with a dot.
 */
import { Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { CasePicker } from './CasePicker';
import { DocumentFields } from './DocumentFields';
import { ExtractedDataPanel } from './ExtractedDataPanel';
import type { DocumentForm, FieldErrors } from './form';
import { HistoryPanel } from './HistoryPanel';
import { NotificationsPanel } from './NotificationsPanel';
import type {
  AdminFileChangeLog,
  DocumentCase,
  DocumentType,
  ProcessedFileDetails,
  ProcessedFileLog,
} from './operations';

export interface HistoryView {
  logs: readonly ProcessedFileLog[] | null;
  adminLogs: readonly AdminFileChangeLog[] | null;
  loading: boolean;
  error: unknown;
}

export function DocumentTabs(props: {
  doc: ProcessedFileDetails;
  form: DocumentForm;
  errors: FieldErrors;
  changedFields: ReadonlySet<string>;
  types: readonly DocumentType[];
  rawFilePages: number | null;
  companyIds: string[];
  knownCases: Record<string, DocumentCase>;
  history: HistoryView;
  offline: boolean;
  dateFormat: string;
  onChange(patch: Partial<DocumentForm>): void;
  onCaseFound(found: DocumentCase): void;
  onExtractedAdded(): void;
}) {
  const { doc, offline, dateFormat } = props;
  const [tab, setTab] = useState<string>('details');
  const editable = !doc.is_deleted;
  const mark = (title: string, changed: boolean) => (changed ? `${title} •` : title);
  return (
    <Tabs
      id="document-tabs"
      selectedTabId={tab}
      onChange={(next) => setTab(String(next))}
      renderActiveTabPanelOnly
    >
      <Tab
        id="details"
        title={mark('Details', props.changedFields.size > 0)}
        panel={
          <DocumentFields
            form={props.form}
            defendants={doc.defendants}
            errors={props.errors}
            changed={props.changedFields}
            types={props.types}
            loadedType={doc.legal_file_type}
            rawFilePages={props.rawFilePages}
            disabled={!editable}
            onChange={props.onChange}
          />
        }
      />
      <Tab
        id="case"
        title={mark('Case', props.changedFields.has('legal_case_id'))}
        panel={
          <CasePicker
            companyIds={props.companyIds}
            value={props.form.legal_case_id}
            loadedCase={doc.legal_case}
            recommended={doc.recommended_cases}
            offline={offline}
            disabled={!editable}
            error={props.errors.legal_case_id}
            known={props.knownCases}
            dateFormat={props.dateFormat}
            onChange={(legal_case_id, found) => {
              if (found) props.onCaseFound(found);
              props.onChange({ legal_case_id });
            }}
          />
        }
      />
      <Tab
        id="extracted"
        title="Extracted data"
        panel={
          <ExtractedDataPanel
            documentId={doc.id}
            values={doc.extracted_data}
            offline={offline}
            deleted={doc.is_deleted}
            onAdded={props.onExtractedAdded}
          />
        }
      />
      <Tab
        id="history"
        title="History"
        panel={<HistoryPanel {...props.history} offline={offline} dateFormat={dateFormat} />}
      />
      <Tab
        id="notifications"
        title="Notifications"
        panel={<NotificationsPanel documentId={doc.id} offline={offline} dateFormat={dateFormat} />}
      />
    </Tabs>
  );
}
