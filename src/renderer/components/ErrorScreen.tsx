/**
 * The generic error screen, worded exactly as the spec words it (ERROR_SCREEN in the shared error
 * catalogue): code 500, the title, the description and a "Return Home" button to the root.
 */
import { Button, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { ERROR_SCREEN } from '../../shared/errors';

export function ErrorScreenView({ onReturnHome }: { onReturnHome: () => void }) {
  return (
    <main className="ld-error-screen" role="alert" aria-labelledby="ld-error-title">
      <div className="ld-error-code" aria-hidden="true">
        {ERROR_SCREEN.code}
      </div>
      <h1 id="ld-error-title" className="ld-error-title">
        {ERROR_SCREEN.title}
      </h1>
      <p className="ld-error-description">{ERROR_SCREEN.description}</p>
      <Button intent={Intent.PRIMARY} size="large" icon="home" onClick={onReturnHome}>
        {ERROR_SCREEN.button}
      </Button>
    </main>
  );
}

/** The router's errorElement: logs what went wrong and offers the way home. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  useEffect(() => {
    console.error('[renderer] a screen failed', error);
  }, [error]);
  return <ErrorScreenView onReturnHome={() => void navigate(ERROR_SCREEN.homePath)} />;
}
