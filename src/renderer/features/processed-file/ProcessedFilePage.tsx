/**
 * Processed-file (document) details, /documents/:id: the document's pages on the left, its fields
 * on the right (type, numbers, dates, people, case, page range), its extracted values, history
 * and notifications. Saving and "Mark reviewed" go through the desktop's review outbox, so they
 * work offline too; without the server the document and its PDF come from the desktop's cache.
 */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { Button, Callout, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError, NETWORK_UNREACHABLE } from '../../app/errors';
import { useServices } from '../../app/services';
import { useViewer } from '../auth/useViewer';
import { queueFromSearch } from '../review/queue';
import { DocumentDetails } from './DocumentDetails';
import { NO_DRAFT, type Draft } from './draft';
import type { DraftHolder } from './useDocumentForm';
import type { LocalCopy } from './useDocumentSave';
import { loadPdfjs } from './loadPdfjs';
import { PendingFieldsContext } from './pendingFields';
import { useDocument } from './useDocument';
import './processed-file.css';

export function ProcessedFilePage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const queue = queueFromSearch(params);
  const viewer = useViewer();
  const { bridge } = useServices();
  // pdf.js and its worker start loading now, while the document is fetched.
  useEffect(() => {
    loadPdfjs().catch((error: unknown) => console.warn('[pdf] pdf.js could not be loaded', error));
  }, []);
  const source = useDocument(id);
  const { reload } = source;
  // A change kept on this computer (queued) shows its local values until the server has it.
  const [local, setLocal] = useState<LocalCopy | null>(null);
  useEffect(() => setLocal(null), [id]);
  useEffect(() => {
    if (!local) return undefined;
    return bridge.on('review:changed', (status) => {
      if (status.online && status.pending === 0) {
        void reload().then(() => setLocal(null));
      }
    });
  }, [bridge, local, reload]);
  // What the user typed, for this document only: kept here so that the details screen shown
  // again (the offline copy replacing the server's answer, a reload) keeps it.
  const [drafts, setDrafts] = useState<{ id: string; draft: Draft }>({ id, draft: NO_DRAFT });
  const draft = useMemo<DraftHolder>(
    () => ({
      draft: drafts.id === id ? drafts.draft : NO_DRAFT,
      update: (change) =>
        setDrafts((current) => ({
          id,
          draft: change(current.id === id ? current.draft : NO_DRAFT),
        })),
    }),
    [drafts, id],
  );
  const onSaved = useCallback(async () => {
    setLocal(null);
    await reload();
  }, [reload]);

  const doc = local?.doc ?? source.doc;
  const pendingFields = useMemo(
    () => new Set<string>(source.pendingFields),
    [source.pendingFields],
  );
  let body;
  if (doc) {
    body = (
      <PendingFieldsContext.Provider value={pendingFields}>
        <DocumentDetails
          key={doc.id}
          doc={doc}
          pdfSource={source.pdfSource}
          offline={source.offline}
          queuedLocally={local !== null || pendingFields.size > 0}
          queue={queue}
          companyIds={viewer?.company_ids ?? (viewer ? [viewer.company.id] : [])}
          managedCompanyIds={viewer?.managed_company_ids ?? []}
          dateFormat={viewer?.company.date_format ?? DEFAULT_DATE_FORMAT}
          draft={draft}
          onSaved={onSaved}
          onQueued={setLocal}
          onRetry={() => void reload()}
        />
      </PendingFieldsContext.Provider>
    );
  } else if (source.unreachable && source.offlineState.kind === 'missing') {
    body = (
      <NonIdealState
        className="ld-empty"
        icon="offline"
        title="The server cannot be reached."
        description="This document is not saved on this computer, so it cannot be shown offline. Open it again when the server is reachable."
        action={<Button icon="refresh" text="Try again" onClick={() => void reload()} />}
      />
    );
  } else if (source.unreachable && source.offlineState.kind === 'failed') {
    body = (
      <Callout intent={Intent.DANGER} icon="offline" role="alert">
        {NETWORK_UNREACHABLE}{' '}
        {describeError(source.offlineState.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
      </Callout>
    );
  } else if (source.error) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(source.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
        <div>
          <Button size="small" icon="refresh" onClick={() => void reload()}>
            Try again
          </Button>
        </div>
      </Callout>
    );
  } else if (source.notFound) {
    body = (
      <NonIdealState
        className="ld-empty"
        icon="search"
        title={ERRORS.NO_DATA}
        description="This document does not exist or belongs to another company."
        action={<Link to="/documents">Go to the documents</Link>}
      />
    );
  } else {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading the document" />;
  }
  return <section className="ld-doc-page">{body}</section>;
}
