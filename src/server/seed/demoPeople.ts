/**
 * The demo law firm's legal people, data fields and activity types, so the Legal people, Data
 * extraction and Activity types screens have content: three teams, roles of its CRM with the
 * CRM's names for them, staff (one of them the demo paralegal, so the connection check shows a
 * connected person), two contacts, four data fields (one switched off) and the CRM's activity types.
 */
import type { DatabaseExecutor } from '../db/connection';
import { dataFieldPrompts, legalCompanyDataForExtraction } from '../db/schemaPipeline';
import {
  legalActivityType,
  legalContact,
  legalRole,
  legalStaff,
  legalTeam,
} from '../db/schemaPeople';

export async function seedDemoPeople(
  tx: DatabaseExecutor,
  firm: { id: string; crmType: string; domain: string },
): Promise<void> {
  const teams = await tx
    .insert(legalTeam)
    .values(
      ['Intake', 'Litigation', 'Medical Records'].map((name) => ({ name, company_id: firm.id })),
    )
    .returning();
  const teamId = (name: string) => teams.find((t) => t.name === name)!.id;
  const roles = await tx
    .insert(legalRole)
    .values(
      [
        ['Attorney', 'Responsible Attorney'],
        ['Case Manager', null],
        ['Paralegal', 'Case Assistant'],
        ['Records Clerk', 'Medical Records Specialist'],
      ].map(([name, convention]) => ({
        name: name!,
        crm_role_convention: convention ?? null,
        legal_crm: firm.crmType,
        company_id: firm.id,
      })),
    )
    .returning();
  const roleId = (name: string) => roles.find((r) => r.name === name)!.id;
  const staff: Array<[string, string, string, string, string]> = [
    ['Victor', 'Vine', `attorney@${firm.domain}`, 'Attorney', 'Litigation'],
    ['Paula', 'Reyes', `paralegal@${firm.domain}`, 'Paralegal', 'Litigation'],
    ['Marisol', 'Ortega', 'marisol.ortega@harborvine-staff.example', 'Case Manager', 'Intake'],
    [
      'Dwayne',
      'Okoro',
      'dwayne.okoro@harborvine-staff.example',
      'Records Clerk',
      'Medical Records',
    ],
    ['Grace', 'Liu', 'grace.liu@harborvine-staff.example', 'Paralegal', 'Intake'],
  ];
  await tx.insert(legalStaff).values(
    staff.map(([first, last, email, role, team]) => ({
      company_id: firm.id,
      first_name: first,
      last_name: last,
      display_name: `${first} ${last}`,
      email,
      role_id: roleId(role),
      legal_team_id: teamId(team),
    })),
  );
  await tx.insert(legalContact).values([
    {
      company_id: firm.id,
      name: 'Janet Pruitt',
      first_name: 'Janet',
      last_name: 'Pruitt',
      primary_email: 'jpruitt@pacificmutual.example',
      contact_id: 'CON-20418',
      legal_team_id: teamId('Litigation'),
      is_invited: true,
    },
    {
      company_id: firm.id,
      name: 'Dr. Samuel Whitaker',
      first_name: 'Samuel',
      last_name: 'Whitaker',
      primary_email: 'records@whitakerortho.example',
      contact_id: 'CON-20533',
      legal_team_id: teamId('Medical Records'),
    },
  ]);
  const fields = await tx
    .insert(dataFieldPrompts)
    .values(
      [
        ['Employer Name', 'employer_name'],
        ['Insurance Carrier', 'insurance_carrier'],
        ['Claims Adjuster', 'claims_adjuster'],
        ['Body Parts Injured', 'body_parts_injured'],
      ].map(([data_field, variable]) => ({
        company_id: firm.id,
        data_field: data_field!,
        data_field_variable: variable!,
      })),
    )
    .returning();
  await tx.insert(legalCompanyDataForExtraction).values(
    fields.map((f) => ({
      company_id: firm.id,
      data_field_id: f.id,
      is_active: f.data_field_variable !== 'body_parts_injured',
    })),
  );
  await tx.insert(legalActivityType).values(
    [
      ['ACT-1', 'Phone call', true, true],
      ['ACT-2', 'Email', true, true],
      ['ACT-3', 'Document review', true, true],
      ['ACT-4', 'Court appearance', false, true],
      ['ACT-5', 'Internal note', true, false],
    ].map(([id, title, deletable, viewable]) => ({
      company_id: firm.id,
      crm_type: firm.crmType,
      crm_activity_type_id: id as string,
      title: title as string,
      is_deletable: deletable as boolean,
      is_viewable: viewable as boolean,
    })),
  );
}
