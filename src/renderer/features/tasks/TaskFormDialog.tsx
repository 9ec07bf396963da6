/** Plans a task of a request, or a subtask of a task: the spec's required fields and estimates. */
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { TASK_TYPES } from '../../../shared/delivery/inputs';
import { TASK_STATUS } from '../../../shared/delivery/taskStatus';
import { describeError } from '../../app/errors';
import { toastError } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { EstimatesEditor } from './EstimatesEditor';
import { estimateInput, previewEstimates, type EstimateRow } from './estimateForm';
import { CREATE_TASK_MUTATION, TASK_PICKERS_QUERY } from './operations';
import { PersonSelect } from './PersonSelect';

export function TaskFormDialog(props: {
  requestId: string;
  parentId?: string;
  title: string;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const viewer = useViewer();
  const pickers = useQuery(TASK_PICKERS_QUERY);
  const [create, creating] = useMutation(CREATE_TASK_MUTATION);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [taskType, setTaskType] = useState<string>('feature');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [qa, setQa] = useState<string | null>(null);
  const [rows, setRows] = useState<EstimateRow[]>([{ talent_type_id: 3, hours: '' }]);
  const types = pickers.data?.talentTypes ?? [];
  const rates = new Map(types.map((t) => [Number(t.id), t.hourly_rate]));
  const ready =
    name.trim() !== '' &&
    description.trim() !== '' &&
    previewEstimates(rows, rates).totals !== null &&
    viewer !== null;

  async function submit() {
    if (!viewer) return;
    try {
      const r = await create({
        variables: {
          input: {
            name: name.trim(),
            description: description.trim(),
            status_id: TASK_STATUS.TODO,
            task_type: taskType,
            request_id: props.requestId,
            parent_id: props.parentId ?? null,
            created_by: viewer.user.id,
            estimates: estimateInput(rows),
            assignee_id: assignee,
            qa_id: qa,
          },
        },
      });
      if (r.data) props.onCreated(r.data.createTask.id);
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_TASK_FAILED));
    }
  }

  return (
    <Dialog isOpen title={props.title} onClose={props.onClose} style={{ width: 640 }}>
      <DialogBody>
        <FormGroup label="Name" labelFor="task-form-name">
          <InputGroup id="task-form-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <FormGroup label="Description" labelFor="task-form-description">
          <TextArea
            id="task-form-description"
            fill
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </FormGroup>
        <div className="ld-task-form-row">
          <FormGroup label="Type" labelFor="task-form-type">
            <HTMLSelect
              id="task-form-type"
              value={taskType}
              onChange={(e) => setTaskType(e.target.value)}
              options={[...TASK_TYPES]}
            />
          </FormGroup>
          <FormGroup label="Assignee" labelFor="task-form-assignee">
            <PersonSelect
              id="task-form-assignee"
              people={pickers.data?.deliveryPeople ?? []}
              value={assignee}
              onChange={setAssignee}
            />
          </FormGroup>
          <FormGroup label="QA" labelFor="task-form-qa">
            <PersonSelect
              id="task-form-qa"
              people={pickers.data?.deliveryPeople ?? []}
              value={qa}
              onChange={setQa}
            />
          </FormGroup>
        </div>
        <FormGroup label="Estimates">
          <EstimatesEditor rows={rows} types={types} onChange={setRows} />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onClose} />
            <Button
              intent={Intent.PRIMARY}
              text="Create"
              disabled={!ready}
              loading={creating.loading}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
