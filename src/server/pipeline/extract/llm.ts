/**
 * The optional LLM extractor: asks an OpenAI-compatible chat-completions endpoint (LLM_BASE_URL,
 * LLM_MODEL, LLM_API_KEY) for a document's fields as JSON and uses the answer only to fill what
 * the rule extractors left empty. The rules stay first because they are exact where they fire;
 * the model helps with unusual layouts. Nothing the model says is taken unless it can be found in
 * the document's own text (numbers compared without spaces or dashes, names and values compared
 * case-insensitively), so a made-up number never reaches a case match. Any failure (timeout,
 * HTTP error, unparsable answer) leaves the rule results as they were.
 */
import { z } from 'zod';
import type { ExtractedFields } from '../types';
import { normaliseAdj } from './adj';
import { parseDate } from './dates';
import type { DataFieldSpec } from './dataFields';
import { cleanText } from './ocr';
import { normaliseWcab } from './wcab';

export interface LlmSettings {
  /** e.g. http://127.0.0.1:11434/v1 (the part before /chat/completions) */
  baseUrl: string;
  model: string;
  apiKey?: string | undefined;
  timeoutMs: number;
  /** The document text sent is cut to this many characters. */
  maxChars: number;
}

export interface LlmAnswer {
  fields: Partial<ExtractedFields>;
  /** Company data-field values by variable. */
  data: Record<string, string>;
}

export interface LlmExtractor {
  extract(text: string, dataFields: readonly DataFieldSpec[]): Promise<LlmAnswer>;
}

export class LlmExtractorError extends Error {
  override name = 'LlmExtractorError';
}

const stringList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()])), z.null()])
  .optional()
  .transform((value) =>
    value == null ? [] : (Array.isArray(value) ? value : [value]).map(String).filter(Boolean),
  );
const optionalString = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value == null ? null : String(value).trim() || null));

/** The JSON object the model is asked for (lenient: single values or lists, nulls). */
const answerSchema = z.object({
  adj_numbers: stringList,
  wcab_numbers: stringList,
  claim_numbers: stringList,
  case_numbers: stringList,
  date_of_injury: optionalString,
  date_of_injury_end: optionalString,
  date_of_incident: optionalString,
  applicant: optionalString,
  defendant: optionalString,
  data: z
    .record(z.string(), z.union([z.string(), z.number(), z.null()]))
    .optional()
    .transform((record) => record ?? {}),
});

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

function prompt(dataFields: readonly DataFieldSpec[]): string {
  const data =
    dataFields.length === 0
      ? '"data": {}'
      : `"data": {${dataFields.map((f) => `"${f.variable}": <${f.dataField} or null>`).join(', ')}}`;
  return [
    "You read one document from a California workers' compensation file and return its fields as a JSON object, nothing else.",
    'Copy values exactly as printed in the document. Use null or [] when a value is not in the document; never guess.',
    'Keys: "adj_numbers" (EAMS case numbers like ADJ1234567), "wcab_numbers", "claim_numbers", "case_numbers" (lists),',
    '"date_of_injury" and "date_of_injury_end" (a cumulative-trauma period has both; YYYY-MM-DD), "date_of_incident",',
    `"applicant" (the injured worker), "defendant" (employer or insurer), ${data}.`,
  ].join(' ');
}

/** Letters and digits only, upper case: how numbers are compared with the text. */
const squash = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
const words = (s: string) => cleanText(s).toLowerCase().replace(/\s+/g, ' ').trim();

/** Keeps only what can be found in the text, in the rule extractors' normal forms. */
export function groundAnswer(answer: z.output<typeof answerSchema>, text: string): LlmAnswer {
  const squashed = squash(text);
  const spaced = words(text);
  const inText = (value: string) => squash(value).length >= 3 && squashed.includes(squash(value));
  const numbers = (values: string[], normalise: (v: string) => string | null) => [
    ...new Set(
      values
        .filter(inText)
        .map(normalise)
        .filter((v): v is string => v !== null),
    ),
  ];
  const phrase = (value: string | null) =>
    value && words(value).length >= 2 && spaced.includes(words(value)) ? value.trim() : null;
  const date = (value: string | null) => (value ? parseDate(value) : null);

  const fields: Partial<ExtractedFields> = {};
  const adj = numbers(answer.adj_numbers, normaliseAdj);
  if (adj.length > 0) fields.adjNumbers = adj;
  const wcab = numbers(answer.wcab_numbers, normaliseWcab);
  if (wcab.length > 0) fields.wcabNumbers = wcab;
  const claims = numbers(answer.claim_numbers, (v) => v.trim());
  if (claims.length > 0) fields.claimNumbers = claims;
  const cases = numbers(answer.case_numbers, (v) => v.trim());
  if (cases.length > 0) fields.caseNumbers = cases;
  const start = date(answer.date_of_injury);
  if (start) {
    const end = date(answer.date_of_injury_end);
    fields.dateOfInjury =
      end && end > start
        ? { start, end, cumulativeTrauma: true }
        : { start, cumulativeTrauma: false };
  }
  const incident = date(answer.date_of_incident);
  if (incident) fields.dateOfIncident = incident;
  const applicant = phrase(answer.applicant);
  if (applicant) fields.applicant = applicant;
  const defendant = phrase(answer.defendant);
  if (defendant) fields.defendant = defendant;

  const data: Record<string, string> = {};
  for (const [variable, value] of Object.entries(answer.data)) {
    if (value == null) continue;
    const text = String(value).trim();
    if (text && spaced.includes(words(text))) data[variable] = text.slice(0, 500);
  }
  return { fields, data };
}

/** Rule results first; the model only fills empty fields. */
export function fillGaps(rules: ExtractedFields, llm: Partial<ExtractedFields>): ExtractedFields {
  return {
    adjNumbers: rules.adjNumbers.length > 0 ? rules.adjNumbers : (llm.adjNumbers ?? []),
    wcabNumbers: rules.wcabNumbers.length > 0 ? rules.wcabNumbers : (llm.wcabNumbers ?? []),
    claimNumbers: rules.claimNumbers.length > 0 ? rules.claimNumbers : (llm.claimNumbers ?? []),
    caseNumbers: rules.caseNumbers.length > 0 ? rules.caseNumbers : (llm.caseNumbers ?? []),
    dateOfInjury: rules.dateOfInjury ?? llm.dateOfInjury ?? null,
    dateOfIncident: rules.dateOfIncident ?? llm.dateOfIncident ?? null,
    applicant: rules.applicant ?? llm.applicant ?? null,
    defendant: rules.defendant ?? llm.defendant ?? null,
    defendants:
      rules.defendants.length > 0
        ? rules.defendants
        : rules.defendant === null && llm.defendant
          ? [llm.defendant]
          : rules.defendants,
  };
}

/** Reads the model's message: a JSON object, possibly wrapped in a ```json fence. */
function parseContent(content: string): z.output<typeof answerSchema> {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  const body = (fenced?.[1] ?? content).trim();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new LlmExtractorError('the model did not answer with JSON');
  }
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) throw new LlmExtractorError('the model answered JSON of another shape');
  return parsed.data;
}

export function createLlmExtractor(
  settings: LlmSettings,
  fetchImpl: typeof fetch = fetch,
): LlmExtractor {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async extract(text, dataFields) {
      const response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: prompt(dataFields) },
            { role: 'user', content: text.slice(0, settings.maxChars) },
          ],
        }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      }).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new LlmExtractorError(`the LLM endpoint did not answer: ${reason}`);
      });
      if (!response.ok)
        throw new LlmExtractorError(`the LLM endpoint answered HTTP ${response.status}`);
      const completion = completionSchema.safeParse(await response.json().catch(() => null));
      if (!completion.success)
        throw new LlmExtractorError(
          'the LLM endpoint answered something other than a chat completion',
        );
      const content = completion.data.choices[0]?.message.content ?? '';
      return groundAnswer(parseContent(content), text);
    },
  };
}
