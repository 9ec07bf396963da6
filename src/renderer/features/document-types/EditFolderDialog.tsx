/**
 * The dialog of a document folder: its name and colour (hex_code). The server changes a folder
 * through one of its types (POST /admin/update-file-type with data.folder), so the caller passes
 * the id of any type in the folder.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { toastSuccess } from '../../components/toaster';
import { UnsavedChangesGuard } from '../../components/unsaved/UnsavedChangesGuard';
import {
  describeFileTypesError,
  FileTypesError,
  type FileType,
  type FileTypeChanges,
  type Folder,
} from './api';

const HEX = /^#[0-9a-f]{6}$/i;

export function EditFolderDialog(props: {
  folder: Folder;
  /** A type of this folder, through which the change is sent. */
  typeId: string;
  onClose: () => void;
  onSave: (id: string, changes: FileTypeChanges) => Promise<FileType>;
}) {
  const { folder, typeId, onClose, onSave } = props;
  const [name, setName] = useState(folder.name);
  const [hex, setHex] = useState(folder.hex_code);
  const [errors, setErrors] = useState<{ name?: string; hex?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const next = { name: name.trim(), hex: hex.trim().toLowerCase() };
    const found: { name?: string; hex?: string } = {};
    if (!next.name) found.name = 'Enter a name.';
    else if (next.name.length > 80) found.name = 'At most 80 characters.';
    if (!HEX.test(next.hex)) found.hex = 'A colour is # followed by six hex digits, e.g. #2d72d2.';
    setErrors(found);
    if (found.name || found.hex) return;
    const change = {
      id: folder.id,
      ...(next.name !== folder.name ? { name: next.name } : {}),
      ...(next.hex !== folder.hex_code.toLowerCase() ? { hex_code: next.hex } : {}),
    };
    if (change.name === undefined && change.hex_code === undefined) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await onSave(typeId, { folder: change });
      toastSuccess(`Folder ${next.name} saved.`);
      onClose();
    } catch (error) {
      if (error instanceof FileTypesError) {
        const issue = (path: string) => error.issues.find((i) => i.path.startsWith(path))?.message;
        setErrors({ name: issue('data.folder.name'), hex: issue('data.folder.hex_code') });
      }
      setFailure(describeFileTypesError(error));
      setSaving(false);
    }
  }

  return (
    <Dialog
      isOpen
      onClose={saving ? undefined : onClose}
      title={`Edit folder ${folder.name}`}
      icon="folder-close"
    >
      <UnsavedChangesGuard dirty={name !== folder.name || hex !== folder.hex_code} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <FormGroup
            label="Folder name"
            labelFor="folder-name"
            helperText={errors.name}
            intent={errors.name ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="folder-name"
              value={name}
              disabled={saving}
              intent={errors.name ? Intent.DANGER : Intent.NONE}
              onValueChange={setName}
            />
          </FormGroup>
          <FormGroup
            label="Colour"
            labelFor="folder-colour"
            helperText={errors.hex}
            intent={errors.hex ? Intent.DANGER : Intent.NONE}
          >
            <div className="ld-colour-field">
              <input
                type="color"
                className="ld-colour-picker"
                aria-label="Pick a colour"
                value={HEX.test(hex) ? hex.toLowerCase() : '#000000'}
                disabled={saving}
                onChange={(event) => setHex(event.currentTarget.value)}
              />
              <InputGroup
                id="folder-colour"
                value={hex}
                disabled={saving}
                intent={errors.hex ? Intent.DANGER : Intent.NONE}
                onValueChange={setHex}
              />
            </div>
          </FormGroup>
          {failure ? (
            <Callout intent={Intent.DANGER} icon="error" role="alert">
              {failure}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={saving}>
                Save
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
