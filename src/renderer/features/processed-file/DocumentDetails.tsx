/**
 * One loaded document: the PDF viewer beside the editing panels. Holds the form, works out what
 * changed (and the values it started from), checks it, confirms a re-split, and saves through the
 * review outbox: saved → the server's copy is fetched again; queued → the local values stay shown
 * with a note; conflict → the user picks per field. Ctrl/Cmd+S saves.
 */
import { Alert, Button, Callout, Intent, Tab, Tabs, Tag, Tooltip } from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DocumentChange } from '../../../shared/documents';
import { ERRORS } from '../../../shared/errors';
import type { ReviewConflictField, SaveOutcome } from '../../../shared/ipc/review';
import { describeError } from '../../app/errors';
import { formatDate, formatDateTime } from '../../app/format';
import { toastError, toastSuccess } from '../../components/toaster';
import { CasePicker, caseTitle } from './CasePicker';
import { ConflictDialog } from './ConflictDialog';
import type { ConflictChoice } from './conflicts';
import { DocumentFields } from './DocumentFields';
import { FolderSwatch } from './DocumentTypePicker';
import { ExtractedDataPanel } from './ExtractedDataPanel';
import {
  applyValues,
  describeSaveError,
  diffDocument,
  errorsFromIssues,
  formFromDocument,
  hasChanges,
  localDay,
  readIssues,
  validateForm,
  valuesOfDocument,
  type DocumentForm,
  type FieldErrors,
  type FormField,
} from './form';
import { HistoryPanel } from './HistoryPanel';
import { NotificationsPanel } from './NotificationsPanel';
import { readCachedDocument } from './offline';
import {
  DELETE_PROCESSED_FILE_MUTATION,
  DOCUMENT_RAW_FILE_QUERY,
  DOCUMENT_TYPE_CHOICES_QUERY,
  PROCESSED_FILE_HISTORY_QUERY,
  RESTORE_PROCESSED_FILE_MUTATION,
  SIBLINGS_PAGE_SIZE,
  type DocumentCase,
  type ProcessedFileDetails,
} from './operations';
import { PdfViewer } from './PdfViewer';
import type { PdfSource } from './loadPdfjs';
import { describeResplit, pagesText, type SiblingDocument } from './resplit';
import { toastWithUndo } from './undoToast';
import { useReviewSave } from './useReviewSave';
import { NextInQueueButton } from './NextInQueueButton';
import { REASON_LABELS, type StatusType } from '../review/queue';

export interface LocalCopy {
  doc: ProcessedFileDetails;
}

export const QUEUED_NOTE = 'Saved on this computer; it will be sent when the server is reachable.';

type Then = 'save' | 'review';

interface Conflict {
  outboxId: string;
  conflicts: ReviewConflictField[];
  then: Then;
}

/** The document as the local copy shows it after a queued change. */
function locally(
  doc: ProcessedFileDetails,
  kind: 'update' | 'markReviewed',
  changes: DocumentChange,
  outcome: SaveOutcome,
): ProcessedFileDetails {
  const cached = readCachedDocument(outcome.document);
  if (cached) return cached;
  if (kind === 'markReviewed')
    return { ...doc, reviewed_at: new Date().toISOString(), is_exception: false };
  return applyValues(doc, changes);
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
  onSaved(): Promise<void>;
  onQueued(copy: LocalCopy): void;
  onRetry(): void;
}) {
  const { doc, offline, dateFormat } = props;
  // The form starts again whenever the document's stored values change (saved, reloaded, local).
  const formKey = `${doc.id}:${doc.version}:${JSON.stringify(valuesOfDocument(doc))}`;
  const [form, setForm] = useState<DocumentForm>(() => formFromDocument(doc));
  const [formFor, setFormFor] = useState(formKey);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  if (formFor !== formKey) {
    // The document changed underneath (saved, reloaded, a local copy): start again from it.
    setFormFor(formKey);
    setForm(formFromDocument(doc));
    setServerErrors({});
  }
  const [tab, setTab] = useState<string>('details');
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [conflictFailure, setConflictFailure] = useState<string | null>(null);
  const [resplitThen, setResplitThen] = useState<Then | null>(null);
  const [knownCases, setKnownCases] = useState<Record<string, DocumentCase>>({});
  const { save, resolve, saving } = useReviewSave(doc.id, doc.company_id);

  const types = useQuery(DOCUMENT_TYPE_CHOICES_QUERY, {
    variables: { company_id: doc.company_id },
    skip: offline,
  });
  const typeList = useMemo(() => types.data?.legalFileTypes ?? [], [types.data]);
  const history = useQuery(PROCESSED_FILE_HISTORY_QUERY, {
    variables: { id: doc.id, withAdminLogs: props.managedCompanyIds.includes(doc.company_id) },
    skip: offline,
    fetchPolicy: 'cache-and-network',
  });
  const rawContext = useQuery(DOCUMENT_RAW_FILE_QUERY, {
    variables: {
      raw_file_id: doc.legal_raw_file_id,
      company_id: doc.company_id,
      page_size: SIBLINGS_PAGE_SIZE,
    },
    skip: offline,
    errorPolicy: 'all',
    fetchPolicy: 'cache-and-network',
  });
  const rawFilePages = rawContext.data?.rawFile?.no_of_pages ?? null;
  const siblings = useMemo<SiblingDocument[]>(() => {
    const data = rawContext.data;
    if (!data) return [];
    const seen = new Map<string, SiblingDocument>();
    for (const item of [...(data.processedFiles?.items ?? []), ...(data.reviewQueue?.items ?? [])])
      if (item.id !== doc.id)
        seen.set(item.id, {
          id: item.id,
          name: item.name,
          start: item.start_page_no,
          end: item.end_page_no,
        });
    return [...seen.values()].sort((a, b) => a.start - b.start);
  }, [rawContext.data, doc.id]);

  const changeSet = useMemo(() => diffDocument(doc, form), [doc, form]);
  const dirty = hasChanges(changeSet);
  const changedFields = useMemo(() => new Set(Object.keys(changeSet.changes)), [changeSet]);
  const clientErrors = useMemo(
    () =>
      validateForm(form, {
        rawFilePages,
        currentPages: { start: doc.start_page_no, end: doc.end_page_no },
        today: localDay(),
      }),
    [form, rawFilePages, doc.start_page_no, doc.end_page_no],
  );
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const invalid = Object.keys(clientErrors).length > 0;
  const editable = !doc.is_deleted;
  const canSave = editable && dirty && !invalid && !saving;
  const reviewed = doc.reviewed_at !== null;

  const change = (patch: Partial<DocumentForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as FormField];
      return next;
    });
    setFailure(null);
  };

  const names = useMemo(() => {
    const out: Record<string, string> = {};
    for (const type of typeList) out[type.id] = `${type.legal_document_folder.name} — ${type.name}`;
    for (const found of Object.values(knownCases)) out[found.id] = caseTitle(found);
    for (const item of doc.recommended_cases)
      if (item.case) out[item.case.id] = caseTitle(item.case);
    if (doc.legal_case) out[doc.legal_case.id] = caseTitle(doc.legal_case);
    return out;
  }, [typeList, knownCases, doc]);

  /** Handles an outbox answer; true when the next step may follow. */
  const settle = useCallback(
    async (
      outcome: SaveOutcome,
      kind: 'update' | 'markReviewed',
      changes: DocumentChange,
      then: Then,
    ): Promise<boolean> => {
      if (outcome.status === 'saved') {
        toastSuccess(kind === 'markReviewed' ? 'Marked reviewed.' : 'Saved.');
        await props.onSaved();
        void history.refetch().catch(() => undefined);
        void rawContext.refetch().catch(() => undefined);
        return true;
      }
      if (outcome.status === 'queued') {
        props.onQueued({ doc: locally(doc, kind, changes, outcome) });
        return true;
      }
      setConflictFailure(null);
      setConflict({ outboxId: outcome.outboxId, conflicts: outcome.conflicts, then });
      return false;
    },
    [doc, history, props, rawContext],
  );

  const reportFailure = (error: unknown) => {
    const issues = readIssues(error);
    if (issues.length > 0) {
      const placed = errorsFromIssues(issues);
      setServerErrors(placed.fields);
      if (placed.other.length > 0) setFailure(placed.other.join(' '));
      else setFailure(describeSaveError(error));
    } else setFailure(describeSaveError(error));
  };

  const markReviewed = async () => {
    const outcome = await save('markReviewed', {}, {});
    await settle(outcome, 'markReviewed', {}, 'save');
  };

  const run = async (then: Then) => {
    setFailure(null);
    try {
      if (dirty) {
        const outcome = await save('update', changeSet.changes, changeSet.base);
        const next = await settle(outcome, 'update', changeSet.changes, then);
        if (!next) return;
      }
      if (then === 'review') await markReviewed();
    } catch (error) {
      reportFailure(error);
    }
  };

  /** Save (and mark reviewed): checks first, and a new page range is confirmed before. */
  const request = (then: Then) => {
    if (!editable || saving) return;
    if (dirty && invalid) {
      setFailure('Some fields need attention before saving.');
      return;
    }
    if (dirty && ('start_page_no' in changeSet.changes || 'end_page_no' in changeSet.changes)) {
      setResplitThen(then);
      return;
    }
    if (!dirty && then === 'save') return;
    void run(then);
  };
  const requestRef = useRef(request);
  requestRef.current = request;

  // Ctrl/Cmd+S saves (and never opens the browser's "save page").
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        // A number still being typed is added when its field loses focus: let that happen first.
        const active = document.activeElement;
        if (active instanceof HTMLInputElement) active.blur();
        setTimeout(() => requestRef.current('save'), 0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const resolveConflict = async (choices: Record<string, ConflictChoice>) => {
    if (!conflict) return;
    setConflictFailure(null);
    try {
      const outcome = await resolve(conflict.outboxId, choices);
      const then = conflict.then;
      if (outcome.status !== 'conflict') setConflict(null);
      const next = await settle(outcome, 'update', changeSet.changes, then);
      if (next && then === 'review') await markReviewed();
    } catch (error) {
      setConflictFailure(describeSaveError(error));
    }
  };

  const [deleteDocument, deleting] = useMutation(DELETE_PROCESSED_FILE_MUTATION);
  const [restoreDocument, restoring] = useMutation(RESTORE_PROCESSED_FILE_MUTATION);
  const restore = async () => {
    try {
      await restoreDocument({ variables: { id: doc.id } });
      toastSuccess(`“${doc.name}” was restored.`);
      void history.refetch().catch(() => undefined);
    } catch (error) {
      toastError(describeError(error, ERRORS.UPDATE_PROCESSED_FILE_FAILED));
    }
  };
  const remove = async () => {
    try {
      await deleteDocument({ variables: { id: doc.id } });
      toastWithUndo(`“${doc.name}” was deleted.`, () => void restore());
      void history.refetch().catch(() => undefined);
    } catch (error) {
      toastError(describeError(error, ERRORS.DELETE_PROCESSED_FILE_FAILED));
    }
  };

  const resplitLines = useMemo(() => {
    const start = Number(form.start_page_no);
    const end = Number(form.end_page_no);
    if (!Number.isInteger(start) || !Number.isInteger(end)) return [];
    return describeResplit(
      { start: doc.start_page_no, end: doc.end_page_no },
      { start, end },
      siblings,
    );
  }, [form.start_page_no, form.end_page_no, doc.start_page_no, doc.end_page_no, siblings]);

  const shownType =
    typeList.find((type) => type.id === doc.legal_file_type_id) ?? doc.legal_file_type;
  const pageSpan = { start: doc.start_page_no, end: doc.end_page_no };
  const backTo = props.queue ? '/review' : '/documents';

  return (
    <>
      <header className="ld-doc-header">
        <div className="ld-doc-heading">
          <div className="ld-doc-crumbs">
            <Link to={backTo}>{props.queue ? 'Review queue' : 'Documents'}</Link>
            <span className="ld-muted"> / </span>
            <Link to={`/raw-files/${doc.legal_raw_file_id}`} title="Open the raw file">
              {doc.raw_file_name}
            </Link>
          </div>
          <h1 className="ld-page-title ld-doc-title">{doc.name}</h1>
          <div className="ld-doc-tags">
            {shownType ? (
              <Tag minimal icon={<FolderSwatch hex={shownType.legal_document_folder.hex_code} />}>
                {shownType.legal_document_folder.name} — {shownType.name}
              </Tag>
            ) : null}
            <Tag minimal>{pagesText(pageSpan).replace(/^p/, 'P')} of the raw file</Tag>
            {doc.exception_reasons.map((reason) => (
              <Tag key={reason} intent={Intent.WARNING} data-testid="exception-reason">
                {REASON_LABELS[reason] ?? reason}
              </Tag>
            ))}
            {reviewed ? (
              <Tag intent={Intent.SUCCESS} icon="tick" data-testid="reviewed-tag">
                Reviewed {doc.reviewed_at ? formatDate(doc.reviewed_at, dateFormat) : ''}
              </Tag>
            ) : null}
            {doc.is_deleted ? <Tag intent={Intent.DANGER}>Deleted</Tag> : null}
            {offline ? (
              <Tag intent={Intent.WARNING} icon="offline">
                Offline copy
              </Tag>
            ) : null}
          </div>
        </div>
        <div className="ld-page-actions">
          {props.queue ? <NextInQueueButton documentId={doc.id} statusType={props.queue} /> : null}
          <Tooltip
            content={offline ? 'Deleting needs the server; you are working offline.' : ''}
            disabled={!offline}
          >
            <Button
              icon="trash"
              intent={Intent.DANGER}
              variant="minimal"
              disabled={offline || doc.is_deleted}
              loading={deleting.loading}
              onClick={() => void remove()}
            >
              Delete
            </Button>
          </Tooltip>
          {!reviewed ? (
            <Button
              icon="tick-circle"
              disabled={!editable || saving || (dirty && invalid)}
              onClick={() => request('review')}
              title={dirty ? 'Saves your changes, then marks the document reviewed' : undefined}
            >
              Mark reviewed
            </Button>
          ) : null}
          <Button
            icon="floppy-disk"
            intent={Intent.PRIMARY}
            disabled={!canSave}
            loading={saving}
            title="Save (Ctrl+S)"
            onClick={() => request('save')}
          >
            Save
          </Button>
        </div>
      </header>
      {offline ? (
        <Callout intent={Intent.WARNING} icon="offline" className="ld-doc-banner" role="status">
          The server cannot be reached: this is the offline copy saved on this computer
          {doc.updated_at ? ` (as of ${formatDateTime(doc.updated_at, dateFormat)})` : ''}. Changes
          you save are kept here and sent when the server is reachable.{' '}
          <Button size="small" variant="minimal" icon="refresh" onClick={props.onRetry}>
            Try again
          </Button>
        </Callout>
      ) : null}
      {props.queuedLocally ? (
        <Callout intent={Intent.PRIMARY} icon="time" className="ld-doc-banner" role="status">
          {QUEUED_NOTE}
        </Callout>
      ) : null}
      {doc.is_deleted ? (
        <Callout intent={Intent.DANGER} icon="trash" className="ld-doc-banner">
          This document is deleted
          {doc.deleted_at ? ` (${formatDateTime(doc.deleted_at, dateFormat)})` : ''}. It cannot be
          changed until it is restored.{' '}
          <Button
            size="small"
            icon="undo"
            disabled={offline}
            loading={restoring.loading}
            onClick={() => void restore()}
          >
            Restore
          </Button>
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-doc-banner">
          {failure}
        </Callout>
      ) : null}
      <div className="ld-doc-split">
        <PdfViewer
          source={props.pdfSource}
          label={`Pages of ${doc.name}`}
          caption={`${pagesText(pageSpan)} of ${doc.raw_file_name}`}
          emptyText={
            offline
              ? 'The PDF of this document is not saved on this computer; it shows when the server is reachable.'
              : 'The PDF of this document has not been written yet.'
          }
        />
        <div className="ld-doc-side">
          <Tabs
            id="document-tabs"
            selectedTabId={tab}
            onChange={(next) => setTab(String(next))}
            renderActiveTabPanelOnly
          >
            <Tab
              id="details"
              title={dirty ? 'Details •' : 'Details'}
              panel={
                <DocumentFields
                  form={form}
                  errors={errors}
                  changed={changedFields}
                  types={typeList}
                  loadedType={doc.legal_file_type}
                  rawFilePages={rawFilePages}
                  disabled={!editable}
                  onChange={change}
                />
              }
            />
            <Tab
              id="case"
              title={changedFields.has('legal_case_id') ? 'Case •' : 'Case'}
              panel={
                <CasePicker
                  companyIds={props.companyIds}
                  value={form.legal_case_id}
                  loadedCase={doc.legal_case}
                  recommended={doc.recommended_cases}
                  offline={offline}
                  disabled={!editable}
                  error={errors.legal_case_id}
                  known={knownCases}
                  onChange={(legal_case_id, found) => {
                    if (found) setKnownCases((current) => ({ ...current, [found.id]: found }));
                    change({ legal_case_id });
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
                  onAdded={() => void props.onSaved()}
                />
              }
            />
            <Tab
              id="history"
              title="History"
              panel={
                <HistoryPanel
                  logs={history.data?.processedFileLogs ?? null}
                  adminLogs={history.data?.adminFileChangeLogs ?? null}
                  loading={history.loading}
                  error={history.error}
                  offline={offline}
                  dateFormat={dateFormat}
                />
              }
            />
            <Tab
              id="notifications"
              title="Notifications"
              panel={
                <NotificationsPanel documentId={doc.id} offline={offline} dateFormat={dateFormat} />
              }
            />
          </Tabs>
        </div>
      </div>
      <Alert
        isOpen={resplitThen !== null}
        intent={Intent.WARNING}
        icon="segmented-control"
        confirmButtonText="Re-split and save"
        cancelButtonText="Cancel"
        onCancel={() => setResplitThen(null)}
        onConfirm={() => {
          const then = resplitThen ?? 'save';
          setResplitThen(null);
          void run(then);
        }}
      >
        <p>
          <strong>
            Change this document to{' '}
            {pagesText({ start: Number(form.start_page_no), end: Number(form.end_page_no) })} of “
            {doc.raw_file_name}”?
          </strong>
        </p>
        {resplitLines.length > 0 ? (
          <ul className="ld-resplit-list">
            {resplitLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        <p className="ld-muted">
          The documents whose pages change get new PDFs cut from the raw file; their history records
          the move.
        </p>
      </Alert>
      {conflict ? (
        <ConflictDialog
          conflicts={conflict.conflicts}
          names={names}
          busy={saving}
          failure={conflictFailure}
          onResolve={(choices) => void resolveConflict(choices)}
          onClose={() => setConflict(null)}
        />
      ) : null}
    </>
  );
}
