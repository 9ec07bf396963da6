/**
 * Stages 2 to 5 over the pages of one raw file: split into documents, classify each from its
 * first page, extract its fields from all its pages, match it to a case. Pure apart from the case
 * lookup, which the server answers from the database and the CLI from a JSON file; the same
 * function serves the job worker, `npm run cli -- process` and the evaluation.
 */
import { classifyDocument } from './classify';
import type { LearnedModel } from './classify';
import { extractFields } from './extract';
import type { DataFieldSpec } from './extract/dataFields';
import { fillGaps, type LlmExtractor } from './extract/llm';
import { agreeOnParties } from './extract/consensus';
import { readThroughCase } from './match/correct';
import { inheritFromPrevious } from './match/inherit';
import { matchCase } from './match/matchCase';
import { splitPages } from './split';
import type {
  CaseCandidate,
  ExtractedFields,
  InputKind,
  MatchResult,
  PageText,
  PipelineDocument,
  Taxonomy,
} from './types';

export interface RunContext {
  taxonomy: Taxonomy;
  model?: LearnedModel | undefined;
  /** Cases that could match these fields (the matcher ranks them); none skips matching. */
  findCases?: (fields: ExtractedFields) => Promise<CaseCandidate[]>;
  /**
   * The optional LLM extractor: fills fields the rules left empty, and company data fields. A
   * failure leaves the rule results and is reported through `onError`.
   */
  llm?: {
    extractor: LlmExtractor;
    dataFields: readonly DataFieldSpec[];
    onError: (error: unknown) => void;
  };
}

export interface StageTiming {
  stage: 'split' | 'classify' | 'extract' | 'llm' | 'match';
  ms: number;
}

export interface RunResult {
  documents: PipelineDocument[];
  timings: StageTiming[];
}

/** How much of a document the classifier reads: its first page and the top of the second. */
export function classificationText(pageTexts: readonly string[]): string {
  const [first = '', second] = pageTexts;
  const head = second ? second.split('\n').slice(0, 15).join('\n') : '';
  return [first, head].filter(Boolean).join('\n');
}

export async function runPipeline(
  pages: PageText[],
  kind: InputKind,
  context: RunContext,
): Promise<RunResult> {
  const timings: StageTiming[] = [];
  const timed = <T>(stage: StageTiming['stage'], work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      timings.push({ stage, ms: Math.round(performance.now() - started) });
    }
  };

  // Spreadsheets, audio and video (and single images) are one document, never split.
  const ranges = timed('split', () =>
    kind === 'pdf' || kind === 'docx' || kind === 'doc'
      ? splitPages(pages, { taxonomy: context.taxonomy })
      : [{ startPage: 1, endPage: Math.max(1, pages.length), confidence: 1, cues: ['single'] }],
  );
  const byRange = ranges.map((range) => pages.slice(range.startPage - 1, range.endPage));
  const classifications = timed('classify', () =>
    byRange.map((docPages) =>
      classifyDocument(
        classificationText(docPages.map((page) => page.text)),
        context.taxonomy,
        context.model,
      ),
    ),
  );
  const texts = byRange.map((docPages) => docPages.map((page) => page.text).join('\f'));
  const fields = timed('extract', () => texts.map((text) => extractFields(text)));
  const llmData: Array<Record<string, string>> = texts.map(() => ({}));
  if (context.llm) {
    const { extractor, dataFields, onError } = context.llm;
    const llmStarted = performance.now();
    for (const [index, text] of texts.entries()) {
      const rules = fields[index];
      if (!rules || text.trim() === '') continue;
      try {
        const answer = await extractor.extract(text, dataFields);
        fields[index] = fillGaps(rules, answer.fields);
        llmData[index] = answer.data;
      } catch (error) {
        onError(error);
      }
    }
    timings.push({ stage: 'llm', ms: Math.round(performance.now() - llmStarted) });
  }

  const started = performance.now();
  const own: Array<MatchResult | null> = [];
  const candidates: CaseCandidate[][] = [];
  for (const found of fields) {
    const cases = context.findCases ? await context.findCases(found) : [];
    candidates.push(cases);
    own.push(context.findCases ? matchCase(found, cases) : null);
  }
  const inherited = inheritFromPrevious(
    own.map((match, index) => ({
      match,
      fields: fields[index] ?? extractFields(''),
      text: texts[index] ?? '',
    })),
  );
  // A scanned claim number or applicant that is the chosen case's but for OCR damage is the case's.
  const ocrDocuments = byRange.map((docPages) => docPages.some((page) => page.source === 'ocr'));
  const matches = inherited.map((match, index) => {
    const found = fields[index];
    if (!found) return match;
    const ocr = ocrDocuments[index] ?? false;
    const corrected = readThroughCase(found, match, candidates[index] ?? [], ocr);
    fields[index] = corrected.fields;
    return corrected.match;
  });
  // A scanned party name damaged on one page is read as the file's other pages print it.
  const agreed = agreeOnParties(
    fields.map((found, index) => ({ fields: found, ocr: ocrDocuments[index] ?? false })),
  );
  for (const [index, found] of agreed.entries()) fields[index] = found;
  timings.push({ stage: 'match', ms: Math.round(performance.now() - started) });

  const documents = ranges.map((range, index): PipelineDocument => ({
    ...range,
    classification: classifications[index] ?? {
      typeKey: null,
      confidence: 0,
      alternatives: [],
    },
    fields: fields[index] ?? extractFields(''),
    match: matches[index] ?? null,
    text: texts[index] ?? '',
    llmData: llmData[index] ?? {},
  }));
  return { documents, timings };
}
