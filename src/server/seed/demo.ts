/**
 * The demo data set (`npm run demo`, `npm run server -- --demo`, LEXDESK_DEMO=1): a provider
 * company with its delivery team, the law firm "Harbor & Vine Workers' Comp LLP" with every
 * company-side and legal user type, a second customer company, the firm's task requests to the
 * delivery team (demoTaskRequests.ts), and some notifications.
 * Idempotent: nothing is added when the law firm already exists.
 * Only this slice's tables are seeded; document types, folders and cases arrive with their issues.
 */
import { upsertCases } from '../domains/pipeline/cases';
import { ensureCompanyTaxonomy } from '../domains/pipeline/taxonomy';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { APP_PATHS } from '../../shared/routes';
import { company, notification, type LegalUserTypeName, type UserTypeName } from '../db/schema';
import { assignCompanies, insertCompany, insertUser } from './accounts';
import { DEMO_CASES } from './demoCases';
import { seedDemoDelivery } from './demoDelivery';
import { seedDemoPeople } from './demoPeople';
import { seedDemoTaskRequests } from './demoTaskRequests';

export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_LAW_FIRM = "Harbor & Vine Workers' Comp LLP";

export interface DemoAccount {
  email: string;
  role: string;
  company: string;
}

interface DemoUser {
  key: string;
  first: string;
  last: string;
  type: UserTypeName;
  legal?: LegalUserTypeName;
}

const PROVIDER_USERS: DemoUser[] = [
  { key: 'admin', first: 'Irene', last: 'Adler', type: 'internal_admin' },
  { key: 'manager', first: 'Marcus', last: 'Hale', type: 'internal_manager' },
  { key: 'pm', first: 'Priya', last: 'Menon', type: 'project_manager' },
  { key: 'techlead', first: 'Tomas', last: 'Lind', type: 'tech_lead' },
  { key: 'qa', first: 'Quinn', last: 'Avery', type: 'qa' },
  { key: 'dev', first: 'Dev', last: 'Okafor', type: 'developer' },
  { key: 'architect', first: 'Ana', last: 'Strand', type: 'talent' },
  { key: 'em', first: 'Eli', last: 'Brandt', type: 'talent' },
  { key: 'designer', first: 'Dana', last: 'Moss', type: 'developer' },
];
const FIRM_USERS: DemoUser[] = [
  { key: 'admin', first: 'Helen', last: 'Harbor', type: 'customer', legal: 'admin' },
  { key: 'attorney', first: 'Victor', last: 'Vine', type: 'user', legal: 'attorney' },
  { key: 'paralegal', first: 'Paula', last: 'Reyes', type: 'user', legal: 'paralegal' },
  { key: 'staff', first: 'Sam', last: 'Ortiz', type: 'user', legal: 'staff' },
];
const CUSTOMER_USERS: DemoUser[] = [
  { key: 'owner', first: 'Olivia', last: 'Lake', type: 'customer' },
  { key: 'user', first: 'Uma', last: 'Side', type: 'user' },
];

export async function seedDemo(
  db: Database,
): Promise<{ created: boolean; accounts: DemoAccount[] }> {
  const existing = await db
    .select({ id: company.id })
    .from(company)
    .where(eq(company.name, DEMO_LAW_FIRM))
    .limit(1);
  if (existing.length > 0) return { created: false, accounts: [] };

  return db.transaction(async (tx) => {
    const accounts: DemoAccount[] = [];
    async function addUsers(
      companyId: string,
      companyName: string,
      domain: string,
      users: DemoUser[],
    ) {
      const ids: Record<string, string> = {};
      for (const u of users) {
        const email = `${u.key}@${domain}`;
        const row = await insertUser(tx, {
          companyId,
          email,
          password: DEMO_PASSWORD,
          firstName: u.first,
          lastName: u.last,
          userType: u.type,
          legalUserType: u.legal ?? null,
        });
        ids[u.key] = row.id;
        accounts.push({
          email,
          role: u.legal ? `${u.type} / ${u.legal}` : u.type,
          company: companyName,
        });
      }
      return ids;
    }

    const provider = await insertCompany(tx, {
      name: 'Northwind Delivery',
      domain: 'northwind.example',
      is_provider: true,
    });
    const firm = await insertCompany(tx, {
      name: DEMO_LAW_FIRM,
      domain: 'harborvine.example',
      is_legal: true,
      date_format: 'MM/DD/YYYY',
      crm_type: 'litify',
    });
    const customer = await insertCompany(tx, {
      name: 'Lakeside Logistics',
      domain: 'lakeside.example',
      date_format: 'DD/MM/YYYY',
    });

    const team = await addUsers(provider.id, provider.name, 'northwind.example', PROVIDER_USERS);
    const lawyers = await addUsers(firm.id, firm.name, 'harborvine.example', FIRM_USERS);
    const lakeside = await addUsers(customer.id, customer.name, 'lakeside.example', CUSTOMER_USERS);
    await assignCompanies(tx, team.manager!, [firm.id, customer.id]);
    await seedDemoDelivery(tx, {
      provider: provider.id,
      customer: customer.id,
      customerOwner: lakeside.owner!,
      people: team,
    });

    const notes = [
      {
        to: lawyers.admin!,
        from: team.pm!,
        company: firm.id,
        module: 'task_request',
        redirect: '/notifications',
        content: 'Your task request "Import 2019 claim files" is now In Progress.',
      },
      {
        to: lawyers.paralegal!,
        from: lawyers.attorney!,
        company: firm.id,
        module: 'documents',
        redirect: '/notifications',
        content: 'Please review the new QME report for the Alvarez case.',
      },
      {
        to: lawyers.attorney!,
        from: lawyers.admin!,
        company: firm.id,
        module: 'settings',
        redirect: APP_PATHS.company,
        content: 'The company date format is now MM/DD/YYYY.',
      },
      {
        to: lakeside.owner!,
        from: team.pm!,
        company: customer.id,
        module: 'task_request',
        redirect: '/notifications',
        content: 'Sprint review scheduled for Friday.',
      },
      {
        to: team.manager!,
        from: lawyers.admin!,
        company: provider.id,
        module: 'task_request',
        redirect: '/notifications',
        content: 'Harbor & Vine filed a new task request.',
      },
    ];
    // The firm's document types and a few open cases, so uploaded bundles are typed and matched.
    await ensureCompanyTaxonomy(tx, firm.id);
    await upsertCases(
      tx,
      DEMO_CASES.map((c) => ({ ...c, company_id: firm.id })),
    );
    await seedDemoPeople(tx, { id: firm.id, crmType: 'litify', domain: 'harborvine.example' });
    await seedDemoTaskRequests(tx, {
      firm: firm.id,
      provider: provider.id,
      admin: lawyers.admin!,
      attorney: lawyers.attorney!,
      paralegal: lawyers.paralegal!,
      manager: team.manager!,
      pm: team.pm!,
    });
    const now = Date.now();
    for (const [index, n] of notes.entries()) {
      await tx.insert(notification).values({
        created_at: new Date(now - index * 17 * 60_000), // spread out, newest first as listed
        content: n.content,
        receiver_id: n.to,
        sender_id: n.from,
        company_id: n.company,
        module: n.module,
        redirect: n.redirect,
      });
    }
    return { created: true, accounts };
  });
}

export function describeDemoAccounts(accounts: DemoAccount[]): string {
  const lines = accounts.map((a) => `  ${a.email.padEnd(32)} ${a.role.padEnd(28)} ${a.company}`);
  return [`Demo accounts (password for all: ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
