/** A list screen's filters kept in the URL's query: read them, and change some at once. */
import { useSearchParams } from 'react-router-dom';

/**
 * Merges `next` into the query params (null or '' removes a key) and replaces the history entry.
 * Any change that does not name `page` goes back to the first page.
 */
export function mergeParams(
  params: URLSearchParams,
  next: Record<string, string | null>,
): URLSearchParams {
  const merged = new URLSearchParams(params);
  for (const [key, value] of Object.entries(next)) {
    if (value === null || value === '') merged.delete(key);
    else merged.set(key, value);
  }
  if (!('page' in next)) merged.delete('page');
  return merged;
}

export function useUrlParams(): [URLSearchParams, (next: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const change = (next: Record<string, string | null>) =>
    setParams(mergeParams(params, next), { replace: true });
  return [params, change];
}
