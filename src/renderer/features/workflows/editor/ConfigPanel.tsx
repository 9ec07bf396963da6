/**
 * The side panel: the selected step's label and settings (a Blueprint form per kind, from
 * configForms.tsx), each field with the validator's message for it, and "Delete step". With no
 * step selected it says how to start.
 */
import { Button, FormGroup, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import type { Dispatch } from 'react';
import { isNodeKind, NODE_KINDS } from '../../../../shared/workflows';
import { ConfigForm, type ConfigOptions } from './configForms';
import type { CanvasNode, EditorAction } from './editorState';
import { fieldProblem, type ProblemMap } from './problems';
import { kindLabel } from './StepNode';

export function ConfigPanel(props: {
  node: CanvasNode | null;
  problems: ProblemMap;
  options: ConfigOptions;
  dispatch: Dispatch<EditorAction>;
}) {
  const { node, problems, options, dispatch } = props;
  if (!node) {
    return (
      <aside className="ld-wf-panel" aria-label="Step settings">
        <NonIdealState
          icon="select"
          title="No step selected"
          description="Select a step on the canvas to configure it."
        />
      </aside>
    );
  }
  const kind = node.type && isNodeKind(node.type) ? node.type : null;
  const problemOf = (field: string) => fieldProblem(problems, node.id, field);
  const unplaced = (problems.byNode.get(node.id) ?? []).filter(
    (message) => !Object.keys(node.data.config).some((field) => problemOf(field) === message),
  );
  return (
    <aside className="ld-wf-panel" aria-label="Step settings">
      <h2 className="ld-wf-panel-title">{kindLabel(node.type)}</h2>
      <FormGroup label="Label" labelFor="wf-step-label" helperText="Shown on the canvas.">
        <InputGroup
          id="wf-step-label"
          value={node.data.label ?? ''}
          placeholder={kind ? NODE_KINDS[kind].label : ''}
          onValueChange={(label) => dispatch({ type: 'labelEdited', nodeId: node.id, label })}
        />
      </FormGroup>
      {kind ? (
        <ConfigForm
          key={node.id}
          kind={kind}
          config={node.data.config}
          options={options}
          problemOf={problemOf}
          onChange={(field, value) =>
            dispatch({ type: 'configEdited', nodeId: node.id, field, value })
          }
        />
      ) : null}
      {unplaced.length > 0 ? (
        <ul className="ld-wf-panel-problems" role="alert">
          {unplaced.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <Button
        intent={Intent.DANGER}
        variant="outlined"
        icon="trash"
        onClick={() => dispatch({ type: 'deleted', nodeIds: [node.id], edgeIds: [] })}
      >
        Delete step
      </Button>
    </aside>
  );
}
