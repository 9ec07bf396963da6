/**
 * The details screen's header: where the document comes from (back to the queue or the document
 * center, the raw file), its name and tags (type, pages, exception reasons, reviewed, deleted,
 * offline), and the actions: next in queue, Delete, Mark reviewed, Save.
 */
import { Button, Intent, Tag, Tooltip } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { formatDate } from '../../app/format';
import { REASON_LABELS, type StatusType } from '../review/queue';
import { FolderSwatch } from './DocumentTypePicker';
import { NextInQueueButton } from './NextInQueueButton';
import type { DocumentType, ProcessedFileDetails } from './operations';
import { pagesText } from './resplit';

export function DocumentHeader(props: {
  doc: ProcessedFileDetails;
  shownType: DocumentType | ProcessedFileDetails['legal_file_type'];
  queue: StatusType | null;
  offline: boolean;
  dateFormat: string;
  dirty: boolean;
  invalid: boolean;
  saving: boolean;
  deleting: boolean;
  onDelete(): void;
  onMarkReviewed(): void;
  onSave(): void;
}) {
  const { doc, shownType, offline } = props;
  const reviewed = doc.reviewed_at !== null;
  const editable = !doc.is_deleted;
  const pageSpan = { start: doc.start_page_no, end: doc.end_page_no };
  return (
    <header className="ld-doc-header">
      <div className="ld-doc-heading">
        <div className="ld-doc-crumbs">
          <Link to={props.queue ? '/review' : '/documents'}>
            {props.queue ? 'Review queue' : 'Documents'}
          </Link>
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
              Reviewed {doc.reviewed_at ? formatDate(doc.reviewed_at, props.dateFormat) : ''}
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
            loading={props.deleting}
            onClick={props.onDelete}
          >
            Delete
          </Button>
        </Tooltip>
        {!reviewed ? (
          <Button
            icon="tick-circle"
            disabled={!editable || props.saving || (props.dirty && props.invalid)}
            onClick={props.onMarkReviewed}
            title={props.dirty ? 'Saves your changes, then marks the document reviewed' : undefined}
          >
            Mark reviewed
          </Button>
        ) : null}
        <Button
          icon="floppy-disk"
          intent={Intent.PRIMARY}
          disabled={!editable || !props.dirty || props.invalid || props.saving}
          loading={props.saving}
          title="Save (Ctrl+S)"
          onClick={props.onSave}
        >
          Save
        </Button>
      </div>
    </header>
  );
}
