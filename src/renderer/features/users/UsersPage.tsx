/** The people of the signed-in user's company, with a search that survives restarts. */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import {
  Button,
  Callout,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { fullName, serverAssetUrl } from '../../app/format';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useServices } from '../../app/services';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { usersSearchChanged } from '../preferences/filters';
import { Avatar } from '../shell/UserMenu';
import { InviteDialog } from './InviteDialog';
import { LEGAL_USER_TYPE_LABELS, USER_TYPE_LABELS } from './labels';
import { USERS_BY_COMPANY_QUERY, type CompanyUser } from './operations';
import { ActivationButton, RoleSelect } from './UserRowActions';

export function matchesSearch(user: CompanyUser, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return `${fullName(user)} ${user.email}`.toLowerCase().includes(needle);
}

export function UsersPage() {
  const viewer = useViewer();
  const { info } = useServices();
  const dispatch = useAppDispatch();
  const search = useAppSelector((state) => state.filters.users.search);
  const companyId = viewer?.company.id ?? '';
  const canManage = viewer?.can_manage_company ?? false;
  const [inviting, setInviting] = useState(false);
  const [actionFailure, setActionFailure] = useState<string | null>(null);
  const { data, error, loading } = useQuery(USERS_BY_COMPANY_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const users = data?.usersByCompany ?? [];
  const shown = users.filter((user) => matchesSearch(user, search));

  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, PRODUCT_ERRORS.FETCH_USERS_FAILED)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading users" />;
  } else if (users.length === 0) {
    body = <NonIdealState icon="people" title={ERRORS.NO_USERS} className="ld-empty" />;
  } else if (shown.length === 0) {
    body = (
      <NonIdealState
        icon="search"
        title={`No users match “${search.trim()}”.`}
        className="ld-empty"
      />
    );
  } else {
    body = (
      <div className="ld-table-frame">
        <HTMLTable className="ld-table" striped interactive={false}>
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>User type</th>
              <th>{canManage ? 'Role' : 'Legal user type'}</th>
              {canManage ? <th>Access</th> : null}
            </tr>
          </thead>
          <tbody>
            {shown.map((user) => (
              <tr key={user.id}>
                <td>
                  <span className="ld-person">
                    <Avatar
                      person={user}
                      imageUrl={serverAssetUrl(info.serverUrl, user.avatar)}
                      size={26}
                    />
                    <span>{fullName(user)}</span>
                    {user.is_deactivated ? (
                      <Tag minimal intent={Intent.DANGER}>
                        Deactivated
                      </Tag>
                    ) : null}
                    {!user.is_deactivated && !user.is_approved ? (
                      <Tag minimal intent={Intent.WARNING}>
                        Awaiting approval
                      </Tag>
                    ) : null}
                  </span>
                </td>
                <td>{user.email}</td>
                <td>{USER_TYPE_LABELS[user.user_type.name]}</td>
                <td>
                  {canManage ? (
                    <RoleSelect user={user} onFailure={setActionFailure} />
                  ) : user.legal_user_type ? (
                    LEGAL_USER_TYPE_LABELS[user.legal_user_type]
                  ) : (
                    <span className="ld-muted">—</span>
                  )}
                </td>
                {canManage ? (
                  <td>
                    <ActivationButton user={user} onFailure={setActionFailure} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  }

  const actions = (
    <>
      <InputGroup
        type="search"
        leftIcon="search"
        placeholder="Search by name or email"
        aria-label="Search users"
        value={search}
        onValueChange={(value) => dispatch(usersSearchChanged(value))}
      />
      {canManage ? (
        <Button icon="new-person" intent={Intent.PRIMARY} onClick={() => setInviting(true)}>
          Invite person
        </Button>
      ) : null}
    </>
  );

  const subtitle = data
    ? `${users.length} ${users.length === 1 ? 'person' : 'people'} at ${viewer?.company.name ?? 'your company'}`
    : undefined;
  return (
    <Page title="Users" subtitle={subtitle} actions={actions}>
      {actionFailure ? (
        <Callout
          className="ld-callout"
          intent={Intent.DANGER}
          icon="error"
          role="alert"
          title={actionFailure}
        >
          <Button variant="minimal" size="small" onClick={() => setActionFailure(null)}>
            Dismiss
          </Button>
        </Callout>
      ) : null}
      {body}
      {canManage ? (
        <InviteDialog
          companyId={companyId}
          dateFormat={viewer?.company.date_format ?? DEFAULT_DATE_FORMAT}
          isOpen={inviting}
          onClose={() => setInviting(false)}
        />
      ) : null}
    </Page>
  );
}
