/**
 * The renderer's screens as paths: the one home of what an in-app link may point at. The router
 * (src/renderer/app/router.tsx) mounts exactly these (a unit test holds them together), and every
 * stored link (a notification's redirect) is checked against them on the server and followed only
 * when it names one of them in the renderer.
 */

/** Route patterns below '/', as react-router writes them (`:id` is one path segment). */
export const APP_ROUTE_PATTERNS = [
  'sign-in',
  'setup',
  'notifications',
  'raw-files',
  'raw-files/:id',
  'documents',
  'documents/:id',
  'review',
  'cases',
  'cases/:id',
  'users',
  'company',
  'watch-folders',
  'document-types',
  'legal-people',
  'data-extraction',
  'activity-types',
  'profile',
  'invitation/:token',
  'chat-invitation/:token',
  'tasks',
  'tasks/lead',
  'tasks/:id',
  'projects',
  'projects/:id',
  'requests',
  'requests/:id',
  'task-requests',
  'task-requests/:id',
  'chat',
  'chat/:id',
  'intake-scripts',
  'talent',
  'workflows',
  'workflows/:id',
  'workflow-history',
  'workflow-logs',
  'workflow-logs/:id',
  'crm-integrations',
  'crm-integrations/callback',
  'notification-rules',
  'email-digests',
  'inbox',
  'evaluation',
] as const;

export type AppRoutePattern = (typeof APP_ROUTE_PATTERNS)[number];

/** Paths other code links to, built in one place. */
export const APP_PATHS = {
  notifications: '/notifications',
  review: '/review',
  company: '/company',
  rawFile: (id: string) => `/raw-files/${encodeURIComponent(id)}`,
  document: (id: string) => `/documents/${encodeURIComponent(id)}`,
  task: (id: string) => `/tasks/${encodeURIComponent(id)}`,
  techLead: '/tasks/lead',
  workflows: '/workflows',
  workflow: (id: string) => `/workflows/${encodeURIComponent(id)}`,
  workflowHistory: '/workflow-history',
  workflowLogs: '/workflow-logs',
  evaluation: '/evaluation',
  /** The runs of one workflow, for one processed file when given. */
  workflowLog: (workflowId: string, processedFileId: string | null) =>
    `/workflow-logs/${encodeURIComponent(workflowId)}${
      processedFileId ? `?file=${encodeURIComponent(processedFileId)}` : ''
    }`,
} as const;

const SEGMENT = /^[A-Za-z0-9._~%-]+$/;

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return false;
  return parts.every((part, index) => {
    const segment = segments[index] ?? '';
    return part.startsWith(':') ? SEGMENT.test(segment) : part === segment;
  });
}

/**
 * Whether `path` opens a screen of the app: '/' or one of the patterns, optionally followed by a
 * query (`?...`). Anything else (another origin, `//host`, an unknown page) is not.
 */
export function isAppPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  const [pathname = ''] = path.split(/[?#]/, 1);
  if (pathname === '/') return true;
  const segments = pathname.slice(1).replace(/\/$/, '').split('/');
  return APP_ROUTE_PATTERNS.some((pattern) => matches(pattern, segments));
}
