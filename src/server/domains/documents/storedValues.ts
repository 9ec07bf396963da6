/** How stored document values read in answers: recommended cases and days. */
import { z } from 'zod';

const recommendedEntry = z.object({
  caseId: z.string(),
  score: z.number(),
  reasons: z.array(z.string()).default([]),
});

/** The stored [{caseId, score, reasons}] (entries that do not fit are skipped). */
export function parseRecommended(
  stored: unknown,
): Array<{ case_id: string; score: number; reasons: string[] }> {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((entry) => {
    const parsed = recommendedEntry.safeParse(entry);
    return parsed.success
      ? [{ case_id: parsed.data.caseId, score: parsed.data.score, reasons: parsed.data.reasons }]
      : [];
  });
}

/** A date column as YYYY-MM-DD (drizzle gives strings; raw SQL may give Dates). */
export function dayString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
