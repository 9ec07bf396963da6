/**
 * Where provider one's sign-in comes back (oauthReturn.ts): posts the code with the state and the
 * company to the server's callback. Success opens the integrations screen; a failed callback shows
 * the generic 500 screen (spec section 2).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorScreenView } from '../../components/ErrorScreen';
import { FullPageSpinner } from '../../components/Page';
import { toastSuccess } from '../../components/toaster';
import { useConnection } from '../workflows/useConnection';
import { completeClioSignIn } from './api';
import { PENDING_KEY } from './oauthReturn';

/** One post per code: a state works once, so a second mount must not post it again. */
const posted = new Map<string, Promise<unknown>>();

export function CrmCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const connection = useConnection();
  const [failed, setFailed] = useState(false);
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const companyId = params.get('company_id') ?? '';

  useEffect(() => {
    if (!connection) return;
    let live = true;
    sessionStorage.removeItem(PENDING_KEY);
    let once = posted.get(code);
    if (!once) {
      once = completeClioSignIn(connection, { code, state, company_id: companyId });
      posted.set(code, once);
    }
    once
      .then(() => {
        if (!live) return;
        toastSuccess('Clio Manage is connected.');
        void navigate('/crm-integrations', { replace: true });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [code, companyId, connection, navigate, state]);

  if (failed) return <ErrorScreenView onReturnHome={() => void navigate('/')} />;
  return <FullPageSpinner label="Connecting the CRM" />;
}
