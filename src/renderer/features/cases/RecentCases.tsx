/** "Recent cases": the three most recently updated cases (spec section 9: page 1, 3 items). */
import { Callout, Card, Intent, Spinner, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { orDash, plural } from './caseFormat';
import type { LegalCase } from './operations';

export function RecentCases(props: {
  cases: LegalCase[] | undefined;
  error: unknown;
  dateFormat: string;
}) {
  const { cases, error, dateFormat } = props;
  let body;
  if (error && !cases) {
    body = (
      <Callout intent={Intent.WARNING} icon="error" role="alert">
        {describeError(error, ERRORS.FETCH_CASE_DATA_FAILED)}
      </Callout>
    );
  } else if (!cases) {
    body = <Spinner size={24} aria-label="Loading recent cases" />;
  } else if (cases.length === 0) {
    body = <div className="ld-muted">{ERRORS.NO_DATA}</div>;
  } else {
    body = (
      <ul className="ld-cases-recent-list">
        {cases.map((item) => (
          <li key={item.id}>
            <Card className="ld-card ld-cases-recent-card">
              <Link to={`/cases/${item.id}`} className="ld-cases-recent-number">
                {item.case_number}
              </Link>
              <div className="ld-cases-recent-name">{orDash(item.name)}</div>
              <div className="ld-muted">{orDash(item.client_name)}</div>
              <div className="ld-cases-recent-meta">
                {item.legal_case_status ? (
                  <Tag minimal round>
                    {item.legal_case_status}
                  </Tag>
                ) : null}
                <span className="ld-muted">{plural(item.documents_count, 'document')}</span>
                <span className="ld-muted">
                  Updated {formatDateTime(item.updated_at, dateFormat)}
                </span>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="ld-cases-block" aria-labelledby="recent-cases-heading">
      <h2 id="recent-cases-heading" className="ld-cases-heading">
        Recent cases
      </h2>
      {body}
    </section>
  );
}
