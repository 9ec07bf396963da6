/**
 * The pipeline's optional LLM extractor from the server configuration (LLM_BASE_URL, LLM_MODEL,
 * LLM_API_KEY): undefined when not configured. Failures are logged once per document and never
 * stop a run.
 */
import type { ServerConfig } from '../../config';
import { createLlmExtractor } from '../../pipeline/extract/llm';
import type { ProcessDeps } from './processRawFile';

export function pipelineLlm(
  config: Pick<ServerConfig, 'llm'>,
  warn: (details: Record<string, unknown>, message: string) => void,
): ProcessDeps['llm'] {
  if (!config.llm) return undefined;
  return {
    extractor: createLlmExtractor(config.llm),
    onError: (error, rawFileId) =>
      warn(
        { rawFileId, reason: error instanceof Error ? error.message : String(error) },
        'LLM extractor failed; the rule extractors’ fields are kept',
      ),
  };
}
