/**
 * The delivery side of the demo: talent of every talent type (with pay rates and reporting lines),
 * projects of the customer company and of the provider with teams, a referral, tech stacks (access
 * tokens encrypted like the app does), environments and a request with tasks in every status
 * (demoTasks.ts), so each delivery role has something to see and a board to try.
 */
import type { DatabaseExecutor } from '../db/connection';
import {
  environment,
  project,
  projectTechStack,
  projectTeamMember,
  referral,
  talent,
} from '../db/schemaDelivery';
import { userProfile } from '../db/schema';
import { eq } from 'drizzle-orm';
import { createFileRepository } from '../domains/files/repository';
import { createTokenCipher, tokenHint } from '../crypto/tokenCipher';
import type { Database } from '../db/connection';
import { seedDemoRequests } from './demoRequests';
import { seedDemoTasks } from './demoTasks';

/** Provider people by demo key (admin, pm, techlead, qa, dev, architect, em, designer). */
export type DeliveryPeople = Record<string, string>;

const TALENT: Array<{
  key: string;
  type: number;
  pay: number;
  reports?: string;
  hubstaff: string;
}> = [
  { key: 'techlead', type: 1, pay: 7500, reports: 'pm', hubstaff: 'hs-1001' },
  { key: 'em', type: 2, pay: 8000, reports: 'admin', hubstaff: 'hs-1002' },
  { key: 'dev', type: 3, pay: 4800, reports: 'techlead', hubstaff: 'hs-1003' },
  { key: 'architect', type: 4, pay: 9000, reports: 'em', hubstaff: 'hs-1004' },
  { key: 'qa', type: 5, pay: 3800, reports: 'techlead', hubstaff: 'hs-1005' },
  { key: 'pm', type: 6, pay: 6000, reports: 'admin', hubstaff: 'hs-1006' },
  { key: 'designer', type: 7, pay: 4500, reports: 'pm', hubstaff: 'hs-1007' },
];

export async function seedDemoDelivery(
  tx: DatabaseExecutor,
  ids: { provider: string; customer: string; customerOwner: string; people: DeliveryPeople },
): Promise<void> {
  const person = (key: string) => {
    const id = ids.people[key];
    if (!id) throw new Error(`demo person ${key} missing`);
    return id;
  };
  for (const t of TALENT) {
    const [row] = await tx
      .insert(talent)
      .values({
        user_profile_id: person(t.key),
        company_id: ids.provider,
        talent_type_id: t.type,
        pay_rate: t.pay,
        reporting_to: t.reports ? person(t.reports) : null,
        hubstaff_id: t.hubstaff,
        linkedin_url: `https://www.linkedin.com/in/northwind-${t.key}`,
      })
      .returning({ id: talent.id });
    if (row)
      await tx
        .update(userProfile)
        .set({ talent_id: row.id })
        .where(eq(userProfile.id, person(t.key)));
  }

  const cipher = createTokenCipher(
    await createFileRepository(tx as Database).secret('project_token_key'),
  );
  const projects = [
    {
      name: 'Fleet tracking portal',
      company: ids.customer,
      team: [
        ['pm', 6],
        ['techlead', 1],
        ['dev', 3],
        ['qa', 5],
        ['designer', 7],
      ] as const,
      stacks: [
        {
          stack: 1,
          codebase: 'https://github.com/lakeside/fleet-portal',
          token: 'ghp_demoFleetPortalToken4821',
          envs: [
            ['staging', 'develop'],
            ['production', 'main'],
          ],
        },
      ],
    },
    {
      name: 'Warehouse scanner app',
      company: ids.customer,
      team: [
        ['techlead', 1],
        ['dev', 3],
        ['architect', 4],
      ] as const,
      stacks: [
        {
          stack: 2,
          codebase: 'https://gitlab.com/lakeside/scanner',
          token: null,
          envs: [['qa', 'release/2.3']],
        },
      ],
    },
    {
      name: 'Delivery tooling',
      company: ids.provider,
      team: [
        ['em', 2],
        ['pm', 6],
        ['qa', 5],
      ] as const,
      stacks: [],
    },
  ];
  for (const p of projects) {
    const [row] = await tx
      .insert(project)
      .values({ name: p.name, company_id: p.company, tech_lead_id: person('techlead') })
      .returning({ id: project.id });
    if (!row) throw new Error('demo project insert returned no row');
    for (const [key, type] of p.team)
      await tx
        .insert(projectTeamMember)
        .values({ project_id: row.id, user_profile_id: person(key), talent_type_id: type });
    for (const s of p.stacks) {
      const [stack] = await tx
        .insert(projectTechStack)
        .values({
          project_id: row.id,
          tech_stack_id: s.stack,
          codebase: s.codebase,
          access_token_encrypted: s.token ? cipher.encrypt(s.token) : null,
          access_token_hint: s.token ? tokenHint(s.token) : null,
        })
        .returning({ id: projectTechStack.id });
      for (const [env, branch] of s.envs as Array<[string, string]>)
        await tx
          .insert(environment)
          .values({ project_tech_stack_id: stack!.id, environment: env, branch });
    }
    if (p.company === ids.customer && p.name.startsWith('Fleet')) {
      await seedDemoTasks(tx, {
        company: p.company,
        project: row.id,
        people: {
          pm: person('pm'),
          techlead: person('techlead'),
          dev: person('dev'),
          qa: person('qa'),
        },
      });
      await seedDemoRequests(tx, {
        company: p.company,
        project: row.id,
        customer: ids.customerOwner,
        pm: person('pm'),
      });
      await tx.insert(referral).values({
        project_id: row.id,
        refered_by_id: ids.customerOwner,
        name: 'Jordan Reyes',
        email: 'jordan.reyes@example.test',
      });
    }
  }
}
