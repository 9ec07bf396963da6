/**
 * The company switcher of the provider's internal admins and assigned managers: every company they
 * may see (own first). Choosing one puts it in view (workspaceSlice.ts); the navigation and the
 * screens follow it, legal or delivery (product.ts).
 */
import { HTMLSelect } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router-dom';
import { graphql } from '../../../shared/graphql/graphql';
import { useAppDispatch } from '../../app/hooks';
import { activeCompanyChosen } from './workspaceSlice';

export const COMPANY_CHOICES_QUERY = graphql(`
  query CompanyChoices {
    companyChoices {
      id
      name
      is_legal
    }
  }
`);

export function CompanySwitcher({ current, ownId }: { current: string; ownId: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { data } = useQuery(COMPANY_CHOICES_QUERY);
  const choices = data?.companyChoices ?? [];
  if (choices.length < 2) return null;
  return (
    <HTMLSelect
      className="ld-company-switcher"
      aria-label="Company in view"
      data-testid="company-switcher"
      value={current}
      onChange={(event) => {
        const id = event.currentTarget.value;
        dispatch(activeCompanyChosen(id === ownId ? null : id));
        void navigate('/');
      }}
      options={choices.map((c) => ({
        value: c.id,
        label: `${c.name} (${c.is_legal ? 'legal' : 'delivery'})`,
      }))}
    />
  );
}
