/** Notifications received by the signed-in user, newest first; mark one or all as read. */
import {
  Button,
  Callout,
  Card,
  CardList,
  Icon,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { Page } from '../../components/Page';
import { toastError } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { adjustUnreadCount, markAllReadInCache } from './cache';
import {
  MARK_ALL_NOTIFICATIONS_READ_MUTATION,
  MARK_NOTIFICATION_READ_MUTATION,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_QUERY,
  UNREAD_COUNT_QUERY,
  type NotificationData,
} from './operations';
import { notificationTarget } from './useNotificationFeed';

export function NotificationsPage() {
  const [limit, setLimit] = useState(NOTIFICATIONS_PAGE_SIZE);
  const dateFormat = useViewer()?.company.date_format ?? 'MM/DD/YYYY';
  const list = useQuery(NOTIFICATIONS_QUERY, {
    variables: { limit, offset: 0 },
    notifyOnNetworkStatusChange: true,
  });
  const unread = useQuery(UNREAD_COUNT_QUERY);
  const [markRead] = useMutation(MARK_NOTIFICATION_READ_MUTATION);
  const [markAll, markAllState] = useMutation(MARK_ALL_NOTIFICATIONS_READ_MUTATION);

  const page = list.data?.notifications;
  const items = page?.items ?? [];
  const unreadCount = unread.data?.unreadNotificationCount ?? page?.unread_count ?? 0;

  async function onMarkRead(item: NotificationData) {
    try {
      await markRead({
        variables: { id: item.id },
        update: (cache) => adjustUnreadCount(cache, (count) => count - 1),
      });
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.MARK_NOTIFICATION_READ_FAILED));
    }
  }

  async function onMarkAll() {
    try {
      await markAll({
        update: (cache) =>
          markAllReadInCache(
            cache,
            items.map((item) => item.id),
          ),
      });
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.MARK_ALL_NOTIFICATIONS_READ_FAILED));
    }
  }

  const actions = (
    <Button
      icon="tick"
      onClick={() => void onMarkAll()}
      loading={markAllState.loading}
      disabled={unreadCount === 0}
    >
      Mark all as read
    </Button>
  );

  let body;
  if (list.error && !page) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(list.error, PRODUCT_ERRORS.FETCH_NOTIFICATIONS_FAILED)}
      </Callout>
    );
  } else if (!page) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading notifications" />;
  } else if (items.length === 0) {
    body = (
      <NonIdealState icon="notifications" title={ERRORS.NO_NOTIFICATIONS} className="ld-empty" />
    );
  } else {
    body = (
      <>
        <CardList bordered className="ld-notification-list" role="list">
          {items.map((item) => (
            <NotificationRow
              key={item.id}
              item={item}
              dateFormat={dateFormat}
              onMarkRead={() => void onMarkRead(item)}
            />
          ))}
        </CardList>
        {items.length < page.total ? (
          <div className="ld-more">
            <Button
              variant="minimal"
              icon="chevron-down"
              loading={list.loading}
              onClick={() => setLimit((n) => Math.min(n + NOTIFICATIONS_PAGE_SIZE, 100))}
              disabled={limit >= 100}
            >
              Show older notifications
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <Page
      title="Notifications"
      subtitle={unreadCount > 0 ? `${unreadCount} unread` : 'You are all caught up.'}
      actions={actions}
    >
      {body}
    </Page>
  );
}

function NotificationRow(props: {
  item: NotificationData;
  dateFormat: string;
  onMarkRead(): void;
}) {
  const { item } = props;
  const target = item.redirect ? notificationTarget(item.redirect) : null;
  return (
    <Card
      className={item.is_read ? 'ld-notification' : 'ld-notification ld-unread'}
      role="listitem"
      aria-label={item.is_read ? undefined : 'Unread notification'}
    >
      <span className="ld-unread-dot" aria-hidden="true" />
      <div className="ld-notification-main">
        <div className="ld-notification-content">{item.content}</div>
        {item.extra_content ? (
          <div className="ld-notification-extra">{item.extra_content}</div>
        ) : null}
        <div className="ld-notification-meta">
          {item.module ? (
            <Tag minimal round>
              {item.module}
            </Tag>
          ) : null}
          <span>{item.sender_name ?? 'LexDesk'}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={item.created_at}>
            {formatDateTime(item.created_at, props.dateFormat)}
          </time>
        </div>
      </div>
      <div className="ld-notification-actions">
        {target && target !== '/' && target !== '/notifications' ? (
          <Link to={target} className="ld-open-link">
            Open <Icon icon="arrow-right" size={12} />
          </Link>
        ) : null}
        {item.is_read ? null : (
          <Button variant="minimal" size="small" icon="tick" onClick={props.onMarkRead}>
            Mark as read
          </Button>
        )}
      </div>
    </Card>
  );
}
