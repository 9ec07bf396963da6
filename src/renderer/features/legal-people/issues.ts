/** The field problems of a refused GraphQL write (INVALID_INPUT's issues), by field path. */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { z } from 'zod';

const Issues = z.array(z.object({ path: z.string(), message: z.string() }));

export function fieldIssues(error: unknown): Record<string, string> {
  if (!CombinedGraphQLErrors.is(error)) return {};
  const out: Record<string, string> = {};
  for (const item of error.errors) {
    const parsed = Issues.safeParse(item.extensions?.['issues']);
    if (!parsed.success) continue;
    for (const issue of parsed.data)
      out[issue.path.split('.').pop() ?? issue.path] ??= issue.message;
  }
  return out;
}
