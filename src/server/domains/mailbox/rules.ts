/**
 * An integration's email filtering rules (spec section 3: "Integration email filtering rules
 * belong to an integration (integrationId, rules)"): each rule matches incoming inbox mail whose
 * from / subject / to contains a text (case-insensitive) and names an action: mark it read, star
 * it, mark it important, or import its PDFs as raw files. Without any `import_pdfs` rule every
 * incoming PDF is imported; with one, only mail matching an `import_pdfs` rule is.
 */
import { mailRulesSchema, type MailRule } from '../../../shared/mailbox/schemas';

export function storedRules(text: string): MailRule[] {
  try {
    const parsed = mailRulesSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export interface RuleSubject {
  from_address: string;
  from_name: string;
  subject: string;
  to_addresses: readonly string[];
}

export function matchingActions(
  rules: readonly MailRule[],
  mail: RuleSubject,
): Set<MailRule['action']> {
  const actions = new Set<MailRule['action']>();
  for (const rule of rules) {
    const needle = rule.contains.toLowerCase();
    const haystack =
      rule.field === 'from'
        ? `${mail.from_name} <${mail.from_address}>`
        : rule.field === 'subject'
          ? mail.subject
          : mail.to_addresses.join(', ');
    if (haystack.toLowerCase().includes(needle)) actions.add(rule.action);
  }
  return actions;
}

export function importsPdfs(rules: readonly MailRule[], actions: ReadonlySet<MailRule['action']>) {
  return !rules.some((rule) => rule.action === 'import_pdfs') || actions.has('import_pdfs');
}

/** The IMAP flags a rule's actions add. */
export function ruleFlags(actions: ReadonlySet<MailRule['action']>): string[] {
  const flags: string[] = [];
  if (actions.has('mark_read')) flags.push('\\Seen');
  if (actions.has('star')) flags.push('\\Flagged');
  if (actions.has('important')) flags.push('$Important');
  return flags;
}
