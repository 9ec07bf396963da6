/**
 * The document's case: the chosen one, the cases the pipeline recommends (best first, with the
 * score and why they matched), and a search over all of the company's cases (debounced). Picking
 * a case changes the form; saving sends it.
 */
import { Button, Callout, InputGroup, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useEffect, useState, type ReactNode } from 'react';
import { ERRORS } from '../../../shared/errors';
import { formatDay } from '../../../shared/documents';
import { describeError } from '../../app/errors';
import { CASE_SEARCH_QUERY, type DocumentCase, type RecommendedCase } from './operations';

const SEARCH_DELAY_MS = 300;
const SEARCH_LIMIT = 10;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export function caseTitle(found: Pick<DocumentCase, 'case_number' | 'name' | 'client_name'>) {
  const who = found.name ?? found.client_name;
  return who ? `${found.case_number} · ${who}` : found.case_number;
}

/** Reasons the matcher gives ("adj_number", "ADJ number ADJ1 matches") as short labels. */
export function reasonLabel(reason: string): string {
  const known: Record<string, string> = {
    adj_number: 'ADJ number',
    claim_number: 'Claim number',
    case_number: 'Case number',
    eams_number: 'EAMS number',
    wcab_number: 'WCAB number',
    applicant: 'Applicant',
    date_of_injury: 'Date of injury',
  };
  return known[reason] ?? reason;
}

function CaseLine(props: {
  found: DocumentCase;
  dateFormat: string;
  chosen: boolean;
  disabled: boolean;
  onPick(): void;
  extra?: ReactNode;
}) {
  const { found } = props;
  return (
    <li className="ld-case-row" aria-label={caseTitle(found)}>
      <div className="ld-case-main">
        <strong>{caseTitle(found)}</strong>
        <span className="ld-muted">
          {[
            found.legal_case_status,
            found.legal_case_type,
            found.date_of_injury && `DOI ${formatDay(found.date_of_injury, props.dateFormat)}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {props.extra}
      </div>
      <Button
        size="small"
        icon={props.chosen ? 'tick' : undefined}
        intent={props.chosen ? Intent.SUCCESS : Intent.NONE}
        disabled={props.disabled || props.chosen}
        onClick={props.onPick}
      >
        {props.chosen ? 'Chosen' : 'Use this case'}
      </Button>
    </li>
  );
}

/** The cases the pipeline recommends for one document, best first, with score and reasons. */
function RecommendedList(props: {
  recommended: readonly RecommendedCase[];
  value: string | null;
  dateFormat: string;
  disabled: boolean;
  onChange(id: string | null, found: DocumentCase | null): void;
}) {
  return (
    <>
      <h4 className="ld-subsection-title">Recommended</h4>
      {props.recommended.length === 0 ? (
        <p className="ld-muted">The pipeline recommended no case for this document.</p>
      ) : (
        <ul className="ld-case-list" aria-label="Recommended cases">
          {props.recommended.map((item) =>
            item.case ? (
              <CaseLine
                key={item.case_id}
                found={item.case}
                dateFormat={props.dateFormat}
                chosen={item.case.id === props.value}
                disabled={props.disabled}
                onPick={() => item.case && props.onChange(item.case.id, item.case)}
                extra={
                  <span className="ld-case-reasons">
                    <Tag minimal round intent={item.score >= 0.9 ? Intent.SUCCESS : Intent.NONE}>
                      {Math.round(item.score * 100)}% match
                    </Tag>
                    {item.reasons.map((reason) => (
                      <Tag key={reason} minimal>
                        {reasonLabel(reason)}
                      </Tag>
                    ))}
                  </span>
                }
              />
            ) : (
              <li key={item.case_id} className="ld-case-row ld-muted">
                A recommended case that no longer exists ({Math.round(item.score * 100)}%)
              </li>
            ),
          )}
        </ul>
      )}
    </>
  );
}

export function CasePicker(props: {
  companyIds: string[];
  value: string | null;
  /** The case as loaded with the document (shown while it is the chosen one). */
  loadedCase: DocumentCase | null;
  /** The pipeline's recommendations; null where there are none to show (several documents). */
  recommended: readonly RecommendedCase[] | null;
  offline: boolean;
  disabled: boolean;
  error?: string | undefined;
  onChange(id: string | null, found: DocumentCase | null): void;
  /** Cases picked in this session, so the chosen one can be shown before saving. */
  known: Record<string, DocumentCase>;
  /** The company's date format (dates of injury). */
  dateFormat: string;
}) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const results = useQuery(CASE_SEARCH_QUERY, {
    variables: { company_ids: props.companyIds, query, limit: SEARCH_LIMIT },
    skip: query === '' || props.offline || props.companyIds.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  const chosen =
    props.value === null
      ? null
      : (props.known[props.value] ??
        (props.loadedCase?.id === props.value ? props.loadedCase : null) ??
        props.recommended?.find((item) => item.case?.id === props.value)?.case ??
        null);

  return (
    <section className="ld-case-picker" aria-label="Case">
      <div className="ld-case-current" data-testid="chosen-case">
        {chosen ? (
          <>
            <Tag icon="briefcase" large minimal intent={Intent.PRIMARY}>
              {caseTitle(chosen)}
            </Tag>
            <Button
              size="small"
              variant="minimal"
              icon="cross"
              disabled={props.disabled}
              onClick={() => props.onChange(null, null)}
            >
              Remove case
            </Button>
          </>
        ) : props.value ? (
          <Tag large minimal>
            A case that is no longer listed
          </Tag>
        ) : (
          <span className="ld-muted">No case chosen.</span>
        )}
      </div>
      {props.error ? (
        <p className="ld-field-error" role="alert">
          {props.error}
        </p>
      ) : null}
      {props.recommended === null ? null : (
        <RecommendedList
          recommended={props.recommended}
          value={props.value}
          dateFormat={props.dateFormat}
          disabled={props.disabled}
          onChange={props.onChange}
        />
      )}
      <h4 className="ld-subsection-title">Search all cases</h4>
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={props.offline ? 'Searching needs the server' : 'Case number, name or client'}
        aria-label="Search all cases"
        disabled={props.offline || props.disabled}
        value={search}
        onValueChange={setSearch}
        rightElement={results.loading ? <Spinner size={16} /> : undefined}
      />
      {results.error ? (
        <Callout intent={Intent.WARNING} role="alert" className="ld-inline-alert">
          {describeError(results.error, ERRORS.FETCH_CASE_DATA_FAILED)}
        </Callout>
      ) : null}
      {query !== '' && results.data ? (
        results.data.legalCases.items.length === 0 ? (
          <p className="ld-muted">No case matches “{query}”.</p>
        ) : (
          <ul className="ld-case-list" aria-label="Case search results">
            {results.data.legalCases.items.map((found) => (
              <CaseLine
                key={found.id}
                found={found}
                dateFormat={props.dateFormat}
                chosen={found.id === props.value}
                disabled={props.disabled}
                onPick={() => props.onChange(found.id, found)}
              />
            ))}
            {results.data.legalCases.total > results.data.legalCases.items.length ? (
              <li className="ld-muted">
                {results.data.legalCases.total - results.data.legalCases.items.length} more: narrow
                the search.
              </li>
            ) : null}
          </ul>
        )
      ) : null}
    </section>
  );
}
