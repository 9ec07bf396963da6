/**
 * One loaded document: the PDF viewer beside the editing panels. The form (useDocumentForm),
 * what the screen reads beside the document (useDocumentContext), saving through the outbox
 * (useDocumentSave), delete and restore (useDeleteRestore) and Ctrl/Cmd+S (useSaveShortcut) are
 * hooks; the header, the notes, the tabs, the re-split question and the conflict dialog are
 * components. Every write takes the one path of documents/writes.ts.
 */
import { useMemo, useState } from 'react';
import { UnsavedChangesGuard } from '../../components/unsaved/UnsavedChangesGuard';
import { caseTitle } from './CasePicker';
import { ConflictDialog } from './ConflictDialog';
import { DocumentBanners } from './DocumentBanners';
import { DocumentHeader } from './DocumentHeader';
import { DocumentTabs } from './DocumentTabs';
import type { PdfSource } from './loadPdfjs';
import type { DocumentCase, DocumentType, ProcessedFileDetails } from './operations';
import { PdfViewer } from './PdfViewer';
import { pagesText } from './resplit';
import { ResplitAlert } from './ResplitAlert';
import { useDeleteRestore } from './useDeleteRestore';
import { useDocumentContext } from './useDocumentContext';
import { useDocumentForm, type DraftHolder } from './useDocumentForm';
import { useDocumentSave, type LocalCopy } from './useDocumentSave';
import { useSaveShortcut } from './useSaveShortcut';
import type { StatusType } from '../review/queue';

/** Names for ids a conflict may show: document types and every case the screen knows. */
function namesOf(
  types: readonly DocumentType[],
  knownCases: Record<string, DocumentCase>,
  doc: ProcessedFileDetails,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const type of types) out[type.id] = `${type.legal_document_folder.name} — ${type.name}`;
  for (const found of Object.values(knownCases)) out[found.id] = caseTitle(found);
  for (const item of doc.recommended_cases) if (item.case) out[item.case.id] = caseTitle(item.case);
  if (doc.legal_case) out[doc.legal_case.id] = caseTitle(doc.legal_case);
  return out;
}

export function DocumentDetails(props: {
  doc: ProcessedFileDetails;
  pdfSource: PdfSource | null;
  offline: boolean;
  queuedLocally: boolean;
  queue: StatusType | null;
  companyIds: string[];
  /** Companies the viewer administers: only they see the admin file change log. */
  managedCompanyIds: readonly string[];
  dateFormat: string;
  /** What the user typed, held by the page so it outlives this screen being shown again. */
  draft: DraftHolder;
  onSaved(): Promise<void>;
  onQueued(copy: LocalCopy): void;
  onRetry(): void;
}) {
  const { doc, offline, dateFormat } = props;
  const context = useDocumentContext(doc, {
    offline,
    managedCompanyIds: props.managedCompanyIds,
  });
  const edit = useDocumentForm(doc, context.rawFilePages, props.draft);
  const saving = useDocumentSave({
    doc,
    changeSet: edit.changeSet,
    dirty: edit.dirty,
    invalid: edit.invalid,
    setServerErrors: edit.setServerErrors,
    onSaved: async () => {
      await props.onSaved();
      edit.discard();
      context.refresh.all();
    },
    onQueued: (copy) => {
      props.onQueued(copy);
      edit.discard();
    },
  });
  const deletion = useDeleteRestore(doc, context.refresh.history);
  const [knownCases, setKnownCases] = useState<Record<string, DocumentCase>>({});
  useSaveShortcut(() => saving.request('save'));

  const names = useMemo(
    () => namesOf(context.typeList, knownCases, doc),
    [context.typeList, knownCases, doc],
  );
  const shownType =
    context.typeList.find((type) => type.id === doc.legal_file_type_id) ?? doc.legal_file_type;
  const pageSpan = { start: doc.start_page_no, end: doc.end_page_no };

  return (
    <>
      <UnsavedChangesGuard dirty={edit.dirty} />
      <DocumentHeader
        doc={doc}
        shownType={shownType}
        queue={props.queue}
        offline={offline}
        dateFormat={dateFormat}
        dirty={edit.dirty}
        invalid={edit.invalid}
        saving={saving.saving}
        deleting={deletion.deleting}
        onDelete={() => void deletion.remove()}
        onMarkReviewed={() => saving.request('review')}
        onSave={() => saving.request('save')}
      />
      <DocumentBanners
        doc={doc}
        offline={offline}
        queuedLocally={props.queuedLocally}
        failure={saving.failure}
        dateFormat={dateFormat}
        restoring={deletion.restoring}
        onRetry={props.onRetry}
        onRestore={() => void deletion.restore()}
      />
      <div className="ld-doc-split">
        <PdfViewer
          source={props.pdfSource}
          label={`Pages of ${doc.name}`}
          name={doc.name}
          caption={`${pagesText(pageSpan)} of ${doc.raw_file_name}`}
          emptyText={
            offline
              ? 'The PDF of this document is not saved on this computer; it shows when the server is reachable.'
              : 'The PDF of this document has not been written yet.'
          }
        />
        <div className="ld-doc-side">
          <DocumentTabs
            doc={doc}
            form={edit.form}
            errors={edit.errors}
            changedFields={edit.changedFields}
            types={context.typeList}
            rawFilePages={context.rawFilePages}
            companyIds={props.companyIds}
            knownCases={knownCases}
            history={{
              logs: context.history.data?.processedFileLogs ?? null,
              adminLogs: context.history.data?.adminFileChangeLogs ?? null,
              loading: context.history.loading,
              error: context.history.error,
            }}
            offline={offline}
            dateFormat={dateFormat}
            onChange={(patch) => {
              edit.change(patch);
              saving.clearFailure();
            }}
            onCaseFound={(found) => setKnownCases((current) => ({ ...current, [found.id]: found }))}
            onExtractedAdded={() => void props.onSaved()}
          />
        </div>
      </div>
      <ResplitAlert
        isOpen={saving.resplitThen !== null}
        rawFileName={doc.raw_file_name}
        current={pageSpan}
        wanted={{ start: edit.form.start_page_no, end: edit.form.end_page_no }}
        siblings={context.siblings}
        onCancel={saving.cancelResplit}
        onConfirm={saving.confirmResplit}
      />
      {saving.conflict ? (
        <ConflictDialog
          conflicts={saving.conflict.conflicts}
          names={names}
          busy={saving.saving}
          failure={saving.conflictFailure}
          onResolve={(choices) => void saving.resolveConflict(choices)}
          onClose={saving.closeConflict}
        />
      ) : null}
    </>
  );
}
