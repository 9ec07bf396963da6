/**
 * The case statistics on top of the list (caseStats): total, with documents, added in the last 30
 * days, and the counts by status and by type. A status or type opens the list filtered by it.
 */
import { Callout, Card, Intent, Spinner } from '@blueprintjs/core';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import type { CaseStats, CountByName } from './operations';

const NO_NAME = 'Not set';

export function CaseStatsCards(props: {
  stats: CaseStats | undefined;
  error: unknown;
  onStatus: (name: string) => void;
  onType: (name: string) => void;
}) {
  const { stats, error, onStatus, onType } = props;
  if (error && !stats) {
    return (
      <Callout intent={Intent.WARNING} icon="error" role="alert" className="ld-cases-block">
        {describeError(error, ERRORS.FETCH_CASE_DATA_FAILED)}
      </Callout>
    );
  }
  if (!stats) {
    return (
      <div className="ld-cases-block">
        <Spinner size={24} aria-label="Loading case statistics" />
      </div>
    );
  }
  const share =
    stats.total > 0 ? `${Math.round((stats.with_documents / stats.total) * 100)}% of cases` : '';
  return (
    <section className="ld-cases-stats ld-cases-block" aria-label="Case statistics">
      <NumberCard label="Total cases" value={stats.total} testId="stat-total" />
      <NumberCard
        label="With documents"
        value={stats.with_documents}
        note={share}
        testId="stat-with-documents"
      />
      <NumberCard
        label="Last 30 days"
        value={stats.added_last_30_days}
        note="cases added"
        testId="stat-added-30-days"
      />
      <Breakdown title="By status" counts={stats.by_status} onPick={onStatus} />
      <Breakdown title="By type" counts={stats.by_type} onPick={onType} />
    </section>
  );
}

function NumberCard(props: { label: string; value: number; note?: string; testId: string }) {
  return (
    <Card className="ld-card ld-cases-stat">
      <div className="ld-cases-stat-label">{props.label}</div>
      <div className="ld-cases-stat-value" data-testid={props.testId}>
        {props.value}
      </div>
      {props.note ? <div className="ld-cases-stat-note">{props.note}</div> : null}
    </Card>
  );
}

function Breakdown(props: {
  title: string;
  counts: CountByName[];
  onPick: (name: string) => void;
}) {
  const { title, counts, onPick } = props;
  const sorted = [...counts].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const largest = sorted[0]?.count ?? 0;
  return (
    <Card className="ld-card ld-cases-stat ld-cases-breakdown" role="region" aria-label={title}>
      <div className="ld-cases-stat-label">{title}</div>
      {sorted.length === 0 ? (
        <div className="ld-muted">{ERRORS.NO_DATA}</div>
      ) : (
        <ul className="ld-cases-breakdown-list">
          {sorted.map((entry) => (
            <li key={entry.name || NO_NAME}>
              <button
                type="button"
                className="ld-cases-breakdown-row"
                disabled={entry.name === ''}
                title={entry.name ? `Show ${entry.name} cases` : undefined}
                onClick={() => onPick(entry.name)}
              >
                <span className="ld-cases-breakdown-name">{entry.name || NO_NAME}</span>
                <span className="ld-cases-breakdown-count">{entry.count}</span>
                <span
                  className="ld-cases-breakdown-bar"
                  style={{ width: `${largest > 0 ? (entry.count / largest) * 100 : 0}%` }}
                  aria-hidden
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
