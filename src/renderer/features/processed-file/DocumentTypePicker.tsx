/**
 * The document type, picked from the company's types grouped by folder; each folder shows its
 * colour. A filter narrows long lists; "No document type" clears the type (the document then
 * waits in the review queue as "no document type").
 */
import {
  Button,
  InputGroup,
  type Intent,
  Menu,
  MenuDivider,
  MenuItem,
  Popover,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import type { DocumentType } from './operations';
import { groupTypesByFolder, swatchColour } from './typeGroups';

export function FolderSwatch(props: { hex: string | null | undefined }) {
  return (
    <span
      className="ld-swatch"
      aria-hidden="true"
      style={{ background: swatchColour(props.hex) }}
    />
  );
}

export function DocumentTypePicker(props: {
  id: string;
  types: readonly DocumentType[];
  value: string | null;
  /** The document's type as loaded, shown while the list is not there (offline). */
  fallback: DocumentType | null;
  disabled?: boolean;
  intent?: Intent;
  onChange(id: string | null): void;
}) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupTypesByFolder(props.types, filter), [props.types, filter]);
  const chosen =
    props.types.find((type) => type.id === props.value) ??
    (props.fallback?.id === props.value ? props.fallback : null);
  const text = chosen
    ? `${chosen.legal_document_folder.name} — ${chosen.name}`
    : props.value
      ? 'Unknown type'
      : 'No document type';

  const pick = (id: string | null) => {
    props.onChange(id);
    setOpen(false);
    setFilter('');
  };

  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-start"
      minimal
      fill
      disabled={props.disabled}
      content={
        <div className="ld-type-menu">
          <InputGroup
            leftIcon="search"
            placeholder="Filter document types"
            aria-label="Filter document types"
            value={filter}
            onValueChange={setFilter}
            autoFocus
          />
          <Menu className="ld-type-menu-list" aria-label="Document types">
            <MenuItem
              text="No document type"
              icon="disable"
              active={props.value === null}
              onClick={() => pick(null)}
            />
            {groups.map((group) => (
              <div key={group.folder.id} role="group" aria-label={group.folder.name}>
                <MenuDivider
                  title={
                    <span className="ld-type-menu-folder">
                      <FolderSwatch hex={group.folder.hex_code} />
                      {group.folder.name}
                    </span>
                  }
                />
                {group.types.map((type) => (
                  <MenuItem
                    key={type.id}
                    text={type.name}
                    active={type.id === props.value}
                    icon={type.id === props.value ? 'tick' : 'blank'}
                    onClick={() => pick(type.id)}
                  />
                ))}
              </div>
            ))}
            {groups.length === 0 && props.types.length > 0 ? (
              <MenuItem disabled text="No type matches the filter." />
            ) : null}
            {props.types.length === 0 ? (
              <MenuItem disabled text="The document types could not be loaded." />
            ) : null}
          </Menu>
        </div>
      }
    >
      <Button
        id={props.id}
        className="ld-type-button"
        alignText="start"
        endIcon="caret-down"
        fill
        intent={props.intent}
        disabled={props.disabled}
        aria-label={`Document type: ${text}`}
        icon={<FolderSwatch hex={chosen?.legal_document_folder.hex_code} />}
      >
        {text}
      </Button>
    </Popover>
  );
}
