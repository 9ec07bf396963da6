/** The notifications sent about this document (REST), newest first unless sorted otherwise. */
import { Button, Callout, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import {
  fetchDocumentNotifications,
  NOTIFICATION_SORTS,
  type DocumentNotification,
  type NotificationSort,
} from './api';

const sortKey = (sort: NotificationSort) => `${sort.sortBy}:${sort.orderBy}`;

export function NotificationsPanel(props: {
  documentId: string;
  offline: boolean;
  dateFormat: string;
}) {
  const { info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  const [sort, setSort] = useState<NotificationSort>(NOTIFICATION_SORTS[0]!.value);
  const [rows, setRows] = useState<DocumentNotification[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    if (!token || props.offline) return;
    setLoading(true);
    try {
      setRows(
        await fetchDocumentNotifications({
          serverUrl: info.serverUrl,
          token,
          id: props.documentId,
          sort,
        }),
      );
      setError(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  }, [info.serverUrl, props.documentId, props.offline, sort, token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (props.offline)
    return <p className="ld-muted">Notifications are shown when the server can be reached.</p>;
  return (
    <div className="ld-doc-notifications">
      <div className="ld-panel-toolbar">
        <HTMLSelect
          aria-label="Sort notifications"
          value={sortKey(sort)}
          onChange={(event) => {
            const found = NOTIFICATION_SORTS.find(
              (option) => sortKey(option.value) === event.currentTarget.value,
            );
            if (found) setSort(found.value);
          }}
          options={NOTIFICATION_SORTS.map((option) => ({
            label: option.label,
            value: sortKey(option.value),
          }))}
        />
        <Button
          variant="minimal"
          icon="refresh"
          aria-label="Reload notifications"
          onClick={() => void load()}
        />
        {loading ? <Spinner size={16} aria-label="Loading notifications" /> : null}
      </div>
      {error ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-inline-alert">
          {describeError(error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
        </Callout>
      ) : null}
      {rows && rows.length === 0 ? <p className="ld-muted">{ERRORS.NO_NOTIFICATIONS}</p> : null}
      {rows && rows.length > 0 ? (
        <ul className="ld-doc-notification-list" aria-label="Notifications about this document">
          {rows.map((row) => (
            <li key={row.id} className={row.is_read === false ? 'ld-unread' : undefined}>
              <div>{row.content}</div>
              <div className="ld-muted ld-small">
                {formatDateTime(row.created_at, props.dateFormat)}
                {row.sender_name ? ` · ${row.sender_name}` : ''}
                {row.receiver_name ? ` → ${row.receiver_name}` : ''}
                {row.module ? (
                  <Tag minimal className="ld-tag-gap">
                    {row.module}
                  </Tag>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
