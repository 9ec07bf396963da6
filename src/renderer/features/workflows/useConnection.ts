/** The server address and the session's token for the REST calls of the workflow screens. */
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import type { Connection } from './rest';

export function useConnection(): Connection | null {
  const { info } = useServices();
  const token = useAppSelector((state) => state.auth.token);
  return useMemo(
    () => (token ? { serverUrl: info.serverUrl, token } : null),
    [info.serverUrl, token],
  );
}
