import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../config';
import { childSettingsJson, parseChildSettings } from './childSettings';

describe('settings handed to the pipeline child', () => {
  it('given a resolved config with S3, an LLM and queue timings, then the child reads back the same', () => {
    const config = ConfigSchema.parse({
      dataDir: '/tmp/lexdesk-data',
      databaseUrl: 'postgres://lexdesk:secret@127.0.0.1:5433/lexdesk',
      pipelineWorkers: 2,
      ocrEngine: 'native',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        bucket: 'files',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: 'false',
      },
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'small' },
    });
    const settings = { config, queue: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } };
    expect(parseChildSettings(childSettingsJson(settings))).toEqual(settings);
  });

  it('given text that is not JSON, or a config with a bad value, then a clear error', () => {
    expect(() => parseChildSettings('{not json')).toThrow(
      /LEXDESK_PIPELINE_CHILD is not valid JSON/,
    );
    const bad = JSON.stringify({ config: { dataDir: '/tmp/x', pipelineWorkers: -1 }, queue: {} });
    expect(() => parseChildSettings(bad)).toThrow(/not a valid configuration.*pipelineWorkers/s);
  });
});
