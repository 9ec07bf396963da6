/**
 * The optional LLM extractor against a local server speaking the OpenAI chat-completions protocol
 * (the only part that stands in for a third party): the request it sends, grounding of the answer
 * in the document's text, gap filling after the rules, and every failure leaving the rules alone.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAXONOMY } from '../taxonomy/rules';
import { runPipeline } from '../run';
import { extractFields } from './index';
import { createLlmExtractor, fillGaps, groundAnswer, LlmExtractorError } from './llm';

interface Seen {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: Array<{ role: string; content: string }> };
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
/** What the fake endpoint answers next: a status and a body. */
let reply: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };

const completion = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readJson(request).then((body) => {
      seen.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: body as Seen['body'],
      });
      setTimeout(() => {
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = () => ({
  baseUrl,
  model: 'local-model',
  apiKey: 'k-123',
  timeoutMs: 2000,
  maxChars: 5000,
});

const TEXT = [
  'MEDICAL-LEGAL REPORT',
  'Re: Maria Elena Gutierrez vs. Sunrise Packing Company',
  'Employer: Sunrise Packing Company   Carrier reference CLM 4471-22',
  'Injured on or about March 3, 2023 while lifting boxes.',
  'Case ref ADJ 1234567',
].join('\n');

describe('LLM extractor', () => {
  it('given a configured endpoint, when a document is extracted, then it posts a chat completion with the model, key and text', async () => {
    reply = { status: 200, body: completion('{"adj_numbers": []}') };
    await createLlmExtractor(settings()).extract(TEXT, [
      { dataField: 'Employer Name', variable: 'employer_name' },
    ]);
    const last = seen.at(-1)!;
    expect(last.path).toBe('/v1/chat/completions');
    expect(last.authorization).toBe('Bearer k-123');
    expect(last.body.model).toBe('local-model');
    expect(last.body.messages[0]!.content).toContain('"employer_name"');
    expect(last.body.messages[1]!.content).toBe(TEXT);
  });

  it('given an answer with real and invented values, then only values found in the text are kept, normalised', async () => {
    reply = {
      status: 200,
      body: completion(
        '```json\n' +
          JSON.stringify({
            adj_numbers: ['ADJ 1234567', 'ADJ9999999'],
            claim_numbers: 'CLM 4471-22',
            date_of_injury: '03/03/2023',
            applicant: 'Maria Elena Gutierrez',
            defendant: 'Acme Insurance Group',
            data: { employer_name: 'Sunrise Packing Company', policy: 'P-1' },
          }) +
          '\n```',
      ),
    };
    const answer = await createLlmExtractor(settings()).extract(TEXT, []);
    expect(answer.fields.adjNumbers).toEqual(['ADJ1234567']);
    expect(answer.fields.claimNumbers).toEqual(['CLM 4471-22']);
    expect(answer.fields.dateOfInjury).toEqual({ start: '2023-03-03', cumulativeTrauma: false });
    expect(answer.fields.applicant).toBe('Maria Elena Gutierrez');
    expect(answer.fields.defendant).toBeUndefined();
    expect(answer.data).toEqual({ employer_name: 'Sunrise Packing Company' });
  });

  it.each([
    ['an HTTP error', { status: 500, body: { error: 'boom' } }],
    ['a body that is not a completion', { status: 200, body: { nope: true } }],
    ['content that is not JSON', { status: 200, body: completion('I think the ADJ is 1234567') }],
    ['JSON of another shape', { status: 200, body: completion('{"adj_numbers": {"a": 1}}') }],
    ['no answer in time', { status: 200, body: completion('{}'), delayMs: 3000 }],
  ])('given %s, then extraction fails with LlmExtractorError', async (_label, next) => {
    reply = next;
    await expect(createLlmExtractor(settings()).extract(TEXT, [])).rejects.toBeInstanceOf(
      LlmExtractorError,
    );
  });

  it('given rule results, then the model only fills fields the rules left empty', () => {
    const rules = extractFields('ADJ7654321\nApplicant: John Smith');
    const filled = fillGaps(rules, {
      adjNumbers: ['ADJ1111111'],
      claimNumbers: ['C-1'],
      applicant: 'Someone Else',
      dateOfIncident: '2022-01-02',
    });
    expect(filled.adjNumbers).toEqual(['ADJ7654321']);
    expect(filled.claimNumbers).toEqual(['C-1']);
    expect(filled.applicant).toBe(rules.applicant);
    expect(filled.dateOfIncident).toBe('2022-01-02');
  });

  it('given a cumulative-trauma period, then both dates are kept; an end before the start is dropped', () => {
    const base = {
      adj_numbers: [],
      wcab_numbers: [],
      claim_numbers: [],
      case_numbers: [],
      date_of_incident: null,
      applicant: null,
      defendant: null,
      data: {},
    };
    expect(
      groundAnswer(
        { ...base, date_of_injury: '2020-01-01', date_of_injury_end: '2021-06-30' },
        TEXT,
      ).fields.dateOfInjury,
    ).toEqual({ start: '2020-01-01', end: '2021-06-30', cumulativeTrauma: true });
    expect(
      groundAnswer(
        { ...base, date_of_injury: '2020-01-01', date_of_injury_end: '2019-01-01' },
        TEXT,
      ).fields.dateOfInjury,
    ).toEqual({ start: '2020-01-01', cumulativeTrauma: false });
  });

  it('given the pipeline with an LLM, when the rules miss the claim number, then the document gets it; a failing LLM changes nothing', async () => {
    const pages = [{ page: 1, text: TEXT, source: 'text-layer' as const }];
    reply = { status: 200, body: completion('{"claim_numbers": ["CLM 4471-22"]}') };
    const errors: unknown[] = [];
    const llm = {
      extractor: createLlmExtractor(settings()),
      dataFields: [],
      onError: (e: unknown) => errors.push(e),
    };
    const withLlm = await runPipeline(pages, 'pdf', { taxonomy: DEFAULT_TAXONOMY, llm });
    const without = await runPipeline(pages, 'pdf', { taxonomy: DEFAULT_TAXONOMY });
    expect(without.documents[0]!.fields.claimNumbers).toEqual([]);
    expect(withLlm.documents[0]!.fields.claimNumbers).toEqual(['CLM 4471-22']);
    expect(withLlm.timings.map((t) => t.stage)).toContain('llm');

    reply = { status: 503, body: {} };
    const failed = await runPipeline(pages, 'pdf', { taxonomy: DEFAULT_TAXONOMY, llm });
    expect(failed.documents[0]!.fields).toEqual(without.documents[0]!.fields);
    expect(errors).toHaveLength(1);
  });
});
