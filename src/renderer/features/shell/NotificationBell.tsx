/** The bell in the top bar: opens the notifications list; its badge is the live unread count. */
import { Button } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { UNREAD_COUNT_QUERY } from '../notifications/operations';
import { NOTIFICATIONS_PATH } from '../notifications/useNotificationFeed';

export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

export function NotificationBell() {
  const navigate = useNavigate();
  const { data } = useQuery(UNREAD_COUNT_QUERY);
  const count = data?.unreadNotificationCount ?? 0;
  return (
    <Button
      variant="minimal"
      icon="notifications"
      aria-label="Notifications"
      title={count > 0 ? `${count} unread` : 'No unread notifications'}
      className="ld-bell"
      onClick={() => void navigate(NOTIFICATIONS_PATH)}
    >
      {count > 0 ? (
        <span className="ld-badge" data-testid="unread-count">
          {badgeText(count)}
        </span>
      ) : null}
    </Button>
  );
}
