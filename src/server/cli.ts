/**
 * `npm run cli -- process <file> [--json] [--cases cases.json] [--ocr auto|native|wasm]`: runs the
 * document pipeline on one file without the app or a database and prints the documents found
 * (pages, type and folder, confidences, extracted fields, matched case). Same code as the server's
 * worker: readPages, then runPipeline with the default taxonomy. With LLM_BASE_URL and LLM_MODEL set,
 * the optional LLM extractor fills what the rules miss, as in the server.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createLazyOcrEngine, readPages, PipelineInputError } from './pipeline/pages';
import { loadConfig } from './config';
import { createLlmExtractor, type LlmSettings } from './pipeline/extract/llm';
import { runPipeline } from './pipeline/run';
import { DEFAULT_TAXONOMY } from './pipeline/taxonomy/rules';
import type { CaseCandidate, PipelineDocument } from './pipeline/types';

const USAGE =
  'Usage: npm run cli -- process <file> [--json] [--cases cases.json] [--ocr auto|native|wasm]';

const caseSchema = z.object({
  caseId: z.string().min(1),
  caseNumber: z.string().nullable().default(null),
  name: z.string().nullable().default(null),
  clientName: z.string().nullable().default(null),
  eamsNumber: z.string().nullable().default(null),
  wcabNumber: z.string().nullable().default(null),
  primaryNumber: z.string().nullable().default(null),
  alternateNumber: z.string().nullable().default(null),
  dateOfInjury: z.string().nullable().default(null),
  dateOfIncident: z.string().nullable().default(null),
});

interface CliArgs {
  file: string;
  json: boolean;
  cases?: string;
  ocr: 'auto' | 'native' | 'wasm';
}

export function parseCliArgs(argv: string[]): CliArgs {
  const [command, ...rest] = argv;
  if (command !== 'process') throw new Error(USAGE);
  const args: Partial<CliArgs> & { json: boolean; ocr: CliArgs['ocr'] } = {
    json: false,
    ocr: 'auto',
  };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    if (arg === '--json') args.json = true;
    else if (arg === '--cases') args.cases = rest[(i += 1)];
    else if (arg === '--ocr') {
      const value = rest[(i += 1)];
      if (value !== 'auto' && value !== 'native' && value !== 'wasm') throw new Error(USAGE);
      args.ocr = value;
    } else if (arg.startsWith('--')) throw new Error(`Unknown option ${arg}\n${USAGE}`);
    else if (!args.file) args.file = arg;
    else throw new Error(USAGE);
  }
  if (!args.file || (args.cases === undefined && rest.includes('--cases'))) throw new Error(USAGE);
  return { ...args, file: args.file };
}

async function loadCases(path: string): Promise<CaseCandidate[]> {
  const parsed = z.array(caseSchema).safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path} is not a list of cases: ${parsed.error.message}`);
  return parsed.data;
}

function describe(document: PipelineDocument) {
  const type = DEFAULT_TAXONOMY.types.find((t) => t.key === document.classification.typeKey);
  return {
    start_page_no: document.startPage,
    end_page_no: document.endPage,
    split_confidence: document.confidence,
    document_type: type?.name ?? null,
    document_type_key: document.classification.typeKey,
    folder: type?.folder ?? null,
    type_confidence: document.classification.confidence,
    fields: document.fields,
    match: document.match,
  };
}

export async function processCommand(args: CliArgs, llm?: LlmSettings) {
  const cases = args.cases ? await loadCases(args.cases) : undefined;
  const llmErrors: string[] = [];
  // Made on the first scanned page: a text PDF never starts OCR.
  const ocr = createLazyOcrEngine({ prefer: args.ocr });
  try {
    const pages = await readPages(args.file, { ocr });
    const run = await runPipeline(pages.pages, pages.kind, {
      taxonomy: DEFAULT_TAXONOMY,
      ...(cases ? { findCases: () => Promise.resolve(cases) } : {}),
      ...(llm
        ? {
            llm: {
              extractor: createLlmExtractor(llm),
              dataFields: [],
              onError: (error: unknown) => llmErrors.push((error as Error).message),
            },
          }
        : {}),
    });
    return {
      file: args.file,
      kind: pages.kind,
      pages: pages.pages.length,
      ocr_pages: pages.pages.filter((p) => p.source === 'ocr').length,
      documents: run.documents.map(describe),
      timings: [{ stage: 'pages', ms: pages.ms }, ...run.timings],
      ...(llm ? { llm_errors: llmErrors } : {}),
    };
  } finally {
    await ocr.close();
  }
}

/** The command line's work; scripts/cli.mjs calls it from the prebuilt bundle. */
export async function main(argv: string[] = process.argv.slice(2)): Promise<void> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  try {
    const result = await processCommand(
      args,
      process.env.LLM_BASE_URL ? loadConfig().llm : undefined,
    );
    if (args.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else {
      process.stdout.write(
        `${result.file}: ${result.pages} pages, ${result.documents.length} documents\n`,
      );
      for (const d of result.documents)
        process.stdout.write(
          `  pp. ${d.start_page_no}-${d.end_page_no}  ${d.document_type ?? '(no type)'}  ${d.fields.adjNumbers.join(', ')}\n`,
        );
    }
  } catch (error) {
    const message =
      error instanceof PipelineInputError ? error.message : `Failed: ${(error as Error).message}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) void main();
