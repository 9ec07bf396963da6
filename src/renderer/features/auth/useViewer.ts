/**
 * The signed-in viewer as the Apollo cache knows it (so a renamed company or a new icon shows at
 * once), falling back to the viewer stored at sign-in until the query has answered.
 *
 * For the provider's internal admins and assigned managers, the company switcher
 * (features/shell/workspaceSlice.ts) puts another visible company in view: the viewer's `company`
 * and `can_manage_company` then describe that company, so every screen follows it.
 */
import { useQuery } from '@apollo/client/react';
import { useAppSelector } from '../../app/hooks';
import { COMPANY_QUERY } from '../company/operations';
import { VIEWER_QUERY, type ViewerData } from './operations';

export function useViewer(
  fetchPolicy: 'cache-first' | 'cache-and-network' = 'cache-first',
): ViewerData | null {
  const signedIn = useAppSelector((state) => state.auth.viewer);
  const active = useAppSelector((state) => state.workspace.activeCompanyId);
  const { data } = useQuery(VIEWER_QUERY, { fetchPolicy });
  const viewer = data?.viewer ?? signedIn;
  const switched =
    viewer && active && active !== viewer.company.id && viewer.company_ids.includes(active)
      ? active
      : null;
  const { data: other } = useQuery(COMPANY_QUERY, {
    variables: { id: switched ?? '' },
    skip: !switched,
  });
  if (!viewer || !switched || !other?.company) return viewer;
  const { id, name, icon_url, date_format, is_legal } = other.company;
  return {
    ...viewer,
    company: { ...viewer.company, id, name, icon_url, date_format, is_legal },
    can_manage_company: viewer.managed_company_ids.includes(id),
  };
}
