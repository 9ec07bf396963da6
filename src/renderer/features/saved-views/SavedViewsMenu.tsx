/**
 * Saved views of a list (issue 15 item 16): a "Views" menu that applies one of the person's saved
 * views, deletes one, or saves the list's current filters and sort under a name (a name already
 * used is replaced). Views are kept on the server per user (savedViews, saveView,
 * deleteSavedView); the list restores a view's state through its own schema.
 */
import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Menu,
  MenuDivider,
  MenuItem,
  Popover,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import {
  savedViewNameSchema,
  type SavedViewState,
  type SavedViewTable,
} from '../../../shared/schemas/savedView';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { DELETE_SAVED_VIEW_MUTATION, SAVE_VIEW_MUTATION, SAVED_VIEWS_QUERY } from './operations';
import './saved-views.css';

/** A view's stored state as an object ({} when it cannot be read). */
export function viewState(state: string): unknown {
  try {
    return JSON.parse(state) as unknown;
  } catch {
    return {};
  }
}

export function SavedViewsMenu(props: {
  table: SavedViewTable;
  state: SavedViewState;
  onApply(state: unknown, name: string): void;
}) {
  const views = useQuery(SAVED_VIEWS_QUERY, { variables: { table: props.table } });
  const refetchQueries = ['SavedViews'];
  const [saveView, saving] = useMutation(SAVE_VIEW_MUTATION, { refetchQueries });
  const [deleteView] = useMutation(DELETE_SAVED_VIEW_MUTATION, { refetchQueries });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const list = views.data?.savedViews ?? [];

  const save = async () => {
    const checked = savedViewNameSchema.safeParse(name);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Name the view.');
      return;
    }
    try {
      await saveView({
        variables: { table: props.table, name: checked.data, state: JSON.stringify(props.state) },
      });
      setNaming(false);
      setName('');
      setProblem(null);
      toastSuccess(`The view "${checked.data}" was saved.`);
    } catch (failure) {
      setProblem(describeError(failure, ERRORS.UPDATE_PROCESSED_FILE_FAILED));
    }
  };

  const remove = async (id: string, viewName: string) => {
    try {
      await deleteView({ variables: { id } });
      toastSuccess(`The view "${viewName}" was deleted.`);
    } catch (failure) {
      toastError(describeError(failure, ERRORS.UPDATE_PROCESSED_FILE_FAILED));
    }
  };

  const menu = (
    <Menu aria-label="Saved views">
      {list.length === 0 ? (
        <MenuItem disabled text={views.loading ? 'Loading views…' : 'No saved views yet'} />
      ) : (
        list.map((view) => (
          <li key={view.id} className="ld-view-item" role="none">
            <Button
              variant="minimal"
              icon="bookmark"
              alignText="start"
              fill
              className={Classes.POPOVER_DISMISS}
              onClick={() => props.onApply(viewState(view.state), view.name)}
            >
              {view.name}
            </Button>
            <Button
              variant="minimal"
              size="small"
              icon="trash"
              aria-label={`Delete view ${view.name}`}
              onClick={() => void remove(view.id, view.name)}
            />
          </li>
        ))
      )}
      <MenuDivider />
      <MenuItem icon="floppy-disk" text="Save current view…" onClick={() => setNaming(true)} />
    </Menu>
  );

  return (
    <>
      <Popover content={menu} placement="bottom-end">
        <Button icon="bookmark" endIcon="caret-down">
          Views
        </Button>
      </Popover>
      <Dialog
        isOpen={naming}
        title="Save the current view"
        onClose={() => {
          setNaming(false);
          setProblem(null);
        }}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <DialogBody>
            <FormGroup
              label="View name"
              labelFor="saved-view-name"
              intent={problem ? Intent.DANGER : Intent.NONE}
              helperText={problem ?? 'Filters, sorting and rows per page are saved for you only.'}
            >
              <InputGroup
                id="saved-view-name"
                autoFocus
                value={name}
                intent={problem ? Intent.DANGER : Intent.NONE}
                onValueChange={(next) => {
                  setName(next);
                  setProblem(null);
                }}
              />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setNaming(false)}>Cancel</Button>
                <Button type="submit" intent={Intent.PRIMARY} loading={saving.loading}>
                  Save view
                </Button>
              </>
            }
          />
        </form>
      </Dialog>
    </>
  );
}
