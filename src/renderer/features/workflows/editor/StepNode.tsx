/**
 * One step on the canvas: its kind, its own label, and the problems the validator found with it
 * (the node is outlined and the messages are listed under its title). Triggers have no input;
 * conditions leave by a "true" and a "false" handle; every other step has one output.
 */
import { Icon, type IconName } from '@blueprintjs/core';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { createContext, memo, useContext } from 'react';
import {
  categoryOf,
  isNodeKind,
  NODE_KINDS,
  type NodeCategory,
} from '../../../../shared/workflows';
import type { CanvasNode } from './editorState';
import { NO_PROBLEMS, type ProblemMap } from './problems';

export const ProblemsContext = createContext<ProblemMap>(NO_PROBLEMS);

export const CATEGORY_ICONS: Record<NodeCategory, IconName> = {
  trigger: 'flash',
  condition: 'fork',
  action: 'play',
};

export const CATEGORY_TITLES: Record<NodeCategory, string> = {
  trigger: 'Trigger',
  condition: 'Condition',
  action: 'Action',
};

export function kindLabel(type: string | undefined): string {
  return type && isNodeKind(type) ? NODE_KINDS[type].label : 'Unknown step';
}

function StepNodeView({ id, type, data, selected }: NodeProps<CanvasNode>) {
  const problems = useContext(ProblemsContext).byNode.get(id) ?? [];
  const category = isNodeKind(type) ? categoryOf(type) : null;
  const title = data.label || kindLabel(type);
  const classes = ['ld-wf-node', `ld-wf-node-${category ?? 'unknown'}`];
  if (problems.length > 0) classes.push('ld-wf-node-problem');
  if (selected) classes.push('ld-wf-node-selected');
  return (
    <div
      className={classes.join(' ')}
      role="group"
      aria-label={`Step ${title}`}
      data-testid={`wf-node-${id}`}
      data-problems={problems.length}
    >
      {category !== 'trigger' ? (
        <Handle type="target" position={Position.Left} aria-label={`Input of ${title}`} />
      ) : null}
      <div className="ld-wf-node-head">
        <Icon icon={category ? CATEGORY_ICONS[category] : 'help'} size={14} />
        <span className="ld-wf-node-category">
          {category ? CATEGORY_TITLES[category] : 'Unknown'}
        </span>
      </div>
      <div className="ld-wf-node-title">{title}</div>
      {data.label ? <div className="ld-wf-node-kind">{kindLabel(type)}</div> : null}
      {problems.length > 0 ? (
        <ul className="ld-wf-node-problems" role="alert" aria-label={`Problems of ${title}`}>
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {category === 'condition' ? (
        <>
          <Handle
            type="source"
            id="true"
            position={Position.Right}
            className="ld-wf-handle-true"
            aria-label={`True output of ${title}`}
          />
          <Handle
            type="source"
            id="false"
            position={Position.Bottom}
            className="ld-wf-handle-false"
            aria-label={`False output of ${title}`}
          />
          <span className="ld-wf-branch-true">true</span>
          <span className="ld-wf-branch-false">false</span>
        </>
      ) : (
        <Handle type="source" position={Position.Right} aria-label={`Output of ${title}`} />
      )}
    </div>
  );
}

export const StepNode = memo(StepNodeView);
