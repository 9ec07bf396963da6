/**
 * The signed-in frame: a top bar (company icon and name, the notifications bell, the user menu),
 * the left navigation and the current screen. Redirects to sign-in or first-run when there is no
 * session. The company and user shown come from the Viewer query, so renaming the company or
 * changing the icon shows up here at once; until it loads, the viewer from sign-in stands in.
 */
import { Classes, Icon, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { serverAssetUrl } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { useViewer } from '../auth/useViewer';
import { useCompanyFilesFeed } from '../live-files/useCompanyFilesFeed';
import { useNotificationFeed } from '../notifications/useNotificationFeed';
import { OfflineBanner } from '../offline/OfflineBanner';
import { IntakeProvider } from '../uploads/IntakeProvider';
import { UploadsButton } from '../uploads/UploadsDrawer';
import { useUploadQueueFeed } from '../uploads/useUploadQueueFeed';
import { CompanySwitcher } from './CompanySwitcher';
import { NotificationBell } from './NotificationBell';
import { canSwitchCompany, productOf, type Product } from './product';
import { DELIVERY_PATHS, type ReturnState } from './landing';
import { NAV_PATHS, SideNav } from './SideNav';
import { deviceLastScreen, useStartPath } from './useStartPath';
import { UserMenu } from './UserMenu';

export function RequireAuth() {
  const auth = useAppSelector((state) => state.auth);
  const location = useLocation();
  if (auth.status !== 'authenticated') {
    if (auth.needsSetup) return <Navigate to="/setup" replace />;
    // A deep link opened while signed out is where sign-in returns to (landing.ts checks it).
    const requested = `${location.pathname}${location.search}`;
    const state: ReturnState | null = location.pathname === '/' ? null : { from: requested };
    return <Navigate to="/sign-in" replace state={state} />;
  }
  return <AppShell />;
}

/** Remembers the main screen in use, for the next start (lastScreen.ts). */
function useRememberScreen(userId: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (userId) deviceLastScreen().remember(userId, pathname, NAV_PATHS);
  }, [pathname, userId]);
}

function AppShell() {
  useNotificationFeed();
  useUploadQueueFeed();
  const { info } = useServices();
  const viewer = useViewer('cache-and-network');
  useCompanyFilesFeed(viewer?.company.id ?? null);
  useRememberScreen(viewer?.user.id);
  const ownCompanyId = useAppSelector((state) => state.auth.viewer?.company.id);
  if (!viewer) return null;
  const product = productOf(viewer.company);
  const iconUrl = serverAssetUrl(info.serverUrl, viewer.company.icon_url);

  return (
    <IntakeProvider>
      <div className="ld-shell">
        <Navbar className="ld-topbar">
          <NavbarGroup align="left">
            <div className="ld-brand">
              <span className="ld-brand-mark" aria-hidden="true">
                <Icon icon="manual" size={16} />
              </span>
              <span className="ld-brand-name">LexDesk</span>
            </div>
            <NavbarDivider />
            <div className="ld-company" data-testid="company-name">
              {iconUrl ? (
                <img className="ld-company-icon" src={iconUrl} alt="" />
              ) : (
                <span className="ld-company-icon ld-company-icon-empty" aria-hidden="true">
                  <Icon icon="office" size={14} />
                </span>
              )}
              <span className={`ld-company-name ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>
                {viewer.company.name}
              </span>
            </div>
            {canSwitchCompany(viewer.user.user_type.name) ? (
              <CompanySwitcher current={viewer.company.id} ownId={ownCompanyId ?? ''} />
            ) : null}
          </NavbarGroup>
          <NavbarGroup align="right">
            <UploadsButton />
            <NotificationBell />
            <NavbarDivider />
            <UserMenu
              viewer={viewer}
              avatarUrl={serverAssetUrl(info.serverUrl, viewer.user.avatar)}
            />
          </NavbarGroup>
        </Navbar>
        <OfflineBanner />
        <div className="ld-body">
          <SideNav product={product} userType={viewer.user.user_type.name} />
          <main className="ld-content">
            <ProductOutlet product={product} />
          </main>
        </div>
      </div>
    </IntakeProvider>
  );
}

/** Screens of one product only: opening one from the other product goes to the start screen. */
const LEGAL_ONLY = [
  '/raw-files',
  '/documents',
  '/review',
  '/cases',
  '/watch-folders',
  '/document-types',
  '/workflows',
  '/workflow-history',
  '/workflow-logs',
  '/crm-integrations',
  '/data-extraction',
  '/activity-types',
  '/evaluation',
];
const DELIVERY_ONLY = DELIVERY_PATHS;
const under = (pathname: string, roots: readonly string[]) =>
  roots.some((root) => pathname === root || pathname.startsWith(`${root}/`));

function ProductOutlet({ product }: { product: Product }) {
  const { pathname } = useLocation();
  const start = useStartPath();
  const foreign = product === 'legal' ? DELIVERY_ONLY : LEGAL_ONLY;
  if (under(pathname, foreign)) return <Navigate to={start} replace />;
  return <Outlet />;
}
