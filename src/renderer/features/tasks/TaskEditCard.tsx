/**
 * A task's editable parts: name, description, type, difficulty, estimates (priced live), steps
 * and references; one Save sends what changed (the server prices the estimates again).
 */
import {
  Button,
  Card,
  FormGroup,
  H4,
  HTMLSelect,
  InputGroup,
  Intent,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { TASK_TYPES } from '../../../shared/delivery/inputs';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { EstimatesEditor, type RateChoice } from './EstimatesEditor';
import { estimateInput, previewEstimates, type EstimateRow } from './estimateForm';
import { UPDATE_TASK_MUTATION, type TaskDetail } from './operations';

interface StepRow {
  title: string;
  description: string;
  priority: number;
}
interface ReferenceRow {
  title: string;
  url: string;
}

export function TaskEditCard(props: {
  task: TaskDetail;
  types: readonly RateChoice[];
  canEdit: boolean;
  onSaved: () => void;
}) {
  const t = props.task;
  const [name, setName] = useState(t.name);
  const [description, setDescription] = useState(t.description);
  const [taskType, setTaskType] = useState(t.task_type);
  const [difficulty, setDifficulty] = useState<number | null>(t.difficulty_level ?? null);
  const [rows, setRows] = useState<EstimateRow[]>(
    t.estimates.map((e) => ({ talent_type_id: e.talent_type_id, hours: String(e.hours) })),
  );
  const [steps, setSteps] = useState<StepRow[]>(
    t.steps.map((s) => ({ title: s.title, description: s.description, priority: s.priority })),
  );
  const [refs, setRefs] = useState<ReferenceRow[]>(
    t.references.map((r) => ({ title: r.title, url: r.url })),
  );
  const [save, saving] = useMutation(UPDATE_TASK_MUTATION);
  const rates = new Map(props.types.map((x) => [Number(x.id), x.hourly_rate]));
  const valid =
    name.trim() !== '' &&
    description.trim() !== '' &&
    previewEstimates(rows, rates).totals !== null &&
    steps.every((s) => s.title.trim() !== '') &&
    refs.every((r) => r.title.trim() !== '' && r.url.trim() !== '');

  async function submit() {
    try {
      await save({
        variables: {
          id: t.id,
          input: {
            name: name.trim(),
            description: description.trim(),
            task_type: taskType,
            difficulty_level: difficulty,
            estimates: estimateInput(rows),
            steps: steps.map((s) => ({ ...s, title: s.title.trim() })),
            references: refs.map((r) => ({ title: r.title.trim(), url: r.url.trim() })),
          },
        },
      });
      toastSuccess('Task saved.');
      props.onSaved();
    } catch (error) {
      toastError(describeError(error, PRODUCT_ERRORS.UPDATE_TASK_FAILED));
    }
  }

  const disabled = !props.canEdit;
  return (
    <Card className="ld-task-card">
      <H4>Details</H4>
      <FormGroup label="Name" labelFor="task-name">
        <InputGroup
          id="task-name"
          disabled={disabled}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </FormGroup>
      <FormGroup label="Description" labelFor="task-description">
        <TextArea
          id="task-description"
          fill
          rows={4}
          disabled={disabled}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </FormGroup>
      <div className="ld-task-form-row">
        <FormGroup label="Type" labelFor="task-type">
          <HTMLSelect
            id="task-type"
            disabled={disabled}
            value={taskType}
            onChange={(e) => setTaskType(e.target.value)}
            options={[...TASK_TYPES]}
          />
        </FormGroup>
        <FormGroup label="Difficulty (1–5)" labelFor="task-difficulty">
          <NumericInput
            id="task-difficulty"
            disabled={disabled}
            min={1}
            max={5}
            clampValueOnBlur
            value={difficulty ?? ''}
            onValueChange={(n) => setDifficulty(Number.isFinite(n) ? n : null)}
          />
        </FormGroup>
      </div>
      <H4>Estimates</H4>
      {disabled ? (
        <ul>
          {t.estimates.map((e) => (
            <li key={e.id}>
              {e.role}: {e.hours} h
            </li>
          ))}
        </ul>
      ) : (
        <EstimatesEditor rows={rows} types={props.types} onChange={setRows} />
      )}
      <H4>Steps</H4>
      {steps.map((s, i) => (
        <div className="ld-task-form-row" key={i}>
          <InputGroup
            aria-label={`Step ${i + 1} title`}
            placeholder="Title"
            disabled={disabled}
            value={s.title}
            onChange={(e) =>
              setSteps(steps.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
            }
          />
          <InputGroup
            aria-label={`Step ${i + 1} description`}
            placeholder="Description"
            disabled={disabled}
            value={s.description}
            onChange={(e) =>
              setSteps(steps.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))
            }
          />
          <NumericInput
            aria-label={`Step ${i + 1} priority`}
            disabled={disabled}
            min={0}
            max={1000}
            value={s.priority}
            onValueChange={(n) =>
              setSteps(
                steps.map((x, j) => (j === i ? { ...x, priority: Number.isFinite(n) ? n : 0 } : x)),
              )
            }
          />
          <Button
            minimal
            icon="cross"
            disabled={disabled}
            aria-label={`Remove step ${i + 1}`}
            onClick={() => setSteps(steps.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        small
        icon="add"
        text="Add step"
        disabled={disabled}
        onClick={() =>
          setSteps([...steps, { title: '', description: '', priority: steps.length + 1 }])
        }
      />
      <H4 className="ld-task-subhead">References</H4>
      {refs.map((r, i) => (
        <div className="ld-task-form-row" key={i}>
          <InputGroup
            aria-label={`Reference ${i + 1} title`}
            placeholder="Title"
            disabled={disabled}
            value={r.title}
            onChange={(e) =>
              setRefs(refs.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
            }
          />
          <InputGroup
            aria-label={`Reference ${i + 1} link`}
            placeholder="https://…"
            disabled={disabled}
            value={r.url}
            onChange={(e) =>
              setRefs(refs.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))
            }
          />
          <Button
            minimal
            icon="cross"
            disabled={disabled}
            aria-label={`Remove reference ${i + 1}`}
            onClick={() => setRefs(refs.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      <Button
        small
        icon="add"
        text="Add reference"
        disabled={disabled}
        onClick={() => setRefs([...refs, { title: '', url: '' }])}
      />
      {props.canEdit ? (
        <div className="ld-task-save">
          <Button
            intent={Intent.PRIMARY}
            text="Save task"
            disabled={!valid}
            loading={saving.loading}
            onClick={() => void submit()}
          />
        </div>
      ) : null}
    </Card>
  );
}
