/**
 * Document types: the company's folders as sections with their colour, each type with a summary
 * of the rules that recognise it (titles, form numbers, strongest keywords). Administrators edit a
 * type or a folder in a dialog; everyone else reads the same list and can open a type read-only.
 */
import {
  Button,
  Callout,
  Card,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { describeFileTypesError, type FileType, type Folder } from './api';
import { EditFolderDialog } from './EditFolderDialog';
import { EditTypeDialog } from './EditTypeDialog';
import { rulesCounts, topKeywords } from './rulesForm';
import { useDocumentTypes } from './useDocumentTypes';
import './document-types.css';

const TITLES_SHOWN = 2;

function matches(type: FileType, needle: string): boolean {
  if (!needle) return true;
  const haystack = [
    type.name,
    type.legal_document_folder.name,
    ...type.rules.titles,
    ...type.rules.formNumbers,
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

export function DocumentTypesPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const { data, error, loading, reload, save } = useDocumentTypes(companyId);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [editingFolder, setEditingFolder] = useState<string | null>(null);

  const sections = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (data?.folders ?? []).map((folder) => ({
      folder,
      all: (data?.types ?? []).filter((t) => t.legal_document_folder_id === folder.id),
      shown: (data?.types ?? []).filter(
        (t) => t.legal_document_folder_id === folder.id && matches(t, needle),
      ),
    }));
  }, [data, filter]);
  const editedType = data?.types.find((t) => t.id === editing) ?? null;
  const editedFolder = sections.find((s) => s.folder.id === editingFolder) ?? null;

  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeFileTypesError(error)}
        <div className="ld-doctypes-retry">
          <Button size="small" icon="refresh" onClick={() => void reload()}>
            Try again
          </Button>
        </div>
      </Callout>
    );
  } else if (!data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading document types" />;
  } else if (data.types.length === 0) {
    body = <NonIdealState icon="folder-open" title="No document types yet." className="ld-empty" />;
  } else {
    const visible = sections.filter((s) => s.shown.length > 0);
    body = (
      <div className="ld-stack">
        {canManage ? null : (
          <Callout intent={Intent.PRIMARY} icon="lock">
            Only company administrators can change document types.
          </Callout>
        )}
        <InputGroup
          className="ld-doctypes-filter"
          leftIcon="search"
          placeholder="Filter by name, title or form number"
          aria-label="Filter document types"
          value={filter}
          onValueChange={setFilter}
        />
        {visible.length === 0 ? (
          <NonIdealState
            icon="search"
            title="No document type matches this filter."
            className="ld-empty"
          />
        ) : null}
        <div className="ld-doctypes-grid">
          {visible.map(({ folder, all, shown }) => (
            <FolderSection
              key={folder.id}
              folder={folder}
              types={shown}
              canManage={canManage}
              onEditFolder={all.length > 0 ? () => setEditingFolder(folder.id) : undefined}
              onOpen={(id) => setEditing(id)}
            />
          ))}
        </div>
      </div>
    );
  }

  return (
    <Page
      title="Document types"
      subtitle={
        data
          ? `${data.types.length} types in ${data.folders.length} folders · how documents are recognised when files are processed`
          : viewer?.company.name
      }
      actions={
        <Button icon="refresh" variant="minimal" loading={loading} onClick={() => void reload()}>
          Refresh
        </Button>
      }
    >
      {body}
      {editedType && data ? (
        <EditTypeDialog
          key={editedType.id}
          type={editedType}
          folders={data.folders}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      ) : null}
      {editedFolder?.all[0] ? (
        <EditFolderDialog
          key={editedFolder.folder.id}
          folder={editedFolder.folder}
          typeId={editedFolder.all[0].id}
          onClose={() => setEditingFolder(null)}
          onSave={save}
        />
      ) : null}
    </Page>
  );
}

function FolderSection(props: {
  folder: Folder;
  types: FileType[];
  canManage: boolean;
  onEditFolder?: () => void;
  onOpen: (typeId: string) => void;
}) {
  const { folder, types, canManage, onEditFolder, onOpen } = props;
  const headingId = `folder-${folder.id}`;
  return (
    <Card className="ld-card ld-doctypes-folder" role="region" aria-labelledby={headingId}>
      <header className="ld-doctypes-folder-header">
        <span
          className="ld-doctypes-swatch"
          style={{ backgroundColor: folder.hex_code }}
          aria-hidden
        />
        <h2 id={headingId} className="ld-doctypes-folder-name">
          {folder.name}
        </h2>
        <span className="ld-doctypes-count">
          {types.length === 1 ? '1 type' : `${types.length} types`}
        </span>
        {canManage && onEditFolder ? (
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            aria-label={`Edit folder ${folder.name}`}
            onClick={onEditFolder}
          >
            Edit folder
          </Button>
        ) : null}
      </header>
      <ul className="ld-doctypes-list">
        {types.map((type) => (
          <TypeRow key={type.id} type={type} canManage={canManage} onOpen={() => onOpen(type.id)} />
        ))}
      </ul>
    </Card>
  );
}

function TypeRow({
  type,
  canManage,
  onOpen,
}: {
  type: FileType;
  canManage: boolean;
  onOpen: () => void;
}) {
  const { titles, formNumbers } = type.rules;
  const moreTitles = titles.length - TITLES_SHOWN;
  return (
    <li className="ld-doctypes-row" aria-label={type.name}>
      <div className="ld-doctypes-main">
        <div className="ld-doctypes-name">{type.name}</div>
        <div className="ld-doctypes-summary">{rulesCounts(type.rules)}</div>
        {titles.length > 0 ? (
          <div className="ld-doctypes-titles" title={titles.join('\n')}>
            <span className="ld-doctypes-titles-text">
              {titles.slice(0, TITLES_SHOWN).join(' · ')}
            </span>
            {moreTitles > 0 ? <span className="ld-doctypes-more">+{moreTitles} more</span> : null}
          </div>
        ) : null}
        <div className="ld-doctypes-tags">
          {formNumbers.map((form) => (
            <Tag key={form} minimal icon="document">
              {form}
            </Tag>
          ))}
          {topKeywords(type.rules).map((keyword) => (
            <Tag key={keyword} minimal round>
              {keyword}
            </Tag>
          ))}
        </div>
      </div>
      <Button
        size="small"
        icon={canManage ? 'edit' : 'eye-open'}
        aria-label={`${canManage ? 'Edit' : 'View'} ${type.name}`}
        onClick={onOpen}
      >
        {canManage ? 'Edit' : 'View'}
      </Button>
    </li>
  );
}
