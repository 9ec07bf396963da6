/**
 * Notification rules: the company's rules with their trigger, delivery, recipients and last send,
 * filtered by trigger and name; managers add, edit, switch on or off and delete them; anyone of
 * the company opens a rule's history (each send's documents and recipients).
 */
import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Button,
  Dialog,
  DialogBody,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastError } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import {
  CREATE_RULE,
  DELETE_RULE,
  RULES_SCREEN_QUERY,
  RULE_HISTORY_QUERY,
  TOGGLE_RULE,
  UPDATE_RULE,
  type RuleItem,
} from './operations';
import { EMPTY_RULES, RuleEditor, rulesOf, type RuleDraft } from './RuleEditor';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function RuleHistory({ rule, onClose }: { rule: RuleItem; onClose: () => void }) {
  const { data, loading, error } = useQuery(RULE_HISTORY_QUERY, {
    variables: { id: rule.id },
    fetchPolicy: 'network-only',
  });
  return (
    <Dialog isOpen title={`History: ${rule.name}`} onClose={onClose} style={{ width: 680 }}>
      <DialogBody>
        {loading ? <Spinner size={24} /> : null}
        {error ? (
          <NonIdealState icon="error" title={ERRORS.FETCH_NOTIFICATION_HISTORY_FAILED} />
        ) : null}
        {data && data.notificationRuleHistory.length === 0 ? (
          <NonIdealState icon="history" title="Nothing sent yet." />
        ) : null}
        {data && data.notificationRuleHistory.length > 0 ? (
          <HTMLTable compact striped style={{ width: '100%' }} aria-label="Rule history">
            <thead>
              <tr>
                <th>Sent</th>
                <th>Documents</th>
                <th>Recipients</th>
                <th>Mail</th>
              </tr>
            </thead>
            <tbody>
              {data.notificationRuleHistory.map((h) => (
                <tr key={h.id}>
                  <td>{when(h.created_at)}</td>
                  <td style={{ whiteSpace: 'pre-line' }}>{h.file}</td>
                  <td>{h.recipients.join(', ')}</td>
                  <td>{h.email_content ? 'Emailed' : 'In-app only'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
      </DialogBody>
    </Dialog>
  );
}

export function NotificationRulesPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [trigger, setTrigger] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ id: string | null; draft: RuleDraft } | null>(null);
  const [deleting, setDeleting] = useState<RuleItem | null>(null);
  const [history, setHistory] = useState<RuleItem | null>(null);
  const filter = {
    ...(trigger ? { trigger_type: trigger } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const { data, error, loading } = useQuery(RULES_SCREEN_QUERY, {
    variables: { company_id: companyId, filter },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const refetch = { refetchQueries: ['NotificationRulesScreen'], awaitRefetchQueries: true };
  const [createRule] = useMutation(CREATE_RULE, refetch);
  const [updateRule] = useMutation(UPDATE_RULE, refetch);
  const [toggleRule] = useMutation(TOGGLE_RULE, refetch);
  const [deleteRule] = useMutation(DELETE_RULE, refetch);

  if (error && !data)
    return (
      <Page title="Notification rules">
        <NonIdealState icon="error" title={ERRORS.FETCH_NOTIFICATION_RULES_FAILED} />
      </Page>
    );
  if (!data)
    return (
      <Page title="Notification rules">
        {loading ? <Spinner className="ld-loading" size={32} aria-label="Loading rules" /> : null}
      </Page>
    );

  const typeName = new Map(data.legalFileTypes.map((t) => [t.id, t.name]));
  const staffName = new Map(data.legalStaff.map((s) => [s.id, s.display_name]));
  const stats = data.notificationRuleStats;

  async function save(id: string | null, draft: RuleDraft) {
    const input = {
      name: draft.name,
      rules: JSON.stringify(draft.rules),
      is_active: draft.is_active,
    };
    if (id) await updateRule({ variables: { id, input } });
    else await createRule({ variables: { input: { company_id: companyId, ...input } } });
  }

  return (
    <Page
      title="Notification rules"
      actions={
        canManage ? (
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            text="New rule"
            onClick={() =>
              setEditing({ id: null, draft: { name: '', is_active: true, rules: EMPTY_RULES } })
            }
          />
        ) : undefined
      }
    >
      <div className="ld-rule-stats" aria-label="Rule statistics">
        <Tag minimal large>{`${stats.total} ${stats.total === 1 ? 'rule' : 'rules'}`}</Tag>
        <Tag minimal large intent={Intent.SUCCESS}>{`${stats.active} active`}</Tag>
        <Tag minimal large>{`${stats.inactive} off`}</Tag>
        <Tag
          minimal
          large
          intent={Intent.PRIMARY}
        >{`${stats.sent_last_30_days} sends in 30 days`}</Tag>
      </div>
      <div className="ld-rule-filters">
        <HTMLSelect
          aria-label="Trigger"
          value={trigger}
          onChange={(e) => setTrigger(e.target.value)}
          options={[
            { value: '', label: 'All triggers' },
            { value: 'document_processed', label: 'Document processed' },
            { value: 'schedule', label: 'Schedule' },
          ]}
        />
        <InputGroup
          leftIcon="search"
          placeholder="Search by name"
          aria-label="Search rules"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {data.notificationRules.length === 0 ? (
        <NonIdealState icon="notifications" title="No notification rules." />
      ) : (
        <HTMLTable striped interactive style={{ width: '100%' }} aria-label="Notification rules">
          <thead>
            <tr>
              <th>Name</th>
              <th>Trigger</th>
              <th>Delivery</th>
              <th>Recipients</th>
              <th>Last sent</th>
              <th>Active</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.notificationRules.map((rule) => {
              const r = rulesOf(rule.rules);
              const types = r.trigger.metadata.file_types.map(
                (id) => typeName.get(id) ?? 'Unknown',
              );
              const recipients = [
                ...r.recipients.roles.map((role) => `${role}s`),
                ...r.recipients.legal_staff.map((id) => staffName.get(id) ?? 'Unknown staff'),
                ...r.recipients.external_emails,
              ];
              return (
                <tr key={rule.id}>
                  <td>{rule.name}</td>
                  <td>
                    {r.trigger.type === 'schedule'
                      ? `Schedule ${r.trigger.metadata.cron_expression ?? ''}`
                      : `Processed: ${types.length > 0 ? types.join(', ') : 'any type'}`}
                  </td>
                  <td>{r.delivery.map((d) => (d === 'email' ? 'Email' : 'In-app')).join(' + ')}</td>
                  <td>{recipients.join(', ')}</td>
                  <td>{when(rule.last_sent_at)}</td>
                  <td>
                    <Switch
                      aria-label={`Active: ${rule.name}`}
                      checked={rule.is_active}
                      disabled={!canManage}
                      onChange={(e) =>
                        void toggleRule({
                          variables: { id: rule.id, is_active: e.currentTarget.checked },
                        }).catch((err: unknown) =>
                          toastError(describeError(err, ERRORS.TOGGLE_NOTIFICATION_RULE_FAILED)),
                        )
                      }
                    />
                  </td>
                  <td style={{ whiteSpace: 'nowrap' }}>
                    <Button
                      minimal
                      icon="history"
                      text="History"
                      onClick={() => setHistory(rule)}
                    />
                    {canManage ? (
                      <>
                        <Button
                          minimal
                          icon="edit"
                          text="Edit"
                          onClick={() =>
                            setEditing({
                              id: rule.id,
                              draft: { name: rule.name, is_active: rule.is_active, rules: r },
                            })
                          }
                        />
                        <Button
                          minimal
                          icon="trash"
                          intent={Intent.DANGER}
                          aria-label={`Delete ${rule.name}`}
                          onClick={() => setDeleting(rule)}
                        />
                      </>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {editing ? (
        <RuleEditor
          title={editing.id ? 'Edit notification rule' : 'New notification rule'}
          initial={editing.draft}
          fileTypes={data.legalFileTypes}
          staff={data.legalStaff}
          onSubmit={(draft) => save(editing.id, draft)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {history ? <RuleHistory rule={history} onClose={() => setHistory(null)} /> : null}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const rule = deleting;
          setDeleting(null);
          if (rule)
            void deleteRule({ variables: { id: rule.id } }).catch((err: unknown) =>
              toastError(describeError(err, ERRORS.DELETE_NOTIFICATION_RULE_FAILED)),
            );
        }}
      >
        {`Delete the rule "${deleting?.name ?? ''}" and its history?`}
      </Alert>
    </Page>
  );
}
