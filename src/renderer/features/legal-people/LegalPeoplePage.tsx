/**
 * Legal people: the firm's legal teams, legal roles (per CRM, with the CRM's name for each), legal
 * staff and legal contacts, in tabs. Everyone of the company reads them; its managers add, change
 * and delete; on the staff tab they import the firm's staff from its connected CRM. A failed load
 * shows the 500 screen (spec section 2: loading legal teams).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERROR_SCREEN, ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { ErrorScreenView } from '../../components/ErrorScreen';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { FieldsFormDialog, type FieldSpec, type FormValues } from './FieldsFormDialog';
import { ImportStaffButton } from './ImportStaffButton';
import {
  CREATE_CONTACT,
  CREATE_ROLE,
  CREATE_STAFF,
  CREATE_TEAM,
  DELETE_CONTACT,
  DELETE_ROLE,
  DELETE_STAFF,
  DELETE_TEAM,
  LEGAL_PEOPLE_QUERY,
  UPDATE_CONTACT,
  UPDATE_ROLE,
  UPDATE_STAFF,
  UPDATE_TEAM,
  type LegalPeopleData,
} from './operations';

type TabId = 'teams' | 'roles' | 'staff' | 'contacts';
interface Editing {
  title: string;
  fields: FieldSpec[];
  initial: FormValues;
  submitLabel: string;
  failure: string;
  save: (values: FormValues) => Promise<unknown>;
}
interface Confirming {
  message: string;
  failure: string;
  run: () => Promise<unknown>;
}

const str = (values: FormValues, key: string) => String(values[key] ?? '').trim();
const orNull = (values: FormValues, key: string) => str(values, key) || null;

export function LegalPeoplePage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [tab, setTab] = useState<TabId>('teams');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const refetchQueries = ['LegalPeopleScreen'];
  const { data, error, loading, refetch } = useQuery(LEGAL_PEOPLE_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const [createTeam] = useMutation(CREATE_TEAM, { refetchQueries, awaitRefetchQueries: true });
  const [updateTeam] = useMutation(UPDATE_TEAM, { refetchQueries, awaitRefetchQueries: true });
  const [deleteTeam] = useMutation(DELETE_TEAM, { refetchQueries, awaitRefetchQueries: true });
  const [createRole] = useMutation(CREATE_ROLE, { refetchQueries, awaitRefetchQueries: true });
  const [updateRole] = useMutation(UPDATE_ROLE, { refetchQueries, awaitRefetchQueries: true });
  const [deleteRole] = useMutation(DELETE_ROLE, { refetchQueries, awaitRefetchQueries: true });
  const [createStaff] = useMutation(CREATE_STAFF, { refetchQueries, awaitRefetchQueries: true });
  const [updateStaff] = useMutation(UPDATE_STAFF, { refetchQueries, awaitRefetchQueries: true });
  const [deleteStaff] = useMutation(DELETE_STAFF, { refetchQueries, awaitRefetchQueries: true });
  const [createContact] = useMutation(CREATE_CONTACT, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const [updateContact] = useMutation(UPDATE_CONTACT, {
    refetchQueries,
    awaitRefetchQueries: true,
  });
  const [deleteContact] = useMutation(DELETE_CONTACT, {
    refetchQueries,
    awaitRefetchQueries: true,
  });

  if (error && !data)
    return <ErrorScreenView onReturnHome={() => void navigate(ERROR_SCREEN.homePath)} />;
  if (!data)
    return (
      <Page title="Legal people">
        {loading ? (
          <Spinner className="ld-loading" size={32} aria-label="Loading legal people" />
        ) : null}
      </Page>
    );

  const crmType = data.company?.crm_type ?? 'local';
  const teamOptions = [
    { value: '', label: 'No team' },
    ...data.legalTeams.map((t) => ({ value: t.id, label: t.name })),
  ];
  const roleOptions = [
    { value: '', label: 'No role' },
    ...data.legalRoles.map((r) => ({ value: r.id, label: `${r.name} (${r.legal_crm})` })),
  ];
  const teamFields: FieldSpec[] = [
    { key: 'name', label: 'Team name', kind: 'text', required: true },
  ];
  const roleFields = (creating: boolean): FieldSpec[] => [
    { key: 'name', label: 'Role name', kind: 'text', required: true },
    ...(creating
      ? [{ key: 'legal_crm', label: 'CRM', kind: 'text' as const, required: true }]
      : []),
    {
      key: 'crm_role_convention',
      label: 'Name in the CRM (if different)',
      kind: 'text',
      placeholder: 'e.g. Case Assistant',
    },
  ];
  const staffFields: FieldSpec[] = [
    { key: 'first_name', label: 'First name', kind: 'text', required: true },
    { key: 'last_name', label: 'Last name', kind: 'text', required: true },
    {
      key: 'display_name',
      label: 'Display name',
      kind: 'text',
      placeholder: 'First and last name',
    },
    { key: 'email', label: 'Email', kind: 'text', required: true },
    { key: 'role_id', label: 'Role', kind: 'select', options: roleOptions },
    { key: 'legal_team_id', label: 'Team', kind: 'select', options: teamOptions },
  ];
  const contactFields: FieldSpec[] = [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    { key: 'primary_email', label: 'Email', kind: 'text' },
    { key: 'contact_id', label: 'CRM contact id', kind: 'text' },
    { key: 'legal_role_id', label: 'Role', kind: 'select', options: roleOptions },
    { key: 'legal_team_id', label: 'Team', kind: 'select', options: teamOptions },
    { key: 'is_invited', label: 'Invited', kind: 'switch' },
  ];

  const edit = (e: Editing) => setEditing(e);
  const actions = (onEdit: () => void, onDelete: () => void, label: string) =>
    canManage ? (
      <span className="ld-row-actions">
        <Button small minimal icon="edit" aria-label={`Edit ${label}`} onClick={onEdit} />
        <Button
          small
          minimal
          icon="trash"
          intent={Intent.DANGER}
          aria-label={`Delete ${label}`}
          onClick={onDelete}
        />
      </span>
    ) : null;

  const panels: Record<TabId, { add: string; onAdd: () => void; body: ReactNode }> = {
    teams: {
      add: 'Add team',
      onAdd: () =>
        edit({
          title: 'New legal team',
          fields: teamFields,
          initial: { name: '' },
          submitLabel: 'Create team',
          failure: ERRORS.CREATE_LEGAL_TEAM_FAILED,
          save: (v) => createTeam({ variables: { company_id: companyId, name: str(v, 'name') } }),
        }),
      body: (
        <Table
          empty="No legal teams yet."
          headers={['Team', 'Staff', '']}
          rows={data.legalTeams.map((t) => [
            t.name,
            String(t.staff_count),
            actions(
              () =>
                edit({
                  title: `Rename ${t.name}`,
                  fields: teamFields,
                  initial: { name: t.name },
                  submitLabel: 'Save',
                  failure: PRODUCT_ERRORS.UPDATE_LEGAL_TEAM_FAILED,
                  save: (v) => updateTeam({ variables: { id: t.id, name: str(v, 'name') } }),
                }),
              () =>
                setConfirming({
                  message: `Delete the team “${t.name}”? Its ${t.staff_count} staff stay, without a team.`,
                  failure: PRODUCT_ERRORS.DELETE_LEGAL_TEAM_FAILED,
                  run: () => deleteTeam({ variables: { id: t.id } }),
                }),
              t.name,
            ),
          ])}
        />
      ),
    },
    roles: {
      add: 'Add role',
      onAdd: () =>
        edit({
          title: 'New legal role',
          fields: roleFields(true),
          initial: { name: '', legal_crm: crmType, crm_role_convention: '' },
          submitLabel: 'Create role',
          failure: PRODUCT_ERRORS.CREATE_LEGAL_ROLE_FAILED,
          save: (v) =>
            createRole({
              variables: {
                input: {
                  company_id: companyId,
                  name: str(v, 'name'),
                  legal_crm: str(v, 'legal_crm'),
                  crm_role_convention: orNull(v, 'crm_role_convention'),
                },
              },
            }),
        }),
      body: (
        <Table
          empty="No legal roles yet."
          headers={['Role', 'CRM', 'Name in the CRM', 'Staff', '']}
          rows={data.legalRoles.map((r) => [
            r.name,
            <Tag key="crm" minimal>
              {r.legal_crm}
            </Tag>,
            r.crm_role_convention ?? <span className="ld-muted">Same</span>,
            String(r.staff_count),
            actions(
              () =>
                edit({
                  title: `Edit ${r.name}`,
                  fields: roleFields(false),
                  initial: { name: r.name, crm_role_convention: r.crm_role_convention ?? '' },
                  submitLabel: 'Save',
                  failure: PRODUCT_ERRORS.UPDATE_LEGAL_ROLE_FAILED,
                  save: (v) =>
                    updateRole({
                      variables: {
                        input: {
                          id: r.id,
                          name: str(v, 'name'),
                          crm_role_convention: orNull(v, 'crm_role_convention'),
                        },
                      },
                    }),
                }),
              () =>
                setConfirming({
                  message: `Delete the role “${r.name}” (${r.legal_crm})?`,
                  failure: PRODUCT_ERRORS.DELETE_LEGAL_ROLE_FAILED,
                  run: () => deleteRole({ variables: { id: r.id } }),
                }),
              r.name,
            ),
          ])}
        />
      ),
    },
    staff: {
      add: 'Add staff',
      onAdd: () =>
        edit({
          title: 'New legal staff member',
          fields: staffFields,
          initial: {
            first_name: '',
            last_name: '',
            display_name: '',
            email: '',
            role_id: '',
            legal_team_id: '',
          },
          submitLabel: 'Add staff',
          failure: PRODUCT_ERRORS.SAVE_LEGAL_STAFF_FAILED,
          save: (v) =>
            createStaff({ variables: { input: { company_id: companyId, ...staffInput(v) } } }),
        }),
      body: (
        <Table
          empty="No legal staff yet."
          headers={['Name', 'Email', 'Role', 'Team', 'LexDesk', '']}
          rows={data.legalStaff.map((s) => [
            s.display_name,
            s.email,
            s.role_name ?? <span className="ld-muted">—</span>,
            s.team_name ?? <span className="ld-muted">—</span>,
            s.is_connected ? (
              <Tag key="c" minimal intent={Intent.SUCCESS} icon="link">
                Connected
              </Tag>
            ) : (
              <Tag key="c" minimal>
                Not a user
              </Tag>
            ),
            actions(
              () =>
                edit({
                  title: `Edit ${s.display_name}`,
                  fields: staffFields,
                  initial: {
                    first_name: s.first_name,
                    last_name: s.last_name,
                    display_name: s.display_name,
                    email: s.email,
                    role_id: s.role_id ?? '',
                    legal_team_id: s.legal_team_id ?? '',
                  },
                  submitLabel: 'Save',
                  failure: PRODUCT_ERRORS.SAVE_LEGAL_STAFF_FAILED,
                  save: (v) =>
                    updateStaff({ variables: { input: { id: s.id, ...staffInput(v) } } }),
                }),
              () =>
                setConfirming({
                  message: `Delete ${s.display_name} from the legal staff?`,
                  failure: PRODUCT_ERRORS.DELETE_LEGAL_STAFF_FAILED,
                  run: () => deleteStaff({ variables: { id: s.id } }),
                }),
              s.display_name,
            ),
          ])}
        />
      ),
    },
    contacts: {
      add: 'Add contact',
      onAdd: () =>
        edit({
          title: 'New legal contact',
          fields: contactFields,
          initial: {
            name: '',
            primary_email: '',
            contact_id: '',
            legal_role_id: '',
            legal_team_id: '',
            is_invited: false,
          },
          submitLabel: 'Add contact',
          failure: ERRORS.CREATE_LEGAL_CONTACT_FAILED,
          save: (v) =>
            createContact({ variables: { input: { company_id: companyId, ...contactInput(v) } } }),
        }),
      body: (
        <Table
          empty="No legal contacts yet."
          headers={['Name', 'Email', 'CRM id', 'Role', 'Team', 'Invited', '']}
          rows={data.legalContacts.map((c) => [
            c.name,
            c.primary_email ?? <span className="ld-muted">—</span>,
            c.contact_id ?? <span className="ld-muted">—</span>,
            c.role_name ?? <span className="ld-muted">—</span>,
            c.team_name ?? <span className="ld-muted">—</span>,
            c.is_invited ? (
              <Tag key="i" minimal intent={Intent.PRIMARY}>
                Invited
              </Tag>
            ) : (
              <span className="ld-muted">No</span>
            ),
            actions(
              () =>
                edit({
                  title: `Edit ${c.name}`,
                  fields: contactFields,
                  initial: {
                    name: c.name,
                    primary_email: c.primary_email ?? '',
                    contact_id: c.contact_id ?? '',
                    legal_role_id: c.legal_role_id ?? '',
                    legal_team_id: c.legal_team_id ?? '',
                    is_invited: c.is_invited,
                  },
                  submitLabel: 'Save',
                  failure: PRODUCT_ERRORS.UPDATE_LEGAL_CONTACT_FAILED,
                  save: (v) =>
                    updateContact({ variables: { input: { id: c.id, ...contactInput(v) } } }),
                }),
              () =>
                setConfirming({
                  message: `Delete the contact ${c.name}?`,
                  failure: PRODUCT_ERRORS.DELETE_LEGAL_CONTACT_FAILED,
                  run: () => deleteContact({ variables: { id: c.id } }),
                }),
              c.name,
            ),
          ])}
        />
      ),
    },
  };
  const panel = panels[tab];

  return (
    <Page
      title="Legal people"
      subtitle={subtitle(data)}
      actions={
        canManage ? (
          <>
            {tab === 'staff' ? (
              <ImportStaffButton companyId={companyId} onImported={() => refetch()} />
            ) : null}
            <Button icon="add" intent={Intent.PRIMARY} onClick={panel.onAdd}>
              {panel.add}
            </Button>
          </>
        ) : null
      }
    >
      <Tabs id="legal-people-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} large>
        <Tab id="teams" title="Teams" tagContent={data.legalTeams.length} />
        <Tab id="roles" title="Roles" tagContent={data.legalRoles.length} />
        <Tab id="staff" title="Staff" tagContent={data.legalStaff.length} />
        <Tab id="contacts" title="Contacts" tagContent={data.legalContacts.length} />
      </Tabs>
      <div className="ld-legal-people-panel" role="tabpanel" aria-label={tab}>
        {panel.body}
      </div>
      {editing ? (
        <FieldsFormDialog
          title={editing.title}
          fields={editing.fields}
          initial={editing.initial}
          submitLabel={editing.submitLabel}
          failure={editing.failure}
          onSubmit={editing.save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Alert
        isOpen={confirming !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const current = confirming;
          setConfirming(null);
          if (!current) return;
          current.run().then(
            () => toastSuccess('Deleted.'),
            (error: unknown) => toastError(describeError(error, current.failure)),
          );
        }}
      >
        {confirming?.message}
      </Alert>
    </Page>
  );
}

/** A staff member's fields as both adding and editing send them. */
function staffInput(v: FormValues) {
  return {
    first_name: str(v, 'first_name'),
    last_name: str(v, 'last_name'),
    display_name: orNull(v, 'display_name'),
    email: str(v, 'email'),
    role_id: orNull(v, 'role_id'),
    legal_team_id: orNull(v, 'legal_team_id'),
  };
}

function contactInput(v: FormValues) {
  return {
    name: orNull(v, 'name'),
    primary_email: orNull(v, 'primary_email'),
    contact_id: orNull(v, 'contact_id'),
    legal_role_id: orNull(v, 'legal_role_id'),
    legal_team_id: orNull(v, 'legal_team_id'),
    is_invited: v.is_invited === true,
  };
}

function subtitle(data: LegalPeopleData): string {
  const c = data.legalStaffConnection;
  if (c.staff_count === 0)
    return 'The firm’s teams, roles, staff and contacts as its CRM knows them.';
  const staff = c.staff_count === 1 ? '1 staff member' : `${c.staff_count} staff members`;
  return `${c.connected_count} of ${staff} connected to a LexDesk user.`;
}

function Table(props: { headers: string[]; rows: ReactNode[][]; empty: string }) {
  if (props.rows.length === 0)
    return <NonIdealState icon="people" title={props.empty} className="ld-empty" />;
  return (
    <div className="ld-table-frame">
      <HTMLTable className="ld-table" striped>
        <thead>
          <tr>
            {props.headers.map((h, i) => (
              <th key={i}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((cells, r) => (
            <tr key={r}>
              {cells.map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
