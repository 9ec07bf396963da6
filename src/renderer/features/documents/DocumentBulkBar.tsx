/**
 * What a person can do with the documents chosen in the document center (issue 15 item 16): mark
 * them reviewed, assign a case, change the type, or delete them with an "Undo" toast that restores
 * them. Each action is one server call (bulkProcessedFiles, all or nothing); afterwards the
 * choice is cleared and the lists are asked for again.
 */
import { Button, Dialog, DialogBody, DialogFooter, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { CasePicker } from '../processed-file/CasePicker';
import type { DocumentCase } from '../processed-file/operations';
import { toastWithUndo } from '../processed-file/undoToast';
import { groupFileTypes } from './DocumentFilterBar';
import {
  BULK_PROCESSED_FILES_MUTATION,
  DOCUMENT_CENTER_LISTS,
  type BulkProcessedFilesInput,
  type DocumentFileType,
} from './operations';

const documents = (count: number) => (count === 1 ? '1 document' : `${count} documents`);

export function DocumentBulkBar(props: {
  ids: readonly string[];
  companyId: string;
  fileTypes: readonly DocumentFileType[];
  /** The company's date_format, for the case picker's dates. */
  dateFormat: string;
  onDone(): void;
}) {
  const [mutate, { loading }] = useMutation(BULK_PROCESSED_FILES_MUTATION, {
    refetchQueries: DOCUMENT_CENTER_LISTS,
  });
  const [assigning, setAssigning] = useState(false);
  const [picked, setPicked] = useState<DocumentCase | null>(null);
  const caseId = picked?.id ?? null;
  const ids = [...props.ids];
  const count = ids.length;

  const run = async (input: BulkProcessedFilesInput, done: string): Promise<boolean> => {
    try {
      await mutate({ variables: { input } });
      toastSuccess(done);
      return true;
    } catch (failure) {
      toastError(describeError(failure, ERRORS.UPDATE_PROCESSED_FILE_FAILED));
      return false;
    }
  };
  const closeAssign = () => {
    setAssigning(false);
    setPicked(null);
  };
  const finish = (ok: boolean) => {
    if (ok) props.onDone();
  };

  const remove = async () => {
    try {
      await mutate({ variables: { input: { action: 'delete', ids } } });
    } catch (failure) {
      toastError(describeError(failure, ERRORS.DELETE_PROCESSED_FILE_FAILED));
      return;
    }
    props.onDone();
    toastWithUndo(`${documents(count)} deleted.`, () => {
      void run({ action: 'restore', ids }, `${documents(count)} restored.`);
    });
  };

  return (
    <div className="ld-bulk-bar" role="toolbar" aria-label="Chosen documents">
      <strong data-testid="bulk-count">{documents(count)} chosen</strong>
      <Button
        icon="tick"
        disabled={loading}
        onClick={() =>
          void run({ action: 'mark_reviewed', ids }, `${documents(count)} marked reviewed.`).then(
            finish,
          )
        }
      >
        Mark reviewed
      </Button>
      <Button icon="briefcase" disabled={loading} onClick={() => setAssigning(true)}>
        Assign case
      </Button>
      <HTMLSelect
        aria-label="Change type"
        value=""
        disabled={loading}
        onChange={(event) => {
          const typeId = event.currentTarget.value;
          if (!typeId) return;
          void run(
            { action: 'change_type', ids, legal_file_type_id: typeId },
            `The type of ${documents(count)} was changed.`,
          ).then(finish);
        }}
      >
        <option value="">Change type…</option>
        {groupFileTypes(props.fileTypes).map((group) => (
          <optgroup key={group.folder} label={group.folder}>
            {group.types.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </optgroup>
        ))}
      </HTMLSelect>
      <Button icon="trash" intent={Intent.DANGER} disabled={loading} onClick={() => void remove()}>
        Delete
      </Button>
      <Button variant="minimal" onClick={props.onDone}>
        Clear choice
      </Button>
      <Dialog
        isOpen={assigning}
        title={`Assign a case to ${documents(count)}`}
        onClose={closeAssign}
      >
        <DialogBody>
          <CasePicker
            companyIds={props.companyId ? [props.companyId] : []}
            value={caseId}
            loadedCase={null}
            recommended={null}
            offline={false}
            disabled={loading}
            known={picked ? { [picked.id]: picked } : {}}
            dateFormat={props.dateFormat}
            onChange={(_id, found) => setPicked(found)}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={closeAssign}>Cancel</Button>
              <Button
                intent={Intent.PRIMARY}
                disabled={!caseId || loading}
                onClick={() => {
                  if (!caseId) return;
                  void run(
                    { action: 'assign_case', ids, legal_case_id: caseId },
                    `The case was assigned to ${documents(count)}.`,
                  ).then((ok) => {
                    if (!ok) return;
                    closeAssign();
                    props.onDone();
                  });
                }}
              >
                Assign
              </Button>
            </>
          }
        />
      </Dialog>
    </div>
  );
}
