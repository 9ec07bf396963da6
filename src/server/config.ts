/**
 * Server configuration: environment variables over an optional JSON config file, parsed with zod.
 * The file is LEXDESK_CONFIG when set, else <DATA_DIR>/config.json when it exists; its keys are
 * the camelCase names below (port, host, dataDir, databaseUrl, logLevel, uploadMaxBytes, corsOrigins,
 * publicUrl). Environment variables win over the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce.number().int().min(0, 'must be 0..65535').max(65535, 'must be 0..65535');

export const ConfigSchema = z.strictObject({
  port: port.default(4000),
  host: z.string().min(1).default('127.0.0.1'),
  dataDir: z.string().min(1),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  logLevel: z.enum(LOG_LEVELS).default('info'),
  uploadMaxBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** Largest raw legal file (scanned bundles are big; they stream to disk, never into memory). */
  rawFileMaxBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 ** 3),
  /**
   * Browser origins allowed to call the API. 'loopback' (the default) allows http(s) origins on
   * localhost/127.0.0.1/[::1] and the desktop's app:// scheme; '*' allows every origin.
   */
  corsOrigins: z.array(z.string().min(1)).default(['loopback']),
  /** Absolute origin used for file links; when absent, the request's own origin is used. */
  publicUrl: z.url().optional(),
  /** Incomplete resumable uploads (tus) expire after this many seconds (default 24 h). */
  uploadExpirationSeconds: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 3600),
  /** Slack-compatible incoming webhook for upload success/failure alerts; none when unset. */
  slackWebhookUrl: z.url().optional(),
  /** The fixed channel named in each alert. */
  uploadAlertChannel: z.string().min(1).default('#lexdesk-uploads'),
  /** Session lifetime in hours. */
  sessionTtlHours: z.coerce
    .number()
    .positive()
    .default(24 * 30),
});

export type ServerConfig = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function describeIssues(error: z.ZodError, source: string): string {
  const lines = error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`,
  );
  return `Invalid LexDesk configuration (${source}):\n${lines.join('\n')}`;
}

function readConfigFile(path: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read the config file ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ConfigError(`The config file ${path} must hold a JSON object.`);
    }
    return parsed as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`The config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

function fromEnv(env: Env): Record<string, unknown> {
  const pick: Record<string, unknown> = {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    rawFileMaxBytes: env.RAW_FILE_MAX_BYTES,
    corsOrigins: env.CORS_ORIGINS?.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    publicUrl: env.PUBLIC_URL,
    sessionTtlHours: env.SESSION_TTL_HOURS,
    uploadExpirationSeconds: env.UPLOAD_EXPIRATION_SECONDS,
    slackWebhookUrl: env.SLACK_WEBHOOK_URL,
    uploadAlertChannel: env.UPLOAD_ALERT_CHANNEL,
  };
  return Object.fromEntries(
    Object.entries(pick).filter(([, value]) => value !== undefined && value !== ''),
  );
}

/** Reads and validates the configuration; throws ConfigError with every problem listed. */
export function loadConfig(env: Env = process.env): ServerConfig {
  const envValues = fromEnv(env);
  const defaultDataDir = join(homedir(), '.lexdesk');
  const dataDirGuess = typeof envValues.dataDir === 'string' ? envValues.dataDir : defaultDataDir;
  const filePath = env.LEXDESK_CONFIG ?? join(dataDirGuess, 'config.json');
  const fileValues = env.LEXDESK_CONFIG || existsSync(filePath) ? readConfigFile(filePath) : {};
  const merged = { dataDir: defaultDataDir, ...fileValues, ...envValues };
  const result = ConfigSchema.safeParse(merged);
  if (!result.success) {
    const source =
      Object.keys(fileValues).length > 0 ? `environment and ${filePath}` : 'environment';
    throw new ConfigError(describeIssues(result.error, source));
  }
  return { ...result.data, dataDir: resolve(result.data.dataDir) };
}
