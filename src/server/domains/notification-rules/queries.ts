/** SQL of notification rules: the filtered list, stats and history. `rules` is JSON text, read as jsonb. */
import { and, desc, eq, gte, ilike, lte, sql, type SQL } from 'drizzle-orm';
import type { RuleFilter } from '../../../shared/notifications/inputs';
import type { Database } from '../../db/connection';
import { notificationSubscription, notificationSubscriptionHistory } from '../../db/schemaNotify';

const rulesJson = sql`(${notificationSubscription.rules})::jsonb`;
const likeEscaped = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterWhere(companyId: string, f: RuleFilter | null | undefined): SQL | undefined {
  const has = (path: string, value: string) =>
    sql`coalesce(${rulesJson} #> ${`{${path}}`}::text[], '[]'::jsonb) @> ${JSON.stringify([value])}::jsonb`;
  return and(
    eq(notificationSubscription.company_id, companyId),
    f?.trigger_type ? sql`${rulesJson} #>> '{trigger,type}' = ${f.trigger_type}` : undefined,
    f?.delivery ? has('delivery', f.delivery) : undefined,
    f?.role ? has('recipients,roles', f.role) : undefined,
    f?.file_type ? has('trigger,metadata,file_types', f.file_type) : undefined,
    f?.frequency
      ? sql`btrim(${rulesJson} #>> '{trigger,metadata,cron_expression}') = ${f.frequency}`
      : undefined,
    f?.search ? ilike(notificationSubscription.name, likeEscaped(f.search)) : undefined,
    f?.created_from ? gte(notificationSubscription.created_at, f.created_from) : undefined,
    f?.created_to ? lte(notificationSubscription.created_at, f.created_to) : undefined,
    f?.external_email ? has('recipients,external_emails', f.external_email) : undefined,
    f?.legal_staff ? has('recipients,legal_staff', f.legal_staff) : undefined,
  );
}

export function createRuleQueries(db: Database) {
  return {
    list(companyId: string, filter: RuleFilter | null | undefined) {
      return db
        .select()
        .from(notificationSubscription)
        .where(filterWhere(companyId, filter))
        .orderBy(desc(notificationSubscription.created_at), desc(notificationSubscription.id));
    },

    async stats(companyId: string) {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          active: sql<number>`(count(*) filter (where ${notificationSubscription.is_active}))::int`,
          document_processed: sql<number>`(count(*) filter (where ${rulesJson} #>> '{trigger,type}' = 'document_processed'))::int`,
          schedule: sql<number>`(count(*) filter (where ${rulesJson} #>> '{trigger,type}' = 'schedule'))::int`,
          email: sql<number>`(count(*) filter (where ${rulesJson} -> 'delivery' @> '["email"]'))::int`,
          in_app: sql<number>`(count(*) filter (where ${rulesJson} -> 'delivery' @> '["in_app"]'))::int`,
        })
        .from(notificationSubscription)
        .where(eq(notificationSubscription.company_id, companyId));
      const [sent] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(notificationSubscriptionHistory)
        .innerJoin(
          notificationSubscription,
          eq(
            notificationSubscription.id,
            notificationSubscriptionHistory.notification_subscription_id,
          ),
        )
        .where(
          and(
            eq(notificationSubscription.company_id, companyId),
            sql`${notificationSubscriptionHistory.created_at} > now() - interval '30 days'`,
          ),
        );
      const r = row ?? {
        total: 0,
        active: 0,
        document_processed: 0,
        schedule: 0,
        email: 0,
        in_app: 0,
      };
      return {
        total: r.total,
        active: r.active,
        inactive: r.total - r.active,
        document_processed: r.document_processed,
        schedule: r.schedule,
        email: r.email,
        in_app: r.in_app,
        sent_last_30_days: sent?.count ?? 0,
      };
    },

    history(ruleId: string, limit: number, offset: number) {
      return db
        .select()
        .from(notificationSubscriptionHistory)
        .where(eq(notificationSubscriptionHistory.notification_subscription_id, ruleId))
        .orderBy(
          desc(notificationSubscriptionHistory.created_at),
          desc(notificationSubscriptionHistory.id),
        )
        .limit(limit)
        .offset(offset);
    },
  };
}
