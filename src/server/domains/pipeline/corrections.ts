/**
 * Learning from staff: when a person corrects a document's type, the company's first-page model
 * learns that example (addCorrection weighs a correction above an ordinary example) and is saved,
 * so the next run of the pipeline leans towards the person's answer for look-alike documents.
 * The processed-file editing screen (review issue) calls this when the type changes.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { classifierModel, legalProcessedFile } from '../../db/schemaPipeline';
import {
  addCorrection,
  exampleCount,
  parseModel,
  predict,
  serializeModel,
  type LearnedModel,
} from '../../pipeline/classify/model';
import { classificationText } from '../../pipeline/run';

export async function learnTypeCorrection(
  db: Database,
  correction: { companyId: string; processedFileId: string; typeKey: string },
): Promise<{ examples: number; predicted: string | null }> {
  return db.transaction(async (tx) => {
    const [document] = await tx
      .select({ content: legalProcessedFile.content, company_id: legalProcessedFile.company_id })
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, correction.processedFileId));
    if (!document || document.company_id !== correction.companyId)
      throw new Error('processed file not found for this company');
    // The row lock keeps two corrections at once from losing one of them.
    const [row] = await tx
      .select()
      .from(classifierModel)
      .where(eq(classifierModel.company_id, correction.companyId))
      .for('update');
    let current: LearnedModel | undefined;
    try {
      current = row ? parseModel(JSON.stringify(row.model)) : undefined;
    } catch {
      current = undefined; // an unreadable model starts again from this correction
    }
    // The same text the pipeline classified: first page and the top of the second.
    const text = classificationText(document.content.split('\f'));
    const next = addCorrection(current, { text, typeKey: correction.typeKey });
    const stored = JSON.parse(serializeModel(next)) as unknown;
    const examples = Math.round(exampleCount(next));
    await tx
      .insert(classifierModel)
      .values({ company_id: correction.companyId, model: stored, examples })
      .onConflictDoUpdate({
        target: classifierModel.company_id,
        set: { model: stored, examples, updated_at: sql`now()` },
      });
    // What the model alone now says for this document (for logs and tests).
    const ranked = [...predict(next, text).entries()].sort((a, b) => b[1] - a[1]);
    return { examples, predicted: ranked[0]?.[0] ?? null };
  });
}
