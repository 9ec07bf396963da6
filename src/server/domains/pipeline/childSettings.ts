/**
 * What the server hands its pipeline child (worker.ts) in LEXDESK_PIPELINE_CHILD: the server's own
 * resolved configuration (so both read the same database, storage, OCR and LLM settings) and the
 * queue timings tests shorten. Parsed with the server's config schema on the way in.
 */
import { z } from 'zod';
import { ConfigSchema, type ServerConfig } from '../../config';
import type { PipelineQueueOptions } from './queue';

export type QueueTimings = Pick<
  PipelineQueueOptions,
  | 'retryDelaySeconds'
  | 'pollingIntervalSeconds'
  | 'maintenanceIntervalSeconds'
  | 'recoverIntervalSeconds'
>;

const seconds = z.number().min(0).optional();
const ChildSettingsSchema = z.strictObject({
  config: ConfigSchema,
  queue: z.strictObject({
    retryDelaySeconds: seconds,
    pollingIntervalSeconds: seconds,
    maintenanceIntervalSeconds: seconds,
    recoverIntervalSeconds: seconds,
  }),
});

export interface ChildSettings {
  config: ServerConfig;
  queue: QueueTimings;
}

export function childSettingsJson(settings: ChildSettings): string {
  return JSON.stringify(settings);
}

export function parseChildSettings(json: string): ChildSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('LEXDESK_PIPELINE_CHILD is not valid JSON');
  }
  const parsed = ChildSettingsSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(`LEXDESK_PIPELINE_CHILD is not a valid configuration: ${parsed.error.message}`);
  return parsed.data;
}
