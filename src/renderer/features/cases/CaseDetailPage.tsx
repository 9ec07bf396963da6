/**
 * One case (/cases/:id): the case summary (spec section 3), "Edit" (the case dialog), "Delete"
 * (a soft delete, confirmed first) and the case's documents, each opening /documents/:docId.
 */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { Pager } from '../../components/Pager';
import {
  Alert,
  Button,
  Callout,
  Card,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError, readErrorCode } from '../../app/errors';
import { formatDate, formatDateTime } from '../../app/format';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { CASE_FIELD_LABELS } from './caseForm';
import { formatDay } from '../../../shared/documents';
import { orDash, plural } from './caseFormat';
import { CaseFormDialog } from './CaseFormDialog';
import { pageCount } from './listState';
import { CASE_MESSAGES } from './messages';
import {
  CASE_DETAILS_QUERY,
  CASE_DOCUMENTS_QUERY,
  CASE_QUERIES_AFTER_CHANGE,
  DELETE_CASE_MUTATION,
  type LegalCase,
} from './operations';
import './cases.css';

export const CASE_DOCUMENTS_PAGE_SIZE = 20;

export function CaseDetailPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const dateFormat = viewer?.company.date_format ?? DEFAULT_DATE_FORMAT;
  const navigate = useNavigate();
  const client = useApolloClient();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const details = useQuery(CASE_DETAILS_QUERY, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const [deleteCase, { loading: deleting }] = useMutation(DELETE_CASE_MUTATION, {
    refetchQueries: CASE_QUERIES_AFTER_CHANGE,
  });
  const legalCase = details.data?.legalCase ?? null;

  const remove = async () => {
    if (!legalCase) return;
    try {
      await deleteCase({ variables: { id: legalCase.id } });
      client.cache.evict({
        id: client.cache.identify({ __typename: 'LegalCase', id: legalCase.id }),
      });
      client.cache.gc();
      toastSuccess(`Case ${legalCase.case_number} was deleted.`);
      void navigate('/cases');
    } catch (error) {
      toastError(describeError(error, CASE_MESSAGES.DELETE_FAILED));
    } finally {
      setConfirmDelete(false);
    }
  };

  const back = (
    <Link to="/cases" className="ld-cases-back">
      ← All cases
    </Link>
  );

  if (details.error && !details.data) {
    const notFound = ['NOT_FOUND', 'INVALID_INPUT'].includes(
      readErrorCode(details.error)?.code ?? '',
    );
    return (
      <Page title="Case">
        {back}
        {notFound ? (
          <NonIdealState icon="search" title={PRODUCT_ERRORS.NOT_FOUND} className="ld-empty" />
        ) : (
          <Callout intent={Intent.DANGER} icon="error" role="alert">
            {describeError(details.error, ERRORS.FETCH_CASE_DATA_FAILED)}
          </Callout>
        )}
      </Page>
    );
  }
  if (!details.data) {
    return (
      <Page title="Case">
        {back}
        <Spinner className="ld-loading" size={32} aria-label="Loading the case" />
      </Page>
    );
  }
  if (!legalCase) {
    return (
      <Page title="Case">
        {back}
        <NonIdealState icon="search" title={PRODUCT_ERRORS.NOT_FOUND} className="ld-empty" />
      </Page>
    );
  }

  return (
    <Page
      title={`Case ${legalCase.case_number}`}
      subtitle={[legalCase.name, legalCase.client_name].filter(Boolean).join(' · ') || undefined}
      actions={
        <>
          <Button icon="edit" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button icon="trash" intent={Intent.DANGER} onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </>
      }
    >
      {back}
      <CaseSummary legalCase={legalCase} dateFormat={dateFormat} />
      <CaseDocuments
        companyId={companyId}
        caseId={legalCase.id}
        linked={legalCase.documents_count}
        dateFormat={dateFormat}
      />
      {editing ? (
        <CaseFormDialog
          companyId={companyId}
          legalCase={legalCase}
          onClose={() => setEditing(false)}
        />
      ) : null}
      <Alert
        isOpen={confirmDelete}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      >
        <p>
          Delete case {legalCase.case_number}? It leaves the case list and the statistics; its
          documents stay in the document center.
        </p>
      </Alert>
    </Page>
  );
}

function CaseSummary({ legalCase, dateFormat }: { legalCase: LegalCase; dateFormat: string }) {
  const rows: Array<{ label: string; value: string }> = [
    { label: CASE_FIELD_LABELS.case_number, value: legalCase.case_number },
    { label: 'Case id', value: legalCase.case_id },
    { label: CASE_FIELD_LABELS.name, value: orDash(legalCase.name) },
    { label: CASE_FIELD_LABELS.client_name, value: orDash(legalCase.client_name) },
    { label: CASE_FIELD_LABELS.legal_case_status, value: orDash(legalCase.legal_case_status) },
    { label: CASE_FIELD_LABELS.legal_case_type, value: orDash(legalCase.legal_case_type) },
    { label: CASE_FIELD_LABELS.eams_number, value: orDash(legalCase.eams_number) },
    { label: CASE_FIELD_LABELS.wcab_number, value: orDash(legalCase.wcab_number) },
    { label: CASE_FIELD_LABELS.primary_number, value: orDash(legalCase.primary_number) },
    { label: CASE_FIELD_LABELS.alternate_number, value: orDash(legalCase.alternate_number) },
    {
      label: CASE_FIELD_LABELS.date_of_incident,
      value: orDash(formatDay(legalCase.date_of_incident, dateFormat)),
    },
    {
      label: CASE_FIELD_LABELS.date_of_injury,
      value: orDash(formatDay(legalCase.date_of_injury, dateFormat)),
    },
    { label: 'CRM', value: orDash(legalCase.crm_type) },
    { label: 'Created', value: formatDateTime(legalCase.created_at, dateFormat) },
    { label: 'Updated', value: formatDateTime(legalCase.updated_at, dateFormat) },
  ];
  return (
    <Card className="ld-card ld-cases-block" role="region" aria-label="Case summary">
      <h2 className="ld-cases-heading">Summary</h2>
      <dl className="ld-cases-summary">
        {rows.map((row) => (
          <div key={row.label} className="ld-cases-summary-item">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function CaseDocuments(props: {
  companyId: string;
  caseId: string;
  linked: number;
  dateFormat: string;
}) {
  const { companyId, caseId, linked, dateFormat } = props;
  const [page, setPage] = useState(1);
  const documents = useQuery(CASE_DOCUMENTS_QUERY, {
    variables: {
      company_id: companyId,
      legal_case_id: caseId,
      page,
      page_size: CASE_DOCUMENTS_PAGE_SIZE,
    },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const shown = documents.data ?? documents.previousData;
  const total = shown?.processedFiles.total ?? 0;
  const pages = pageCount(total, CASE_DOCUMENTS_PAGE_SIZE);

  let body;
  if (documents.error && !shown) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(documents.error, ERRORS.FETCH_CASE_DATA_FAILED)}
      </Callout>
    );
  } else if (!shown) {
    body = <Spinner size={24} aria-label="Loading the case's documents" />;
  } else if (shown.processedFiles.items.length === 0) {
    body = (
      <div className="ld-muted">
        {linked > 0
          ? `${plural(linked, 'document is', 'documents are')} linked to this case; none is in the document center yet.`
          : ERRORS.NO_DATA}
      </div>
    );
  } else {
    body = (
      <ul className="ld-cases-documents" aria-label="Documents of the case">
        {shown.processedFiles.items.map((doc) => (
          <li key={doc.id} className="ld-cases-document">
            <Link to={`/documents/${doc.id}`} className="ld-cases-document-name">
              {doc.name}
            </Link>
            {doc.legal_file_type ? (
              <Tag minimal round className="ld-cases-doc-type">
                <span
                  className="ld-cases-swatch"
                  style={{ backgroundColor: doc.legal_file_type.legal_document_folder.hex_code }}
                  aria-hidden
                />
                {doc.legal_file_type.name}
              </Tag>
            ) : (
              <Tag minimal round intent={Intent.WARNING}>
                No document type
              </Tag>
            )}
            <span className="ld-muted">
              {doc.raw_file_name} ·{' '}
              {doc.start_page_no === doc.end_page_no
                ? `page ${doc.start_page_no}`
                : `pages ${doc.start_page_no}–${doc.end_page_no}`}
            </span>
            <span className="ld-muted ld-cases-document-date">
              Separated {formatDate(doc.separated_at, dateFormat)}
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card className="ld-card ld-cases-block" role="region" aria-labelledby="case-documents-heading">
      <h2 id="case-documents-heading" className="ld-cases-heading">
        Documents {shown ? <span className="ld-muted">({total})</span> : null}
      </h2>
      {body}
      {total > CASE_DOCUMENTS_PAGE_SIZE ? (
        <Pager page={page} pages={pages} onPage={setPage} />
      ) : null}
    </Card>
  );
}
