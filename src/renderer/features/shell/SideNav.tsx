/**
 * The left navigation. It is organised by screen family so later families (documents, cases,
 * workflows, …) slot into their sections; only screens that exist are listed. Entries with work
 * waiting show its count (useNavCounts.ts).
 */
import { Icon, type IconName } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';
import { useViewer } from '../auth/useViewer';
import type { ViewerData } from '../auth/operations';
import { canUseWorkflows } from '../workflows/access';
import { badgeText } from './NotificationBell';
import type { UserTypeName } from '../../../shared/schemas/user';
import { seesTalent, type Product } from './product';
import { useNavCounts } from './useNavCounts';

interface NavEntry {
  to: string;
  label: string;
  icon: IconName;
  /** Shown only to the people it is for (absent: everyone). */
  visible?: (viewer: ViewerData | null) => boolean;
}

export const NAV_SECTIONS: Array<{ title: string; entries: NavEntry[] }> = [
  {
    title: 'Workspace',
    entries: [
      { to: '/notifications', label: 'Notifications', icon: 'notifications' },
      { to: '/inbox', label: 'Inbox', icon: 'envelope' },
      { to: '/raw-files', label: 'Raw files', icon: 'document' },
      { to: '/documents', label: 'Document center', icon: 'folder-shared' },
      { to: '/review', label: 'Needs review', icon: 'form' },
      { to: '/cases', label: 'Cases', icon: 'briefcase' },
      { to: '/task-requests', label: 'Task requests', icon: 'clipboard' },
      { to: '/chat', label: 'Chat', icon: 'chat' },
      { to: '/intake-scripts', label: 'Intake scripts', icon: 'manual' },
    ],
  },
  {
    title: 'Automation',
    entries: [
      { to: '/workflows', label: 'Workflows', icon: 'flows', visible: canUseWorkflows },
      {
        to: '/workflow-logs',
        label: 'Workflow logs',
        icon: 'list-detail-view',
        visible: canUseWorkflows,
      },
    ],
  },
  {
    title: 'Company',
    entries: [
      { to: '/users', label: 'Users', icon: 'people' },
      { to: '/legal-people', label: 'Legal people', icon: 'follower' },
      { to: '/notification-rules', label: 'Notification rules', icon: 'notifications' },
      { to: '/email-digests', label: 'Email digests', icon: 'envelope' },
      { to: '/company', label: 'Company settings', icon: 'office' },
      { to: '/watch-folders', label: 'Watched folders', icon: 'folder-open' },
      { to: '/document-types', label: 'Document types', icon: 'diagram-tree' },
      { to: '/crm-integrations', label: 'CRM integrations', icon: 'data-connection' },
      {
        to: '/data-extraction',
        label: 'Data extraction',
        icon: 'th-list',
        visible: (viewer) => viewer?.can_manage_company ?? false,
      },
      {
        to: '/activity-types',
        label: 'Activity types',
        icon: 'timeline-events',
        visible: (viewer) => viewer?.can_manage_company ?? false,
      },
      {
        to: '/evaluation',
        label: 'Evaluation',
        icon: 'timeline-bar-chart',
        visible: (viewer) => viewer?.can_manage_company ?? false,
      },
    ],
  },
  { title: 'Account', entries: [{ to: '/profile', label: 'Profile', icon: 'person' }] },
];

/**
 * The delivery navigation (non-legal companies: the provider's delivery team and customer
 * companies; product.ts). Everyone there sees Requests; the server keeps each to their reach.
 */
export const DELIVERY_NAV_SECTIONS: Array<{ title: string; entries: NavEntry[] }> = [
  {
    title: 'Delivery',
    entries: [
      { to: '/notifications', label: 'Notifications', icon: 'notifications' },
      { to: '/projects', label: 'Projects', icon: 'projects' },
      { to: '/requests', label: 'Requests', icon: 'inbox' },
      { to: '/tasks', label: 'Task boards', icon: 'th' },
      { to: '/talent', label: 'Talent', icon: 'people' },
    ],
  },
  {
    title: 'Company',
    entries: [
      { to: '/users', label: 'Users', icon: 'people' },
      { to: '/company', label: 'Company settings', icon: 'office' },
    ],
  },
  { title: 'Account', entries: [{ to: '/profile', label: 'Profile', icon: 'person' }] },
];

/** Every screen of both navigations (the screens a start can return to, lastScreen.ts). */
export const NAV_PATHS: readonly string[] = [
  ...new Set(
    [...NAV_SECTIONS, ...DELIVERY_NAV_SECTIONS].flatMap((section) =>
      section.entries.map((entry) => entry.to),
    ),
  ),
];

/** The sections of a product's navigation; Talent only for those who work with talent. */
export function navSectionsFor(product: Product, userType: UserTypeName | null) {
  if (product === 'legal') return NAV_SECTIONS;
  return DELIVERY_NAV_SECTIONS.map((section) => ({
    ...section,
    entries: section.entries.filter((entry) => entry.to !== '/talent' || seesTalent(userType)),
  }));
}

/** What a count means, for its tooltip. */
const COUNT_TITLES: Partial<Record<string, (count: number) => string>> = {
  '/review': (count) =>
    count === 1 ? '1 document needs review' : `${count} documents need review`,
  '/notifications': (count) =>
    count === 1 ? '1 unread notification' : `${count} unread notifications`,
};

export function SideNav({
  product,
  userType,
}: {
  product: Product;
  userType: UserTypeName | null;
}) {
  const counts = useNavCounts();
  const viewer = useViewer();
  const sections = navSectionsFor(product, userType)
    .map((section) => ({
      ...section,
      entries: section.entries.filter((entry) => entry.visible?.(viewer) ?? true),
    }))
    .filter((section) => section.entries.length > 0);
  return (
    <nav className="ld-sidenav" aria-label="Main" data-product={product}>
      {sections.map((section) => (
        <div key={section.title} className="ld-sidenav-section">
          <div className="ld-sidenav-title">{section.title}</div>
          {section.entries.map((entry) => (
            <NavLink
              key={entry.to}
              to={entry.to}
              className={({ isActive }) =>
                isActive ? 'ld-sidenav-link ld-active' : 'ld-sidenav-link'
              }
            >
              <Icon icon={entry.icon} size={16} />
              <span>{entry.label}</span>
              <NavCount count={counts[entry.to]} path={entry.to} />
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

function NavCount({ count, path }: { count: number | undefined; path: string }) {
  if (!count) return null;
  return (
    <span
      className="ld-nav-count"
      data-testid={`nav-count-${path.slice(1)}`}
      title={COUNT_TITLES[path]?.(count)}
    >
      {badgeText(count)}
    </span>
  );
}
