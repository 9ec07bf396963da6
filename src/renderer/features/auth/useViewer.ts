/**
 * The signed-in viewer as the Apollo cache knows it (so a renamed company or a new icon shows at
 * once), falling back to the viewer stored at sign-in until the query has answered.
 */
import { useQuery } from '@apollo/client/react';
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { useAppSelector } from '../../app/hooks';
import { VIEWER_QUERY, type ViewerData } from './operations';

export function useViewer(
  fetchPolicy: 'cache-first' | 'cache-and-network' = 'cache-first',
): ViewerData | null {
  const signedIn = useAppSelector((state) => state.auth.viewer);
  const { data } = useQuery(VIEWER_QUERY, { fetchPolicy });
  return data?.viewer ?? signedIn;
}

/** The signed-in company's date_format, for every date on screen. */
export function useDateFormat(): string {
  return useViewer()?.company.date_format ?? DEFAULT_DATE_FORMAT;
}
