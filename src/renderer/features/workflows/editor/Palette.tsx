/**
 * The palette: every node kind of the shared contract, grouped as triggers, conditions and
 * actions. Drag one onto the canvas, or press it to add it beside the steps already there.
 */
import { Button, Icon } from '@blueprintjs/core';
import type { DragEvent } from 'react';
import {
  categoryOf,
  NODE_KIND_NAMES,
  NODE_KINDS,
  type NodeCategory,
  type NodeKind,
} from '../../../../shared/workflows';
import { CATEGORY_ICONS } from './StepNode';

export const DRAG_TYPE = 'application/x-lexdesk-workflow-node';

const GROUPS: Array<{ category: NodeCategory; title: string }> = [
  { category: 'trigger', title: 'Triggers' },
  { category: 'condition', title: 'Conditions' },
  { category: 'action', title: 'Actions' },
];

export function Palette({ onAdd }: { onAdd: (kind: NodeKind) => void }) {
  const start = (event: DragEvent<HTMLElement>, kind: NodeKind) => {
    event.dataTransfer.setData(DRAG_TYPE, kind);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <aside className="ld-wf-palette" aria-label="Steps">
      {GROUPS.map((group) => (
        <section key={group.category} aria-label={group.title}>
          <h3 className="ld-wf-palette-title">{group.title}</h3>
          {NODE_KIND_NAMES.filter((kind) => categoryOf(kind) === group.category).map((kind) => (
            <Button
              key={kind}
              variant="minimal"
              alignText="start"
              fill
              draggable
              className={`ld-wf-palette-item ld-wf-node-${group.category}`}
              icon={<Icon icon={CATEGORY_ICONS[group.category]} size={14} />}
              onDragStart={(event) => start(event, kind)}
              onClick={() => onAdd(kind)}
              aria-label={`Add ${NODE_KINDS[kind].label}`}
              text={NODE_KINDS[kind].label}
            />
          ))}
        </section>
      ))}
      <p className="ld-wf-palette-hint">Drag a step onto the canvas, or press it to add it.</p>
    </aside>
  );
}
