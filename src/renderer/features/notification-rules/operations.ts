/** GraphQL operations of the notification rules screen (schema/63-notification-rules.graphql). */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const RULES_SCREEN_QUERY = graphql(`
  query NotificationRulesScreen($company_id: ID!, $filter: NotificationRuleFilter) {
    notificationRules(company_id: $company_id, filter: $filter) {
      id
      name
      rules
      is_active
      last_sent_at
      created_at
    }
    notificationRuleStats(company_id: $company_id) {
      total
      active
      inactive
      sent_last_30_days
    }
    legalFileTypes(company_id: $company_id) {
      id
      name
    }
    legalStaff(company_id: $company_id) {
      id
      display_name
      email
    }
  }
`);
export type RulesScreenData = ResultOf<typeof RULES_SCREEN_QUERY>;
export type RuleItem = RulesScreenData['notificationRules'][number];

export const RULE_HISTORY_QUERY = graphql(`
  query NotificationRuleHistory($id: ID!) {
    notificationRuleHistory(notification_subscription_id: $id, limit: 50) {
      id
      process_file_ids
      file
      recipients
      email_content
      created_at
    }
  }
`);

export const CREATE_RULE = graphql(`
  mutation CreateNotificationRule($input: CreateNotificationRuleInput!) {
    createNotificationRule(input: $input) {
      id
    }
  }
`);

export const UPDATE_RULE = graphql(`
  mutation UpdateNotificationRule($id: ID!, $input: UpdateNotificationRuleInput!) {
    updateNotificationRule(id: $id, input: $input) {
      id
    }
  }
`);

export const TOGGLE_RULE = graphql(`
  mutation ToggleNotificationRule($id: ID!, $is_active: Boolean) {
    toggleNotificationRule(id: $id, is_active: $is_active) {
      id
      is_active
    }
  }
`);

export const DELETE_RULE = graphql(`
  mutation DeleteNotificationRule($id: ID!) {
    deleteNotificationRule(id: $id)
  }
`);
