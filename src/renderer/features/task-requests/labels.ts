/** How the task request screens show statuses and activity rows. */
import { Intent } from '@blueprintjs/core';
import type { LegalRequestStatus } from '../../../shared/legalRequests';

export const STATUS_INTENT: Record<LegalRequestStatus, Intent> = {
  'In Progress': Intent.PRIMARY,
  'On Hold': Intent.WARNING,
  Completed: Intent.SUCCESS,
};

const FIELD_LABEL: Record<string, string> = {
  headline: 'Headline',
  priority: 'Priority',
  category: 'Category',
  due_date: 'Due date',
  details: 'Details',
  requested_by: 'Requested by',
  status: 'Status',
  assignee: 'Assignee',
  automation_review_status: 'Automation review',
};

/** One activity row in words: "Status: On Hold (was In Progress)". */
export function describeActivity(a: {
  type: string;
  current: string | null;
  previous: string | null;
}): string {
  switch (a.type) {
    case 'created':
      return 'Created the request';
    case 'subtask_added':
      return `Added subtask "${a.current ?? ''}"`;
    case 'comment_added':
      return 'Commented';
    case 'comment_edited':
      return 'Edited a comment';
    case 'comment_deleted':
      return 'Deleted a comment';
    case 'attachment_added':
      return `Attached ${a.current ?? ''} file(s)`;
    case 'deleted':
      return 'Deleted the request';
    default: {
      const label = FIELD_LABEL[a.type] ?? a.type;
      if (a.type === 'details') return 'Changed the details';
      return `${label}: ${a.current ?? 'none'}${a.previous !== null ? ` (was ${a.previous})` : ''}`;
    }
  }
}
