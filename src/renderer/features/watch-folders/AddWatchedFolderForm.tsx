/**
 * Adds a watched folder for the viewer's company. The path is typed: the browser build cannot open
 * a native folder picker, and the desktop has no picker channel yet.
 */
import {
  Button,
  Callout,
  Card,
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { toastSuccess } from '../../components/toaster';
import {
  AFTER_UPLOAD_CHOICES,
  AFTER_UPLOAD_HINTS,
  AFTER_UPLOAD_LABELS,
  checkFolderPath,
  describeWatchError,
  looksLikeNetworkShare,
  WATCH_MESSAGES,
  type AfterUpload,
} from './labels';
import type { WatchedFoldersState } from './useWatchedFolders';

export function AddWatchedFolderForm(props: {
  companyId: string;
  add: WatchedFoldersState['add'];
}) {
  const [path, setPath] = useState('');
  const [afterUpload, setAfterUpload] = useState<AfterUpload>('keep');
  const [usePolling, setUsePolling] = useState(false);
  const [pathError, setPathError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = checkFolderPath(path);
    if ('error' in checked) {
      setPathError(checked.error);
      return;
    }
    setPathError(null);
    setSaving(true);
    try {
      await props.add({ path: checked.path, afterUpload, company_id: props.companyId, usePolling });
      toastSuccess(`LexDesk now watches ${checked.path}.`);
      setPath('');
      setUsePolling(false);
    } catch (error) {
      setFailure(describeWatchError(error, WATCH_MESSAGES.ADD_FAILED));
    } finally {
      setSaving(false);
    }
  }

  const suggestPolling = !usePolling && looksLikeNetworkShare(path);

  return (
    <Card className="ld-card">
      <h2 className="ld-card-title">Add a folder</h2>
      <form onSubmit={(event) => void submit(event)} noValidate className="ld-narrow-form">
        <FormGroup
          label="Folder path"
          labelFor="watch-path"
          helperText={
            pathError ??
            (suggestPolling
              ? 'This looks like a network share: tick "Network share" below.'
              : 'The full path of a folder on this computer or a network share.')
          }
          intent={pathError ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="watch-path"
            placeholder="/home/ada/Scans or C:\Scans"
            value={path}
            intent={pathError ? Intent.DANGER : Intent.NONE}
            onValueChange={setPath}
          />
        </FormGroup>
        <FormGroup
          label="After a file is uploaded"
          labelFor="watch-after-upload"
          helperText={AFTER_UPLOAD_HINTS[afterUpload]}
        >
          <HTMLSelect
            id="watch-after-upload"
            value={afterUpload}
            onChange={(event) => setAfterUpload(event.currentTarget.value as AfterUpload)}
            options={AFTER_UPLOAD_CHOICES.map((choice) => ({
              value: choice,
              label: AFTER_UPLOAD_LABELS[choice],
            }))}
          />
        </FormGroup>
        <Checkbox
          label="Network share (poll for changes)"
          checked={usePolling}
          onChange={(event) => setUsePolling(event.currentTarget.checked)}
        />
        {failure ? (
          <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-watch-callout">
            {failure}
          </Callout>
        ) : null}
        <div className="ld-watch-form-actions">
          <Button type="submit" intent={Intent.PRIMARY} icon="add" loading={saving}>
            Watch this folder
          </Button>
        </div>
      </form>
    </Card>
  );
}
