/**
 * Watched folders of this device (spec: ingest from watched folders). Every file that appears in
 * one is uploaded for the viewer's company; afterwards it is kept, moved or deleted as chosen.
 * The list follows 'watch:changed', so a change made elsewhere shows up at once.
 */
import {
  Alert,
  Button,
  Callout,
  Card,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { WatchedFolderConfig } from '../../../shared/ipc/contract';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { AddWatchedFolderForm } from './AddWatchedFolderForm';
import {
  AFTER_UPLOAD_LABELS,
  describeWatchError,
  foldersOfCompany,
  WATCH_MESSAGES,
} from './labels';
import { useWatchedFolders, type WatchedFoldersState } from './useWatchedFolders';
import './watch-folders.css';

export function WatchedFoldersPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const state = useWatchedFolders();

  return (
    <Page title="Watched folders" subtitle={viewer?.company.name}>
      <div className="ld-stack">
        <Callout icon="info-sign">
          LexDesk uploads the files in these folders on this computer: those already there when a
          folder is added, and every new one. A file that is refused goes to an &quot;errors&quot;
          subfolder, next to a text file with the reason.
        </Callout>
        <FolderListCard state={state} companyId={companyId} />
        {companyId ? <AddWatchedFolderForm companyId={companyId} add={state.add} /> : null}
      </div>
    </Page>
  );
}

function FolderListCard({ state, companyId }: { state: WatchedFoldersState; companyId: string }) {
  const [removing, setRemoving] = useState<string | null>(null);

  let body;
  if (state.loadError && !state.folders) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {state.loadError}{' '}
        <Button variant="minimal" size="small" onClick={state.reload}>
          Try again
        </Button>
      </Callout>
    );
  } else if (!state.folders) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading watched folders" />;
  } else {
    const mine = foldersOfCompany(state.folders, companyId);
    body =
      mine.length === 0 ? (
        <NonIdealState
          icon="folder-open"
          title="No watched folders yet."
          description="Add a folder below to upload what appears in it automatically."
          className="ld-empty ld-watch-empty"
        />
      ) : (
        <ul className="ld-watch-list" aria-label="Watched folders">
          {mine.map((folder) => (
            <FolderRow
              key={folder.path}
              folder={folder}
              onRemove={() => setRemoving(folder.path)}
            />
          ))}
        </ul>
      );
  }

  function confirmRemove() {
    const path = removing;
    setRemoving(null);
    if (!path) return;
    state
      .remove(path)
      .then(() => toastSuccess(`LexDesk no longer watches ${path}.`))
      .catch((error: unknown) =>
        toastError(describeWatchError(error, WATCH_MESSAGES.REMOVE_FAILED)),
      );
  }

  return (
    <Card className="ld-card">
      <h2 className="ld-card-title">Folders on this computer</h2>
      {body}
      <Alert
        isOpen={removing !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Stop watching"
        cancelButtonText="Cancel"
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        Stop watching <strong>{removing}</strong>? Files already in the folder stay where they are;
        new ones are no longer uploaded.
      </Alert>
    </Card>
  );
}

function FolderRow({ folder, onRemove }: { folder: WatchedFolderConfig; onRemove: () => void }) {
  return (
    <li className="ld-watch-row">
      <div className="ld-watch-row-main">
        <div className="ld-watch-path">{folder.path}</div>
        <div className="ld-watch-details">
          <Tag minimal>After upload: {AFTER_UPLOAD_LABELS[folder.afterUpload]}</Tag>
          {folder.usePolling ? (
            <Tag minimal intent={Intent.PRIMARY} icon="globe-network">
              Network share (polled)
            </Tag>
          ) : null}
        </div>
      </div>
      <Button icon="trash" variant="minimal" intent={Intent.DANGER} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}
