/**
 * The dialog of one document type: name, folder, titles and form numbers (one per line) and
 * weighted keywords. Administrators save changes (only what changed is sent); everyone else sees
 * the same fields read-only. Field problems from the server land on their fields.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
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
import { KeywordTable } from './KeywordTable';
import {
  changesFor,
  errorsFromIssues,
  formFromType,
  readForm,
  type FormErrors,
  type TypeForm,
} from './rulesForm';

export function EditTypeDialog(props: {
  type: FileType;
  folders: Folder[];
  canManage: boolean;
  onClose: () => void;
  onSave: (id: string, changes: FileTypeChanges) => Promise<FileType>;
}) {
  const { type, folders, canManage, onClose, onSave } = props;
  const [initial] = useState<TypeForm>(() => formFromType(type));
  const [form, setForm] = useState<TypeForm>(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<TypeForm>) => setForm((current) => ({ ...current, ...patch }));
  const readOnly = !canManage || saving;
  const intentOf = (field: keyof FormErrors) => (errors[field] ? Intent.DANGER : Intent.NONE);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const read = readForm(form);
    if (!read.ok) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    const changes = changesFor(type, form, read);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    try {
      await onSave(type.id, changes);
      toastSuccess(`${read.name} saved.`);
      onClose();
    } catch (error) {
      if (error instanceof FileTypesError) setErrors(errorsFromIssues(error.issues));
      setFailure(describeFileTypesError(error));
      setSaving(false);
    }
  }

  return (
    <Dialog
      isOpen
      onClose={saving ? undefined : onClose}
      title={canManage ? `Edit ${type.name}` : type.name}
      icon={canManage ? 'edit' : 'document'}
      className="ld-type-dialog"
    >
      <UnsavedChangesGuard dirty={dirty} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <div className="ld-type-dialog-columns">
            <div className="ld-type-dialog-column">
              <div className="ld-type-dialog-row">
                <FormGroup
                  label="Name"
                  labelFor="type-name"
                  helperText={errors.name}
                  intent={intentOf('name')}
                >
                  <InputGroup
                    id="type-name"
                    value={form.name}
                    disabled={readOnly}
                    intent={intentOf('name')}
                    onValueChange={(name) => set({ name })}
                  />
                </FormGroup>
                <FormGroup label="Folder" labelFor="type-folder">
                  <HTMLSelect
                    id="type-folder"
                    fill
                    value={form.folderId}
                    disabled={readOnly}
                    options={folders.map((f) => ({ value: f.id, label: f.name }))}
                    onChange={(event) => set({ folderId: event.currentTarget.value })}
                  />
                </FormGroup>
              </div>
              <FormGroup
                label="Titles"
                labelFor="type-titles"
                helperText={
                  errors.titles ??
                  "One per line: headings printed at the top of the document's first page."
                }
                intent={intentOf('titles')}
              >
                <TextArea
                  id="type-titles"
                  fill
                  rows={9}
                  value={form.titles}
                  disabled={readOnly}
                  intent={intentOf('titles')}
                  onChange={(event) => set({ titles: event.currentTarget.value })}
                />
              </FormGroup>
              <FormGroup
                label="Form numbers"
                labelFor="type-form-numbers"
                helperText={
                  errors.formNumbers ?? 'One per line, as printed on the form (e.g. DWC-1).'
                }
                intent={intentOf('formNumbers')}
              >
                <TextArea
                  id="type-form-numbers"
                  fill
                  rows={3}
                  value={form.formNumbers}
                  disabled={readOnly}
                  intent={intentOf('formNumbers')}
                  onChange={(event) => set({ formNumbers: event.currentTarget.value })}
                />
              </FormGroup>
            </div>
            <div className="ld-type-dialog-column">
              <FormGroup
                label="Keywords"
                helperText={
                  errors.keywords ??
                  'Weights from -10 to 10; a negative weight counts against this type.'
                }
                intent={intentOf('keywords')}
              >
                <KeywordTable
                  rows={form.keywords}
                  disabled={readOnly}
                  onChange={(keywords) => set({ keywords })}
                />
              </FormGroup>
            </div>
          </div>
          {failure ? (
            <Callout intent={Intent.DANGER} icon="error" role="alert">
              {failure}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            canManage ? (
              <>
                <Button onClick={onClose} disabled={saving}>
                  Cancel
                </Button>
                <Button type="submit" intent={Intent.PRIMARY} loading={saving}>
                  Save
                </Button>
              </>
            ) : (
              <Button onClick={onClose}>Close</Button>
            )
          }
        />
      </form>
    </Dialog>
  );
}
