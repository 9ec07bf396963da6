/**
 * The left navigation. It is organised by screen family so later families (documents, cases,
 * workflows, …) slot into their sections; only screens that exist are listed.
 */
import { Icon, type IconName } from '@blueprintjs/core';
import { NavLink } from 'react-router-dom';

interface NavEntry {
  to: string;
  label: string;
  icon: IconName;
}

export const NAV_SECTIONS: Array<{ title: string; entries: NavEntry[] }> = [
  {
    title: 'Workspace',
    entries: [
      { to: '/notifications', label: 'Notifications', icon: 'notifications' },
      { to: '/raw-files', label: 'Raw files', icon: 'document' },
      { to: '/documents', label: 'Document center', icon: 'folder-shared' },
      { to: '/review', label: 'Needs review', icon: 'form' },
      { to: '/cases', label: 'Cases', icon: 'briefcase' },
    ],
  },
  {
    title: 'Company',
    entries: [
      { to: '/users', label: 'Users', icon: 'people' },
      { to: '/company', label: 'Company settings', icon: 'office' },
      { to: '/watch-folders', label: 'Watched folders', icon: 'folder-open' },
      { to: '/document-types', label: 'Document types', icon: 'diagram-tree' },
    ],
  },
  { title: 'Account', entries: [{ to: '/profile', label: 'Profile', icon: 'person' }] },
];

export function SideNav() {
  return (
    <nav className="ld-sidenav" aria-label="Main">
      {NAV_SECTIONS.map((section) => (
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
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
