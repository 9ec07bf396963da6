/** The staff tab's "Import from CRM" (staffImport.ts): busy while it runs, then a toast either way. */
import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { useConnection } from '../workflows/useConnection';
import { importStaffFromCrm } from './staffImport';

export function ImportStaffButton(props: {
  companyId: string;
  onImported: () => Promise<unknown>;
}) {
  const connection = useConnection();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!connection) return;
    setBusy(true);
    try {
      const message = await importStaffFromCrm(connection, props.companyId);
      await props.onImported();
      toastSuccess(message);
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.IMPORT_LEGAL_STAFF_FAILED));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon="import" loading={busy} disabled={!connection} onClick={() => void run()}>
      Import from CRM
    </Button>
  );
}
