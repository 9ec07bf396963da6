/**
 * Raw-file details, /raw-files/:id: the file (name, size, pages, status, uploader, processing
 * stages), its documents as a page strip grouped by document (folder colours, types, page ranges,
 * split boundaries; a document opens its details) and the raw file's log. While the pipeline
 * works on the file the page follows it.
 */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { Callout, HTMLTable, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError, isNotFoundError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { rawFileDownloadName } from '../file-actions/downloadName';
import { FileActions } from '../file-actions/FileActions';
import { FolderSwatch } from '../processed-file/DocumentTypePicker';
import { pagesText } from '../processed-file/resplit';
import { RawFileFacts, RawFileLogTable } from '../raw-files/RawFileFacts';
import { RawFileProcessing } from '../raw-files/RawFileProcessing';
import { REASON_LABELS } from '../review/queue';
import { StatusTag } from '../raw-files/StatusTag';
import { DOCUMENTS_PAGE_SIZE, RAW_FILE_DOCUMENTS_QUERY, RAW_FILE_PAGE_QUERY } from './operations';
import { PageStrip, type StripDocument } from './PageStrip';
import { layoutStrip, mergeDocuments } from './stripLayout';
import '../raw-files/raw-files.css';
import '../processed-file/processed-file.css';
import './raw-file-details.css';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const IN_FLIGHT = new Set(['Uploading', 'Uploaded', 'Processing']);
const POLL_MS = 2000;

export function RawFileDetailsPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const dateFormat = viewer?.company.date_format ?? DEFAULT_DATE_FORMAT;
  const details = useQuery(RAW_FILE_PAGE_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const file = details.data?.rawFile ?? null;
  const documents = useQuery(RAW_FILE_DOCUMENTS_QUERY, {
    variables: {
      raw_file_id: id,
      company_id: file?.company_id ?? '',
      page_size: DOCUMENTS_PAGE_SIZE,
    },
    skip: !file,
    fetchPolicy: 'cache-and-network',
  });

  // While the pipeline works on the file, follow it until it settles (then reload the documents).
  const inFlight = file !== null && IN_FLIGHT.has(file.status);
  const { startPolling, stopPolling } = details;
  const refetchDocuments = documents.refetch;
  useEffect(() => {
    if (!inFlight) return undefined;
    startPolling(POLL_MS);
    return () => {
      stopPolling();
      void refetchDocuments().catch(() => undefined);
    };
  }, [inFlight, startPolling, stopPolling, refetchDocuments]);

  const merged = useMemo(
    () =>
      documents.data
        ? mergeDocuments(documents.data.processedFiles.items, documents.data.reviewQueue.items)
        : [],
    [documents.data],
  );
  const layout = useMemo(
    () =>
      layoutStrip<StripDocument>(
        file?.no_of_pages ?? 0,
        merged.map((doc) => ({
          id: doc.id,
          name: doc.name,
          start: doc.start_page_no,
          end: doc.end_page_no,
          source: doc,
        })),
      ),
    [file?.no_of_pages, merged],
  );
  const partial =
    documents.data !== undefined &&
    (documents.data.processedFiles.total > documents.data.processedFiles.items.length ||
      documents.data.reviewQueue.total > documents.data.reviewQueue.items.length);

  const missing = (
    <Page title="Raw file">
      <NonIdealState
        className="ld-empty"
        icon="search"
        title={ERRORS.NO_DATA}
        description="This raw file does not exist, was deleted or belongs to another company."
        action={<Link to="/raw-files">Go to the raw files</Link>}
      />
    </Page>
  );
  if (details.error && !details.data && isNotFoundError(details.error)) return missing;
  if (details.error && !details.data)
    return (
      <Page title="Raw file">
        <Callout intent={Intent.DANGER} icon="error" role="alert">
          {describeError(details.error, ERRORS.FETCH_RAW_FILE_FAILED)}
        </Callout>
      </Page>
    );
  if (!details.data)
    return (
      <Page title="Raw file">
        <Spinner className="ld-loading" size={32} aria-label="Loading the raw file" />
      </Page>
    );
  if (!file) return missing;

  return (
    <section className="ld-page ld-raw-details">
      <header className="ld-page-header">
        <div>
          <div className="ld-doc-crumbs">
            <Link to="/raw-files">Raw files</Link>
          </div>
          <h1 className="ld-page-title">{file.name}</h1>
          <p className="ld-page-subtitle">
            <StatusTag status={file.status} />
          </p>
        </div>
        <div className="ld-page-actions">
          <FileActions
            source={file.url ? { kind: 'url', url: file.url } : null}
            fileName={rawFileDownloadName(file.name)}
            title={file.name}
            printable={file.mime === 'application/pdf'}
            {...(file.mime ? { mime: file.mime } : {})}
          />
        </div>
      </header>
      <div className="ld-raw-details-grid">
        <div className="ld-raw-card">
          <RawFileFacts file={file} dateFormat={dateFormat} />
        </div>
        <div className="ld-raw-card">
          <RawFileProcessing
            file={file}
            dateFormat={dateFormat}
            onRequeued={() => void details.refetch().catch(() => undefined)}
          />
        </div>
      </div>

      <section className="ld-raw-card" aria-label="Documents">
        <h3 className="ld-section-title">Documents</h3>
        {documents.error && !documents.data ? (
          <Callout intent={Intent.DANGER} icon="error" role="alert">
            {describeError(documents.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
          </Callout>
        ) : !documents.data ? (
          <Spinner size={24} aria-label="Loading the documents" />
        ) : merged.length === 0 ? (
          <p className="ld-muted">
            {inFlight ? 'The documents appear when processing has finished.' : ERRORS.NO_DATA}
          </p>
        ) : (
          <>
            <PageStrip layout={layout} />
            {partial ? (
              <p className="ld-muted">
                Only the first {DOCUMENTS_PAGE_SIZE} documents of each list are shown.
              </p>
            ) : null}
            <HTMLTable
              className="ld-table ld-raw-doc-table"
              compact
              striped
              aria-label="Document list"
            >
              <thead>
                <tr>
                  <th>Pages</th>
                  <th>Document</th>
                  <th>Type</th>
                  <th>Review</th>
                </tr>
              </thead>
              <tbody>
                {merged.map((doc) => (
                  <tr key={doc.id}>
                    <td className="ld-nowrap">
                      {capitalised(pagesText({ start: doc.start_page_no, end: doc.end_page_no }))}
                    </td>
                    <td>
                      <Link to={`/documents/${doc.id}`}>{doc.name}</Link>
                    </td>
                    <td>
                      {doc.legal_file_type ? (
                        <span className="ld-type-cell">
                          <FolderSwatch hex={doc.legal_file_type.legal_document_folder.hex_code} />
                          {doc.legal_file_type.legal_document_folder.name} —{' '}
                          {doc.legal_file_type.name}
                        </span>
                      ) : (
                        <span className="ld-muted">No document type</span>
                      )}
                    </td>
                    <td>
                      {doc.reviewed_at ? (
                        <Tag minimal intent={Intent.SUCCESS}>
                          Reviewed
                        </Tag>
                      ) : (
                        doc.exception_reasons.map((reason) => (
                          <Tag key={reason} minimal intent={Intent.WARNING} className="ld-tag-gap">
                            {REASON_LABELS[reason] ?? reason}
                          </Tag>
                        ))
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </section>

      <section className="ld-raw-card" aria-label="Log">
        <h3 className="ld-section-title">Log</h3>
        <RawFileLogTable logs={details.data.rawFileLogs} dateFormat={dateFormat} file={file} />
      </section>
    </section>
  );
}
