/**
 * Server configuration: environment variables over an optional JSON config file, parsed with zod.
 * The file is LEXDESK_CONFIG when set, else <DATA_DIR>/config.json when it exists; its keys are
 * the camelCase names below (port, host, dataDir, databaseUrl, logLevel, uploadMaxBytes, corsOrigins,
 * publicUrl, readTimeoutMs, mutationRateLimit {burst, perSecond}, s3 {endpoint, region, bucket,
 * ...}). Environment variables win over the file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce.number().int().min(0, 'must be 0..65535').max(65535, 'must be 0..65535');

/** The S3 settings and the environment variable each comes from. */
const S3_ENV = {
  endpoint: 'S3_ENDPOINT',
  region: 'S3_REGION',
  bucket: 'S3_BUCKET',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
  prefix: 'S3_PREFIX',
  forcePathStyle: 'S3_FORCE_PATH_STYLE',
} as const;
const S3_REQUIRED = ['endpoint', 'bucket', 'accessKeyId', 'secretAccessKey'] as const;

/**
 * All or nothing: once any S3 setting is given, endpoint, bucket and both keys must be too (a half
 * configuration would silently keep files on local disk). Region defaults to us-east-1 (MinIO's).
 */
const S3Schema = z
  .strictObject({
    endpoint: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional(),
    region: z.string().min(1).default('us-east-1'),
    bucket: z.string().min(1).optional(),
    accessKeyId: z.string().min(1).optional(),
    secretAccessKey: z.string().min(1).optional(),
    prefix: z.string().default(''),
    forcePathStyle: z
      .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
      .default(true),
  })
  .transform((value, ctx) => {
    const { endpoint, bucket, accessKeyId, secretAccessKey } = value;
    if (endpoint && bucket && accessKeyId && secretAccessKey)
      return { ...value, endpoint, bucket, accessKeyId, secretAccessKey };
    const missing = S3_REQUIRED.filter((name) => !value[name]);
    ctx.addIssue({
      code: 'custom',
      message:
        `S3 storage is only partly configured: missing ${missing.map((name) => `${name} (${S3_ENV[name]})`).join(', ')}. ` +
        `Set all of ${S3_REQUIRED.map((name) => S3_ENV[name]).join(', ')}, or none to keep files on local disk.`,
    });
    return z.NEVER;
  });

export type S3Settings = z.infer<typeof S3Schema>;

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
  /**
   * Document-pipeline jobs this process runs at once; 0 leaves them to `npm run worker`
   * processes (on this or other machines sharing the database).
   */
  pipelineWorkers: z.coerce.number().int().min(0).max(16).default(1),
  /**
   * Where this server runs its pipeline workers: a child process (the default), so parsing a
   * large PDF never stalls the API, or 'inline' in the server's own process.
   */
  pipelineProcess: z.enum(['child', 'inline']).default('child'),
  /**
   * pg-boss's limit on a pipeline job: one active longer than this is failed and retried. A
   * backstop only: a dead worker's file is taken back at once by its run lock (pipeline/runLock.ts).
   */
  pipelineJobExpireSeconds: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 60),
  /** Workflow node jobs this process runs at once (0: it only queues them, for other processes). */
  workflowWorkers: z.coerce.number().int().min(0).max(32).default(4),
  /**
   * Whether workflow webhooks may call loopback, private, link-local and other internal addresses
   * (off: only public addresses, so a workflow cannot reach the server's own network).
   */
  workflowWebhookAllowPrivate: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .default(false),
  /**
   * PostgreSQL statement_timeout (ms) of every statement a read runs: GraphQL queries and the
   * read-only REST routes (GETs, and the POST list searches). A read stopped by it answers
   * QUERY_TIMEOUT. Mutations and the pipeline have none.
   */
  readTimeoutMs: z.coerce.number().int().min(1).max(600_000).default(5000),
  /**
   * GraphQL mutations per signed-in user (graphql/mutationRate.ts): a token bucket of `burst`
   * root mutation fields refilled at `perSecond`, kept in each server process's memory.
   */
  mutationRateLimit: z
    .strictObject({
      burst: z.coerce.number().int().min(1).max(100_000).default(120),
      perSecond: z.coerce.number().positive().max(100_000).default(2),
    })
    .default({ burst: 120, perSecond: 2 }),
  /**
   * Keys that seal CRM credentials and tokens at rest (domains/crm/credentials.ts), written
   * `id:secret,id:secret`, the current key first; older keys stay listed until the server has
   * re-sealed everything with the current one (at start). Unset: one generated key kept in the
   * database (server_secret `crm_credential_key`, id `db`), which protects less (same place).
   */
  crmCredentialKeys: z.string().min(1).optional(),
  /**
   * CRM base URLs a company may set besides the providers' own (crm_base_url): for a CRM on a
   * private host, and for tests on loopback. Each is an origin, e.g. http://127.0.0.1:5100.
   */
  crmAllowedBaseUrls: z.array(z.url({ protocol: /^https?$/ })).default([]),
  /** Seconds between looks for integrations whose sync interval is due (0: no interval sync). */
  crmSyncTickSeconds: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Mail servers a mailbox may use besides public hosts on the mail ports (IMAP 143/993, SMTP
   * 25/465/587): for a server on another port or on a private or loopback address (an in-house
   * server, a local bridge, tests on loopback). Each is `host:port`, e.g. 127.0.0.1:1143
   * (domains/mailbox/servers.ts).
   */
  mailAllowedServers: z
    .array(z.string().regex(/^(\[[0-9A-Fa-f:.]+\]|[^:[\]\s]+):\d{1,5}$/, 'Must be host:port.'))
    .default([]),
  /** Seconds between background syncs of every active mailbox (0: only on demand). */
  mailSyncTickSeconds: z.coerce.number().int().min(0).max(86_400).default(60),
  /** The OAuth application of provider one (Clio Manage): without it, connecting is refused. */
  clio: z
    .strictObject({
      clientId: z.string().min(1),
      clientSecret: z.string().min(1),
      /** Where Clio sends the browser back (registered with the application). */
      redirectUri: z.url({ protocol: /^https?$/ }).optional(),
      /** The Clio region new connections go to (default https://app.clio.com). */
      baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    })
    .optional(),
  /**
   * Outgoing mail of notification rules and digests (nodemailer over SMTP). Without it no mail is
   * sent: rules deliver in-app only and mail sends are logged as skipped.
   */
  smtp: z
    .strictObject({
      host: z.string().min(1),
      port: z.coerce.number().int().min(1).max(65_535).default(587),
      /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
      secure: z
        .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
        .default(false),
      user: z.string().min(1).optional(),
      password: z.string().min(1).optional(),
      /** The From address of every mail. */
      from: z.string().min(3).default('LexDesk <notifications@lexdesk.invalid>'),
    })
    .optional(),
  /** Seconds between the notification rules' and digests' looks for work (0: off). */
  notifyTickSeconds: z.coerce.number().int().min(0).max(86_400).default(60),
  /** OCR engine: the tesseract CLI when installed ('auto'), always it, or tesseract.js. */
  ocrEngine: z.enum(['auto', 'native', 'wasm']).default('auto'),
  /** S3-compatible file storage; files stay on local disk when absent (see domains/files/s3). */
  s3: S3Schema.optional(),
  /**
   * The optional LLM extractor (pipeline/extract/llm.ts): an OpenAI-compatible endpoint. Off when
   * absent; the pipeline then needs no network.
   */
  llm: z
    .object({
      baseUrl: z.url(),
      model: z.string().min(1),
      apiKey: z.string().min(1).optional(),
      timeoutMs: z.coerce.number().int().min(1000).max(600_000).default(60_000),
      maxChars: z.coerce.number().int().min(1000).max(1_000_000).default(24_000),
    })
    .optional(),
});

export type ServerConfig = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

function s3FromEnv(env: Env): Record<string, string> | undefined {
  const values = Object.entries(S3_ENV)
    .map(([name, variable]) => [name, env[variable]] as const)
    .filter((entry): entry is readonly [string, string] => Boolean(entry[1]));
  return values.length > 0 ? Object.fromEntries(values) : undefined;
}

/** The entries that have a value, or undefined when none has. */
function definedOnly(values: Record<string, string | undefined>) {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined && value !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
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
    pipelineWorkers: env.PIPELINE_WORKERS,
    pipelineProcess: env.PIPELINE_PROCESS,
    pipelineJobExpireSeconds: env.PIPELINE_JOB_EXPIRE_SECONDS,
    workflowWorkers: env.WORKFLOW_WORKERS,
    workflowWebhookAllowPrivate: env.WORKFLOW_WEBHOOK_ALLOW_PRIVATE,
    ocrEngine: env.OCR_ENGINE,
    readTimeoutMs: env.READ_TIMEOUT_MS,
    mutationRateLimit: definedOnly({
      burst: env.MUTATION_RATE_BURST,
      perSecond: env.MUTATION_RATE_PER_SECOND,
    }),
    s3: s3FromEnv(env),
    crmCredentialKeys: env.CRM_CREDENTIAL_KEYS,
    crmAllowedBaseUrls: env.CRM_ALLOWED_BASE_URLS?.split(',')
      .map((url) => url.trim())
      .filter(Boolean),
    crmSyncTickSeconds: env.CRM_SYNC_TICK_SECONDS,
    mailSyncTickSeconds: env.MAIL_SYNC_TICK_SECONDS,
    mailAllowedServers: env.MAIL_ALLOWED_SERVERS?.split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT || undefined,
          secure: env.SMTP_SECURE || undefined,
          user: env.SMTP_USER || undefined,
          password: env.SMTP_PASSWORD || undefined,
          from: env.SMTP_FROM || undefined,
        }
      : undefined,
    notifyTickSeconds: env.NOTIFY_TICK_SECONDS,
    clio: env.CLIO_CLIENT_ID
      ? {
          clientId: env.CLIO_CLIENT_ID,
          clientSecret: env.CLIO_CLIENT_SECRET,
          redirectUri: env.CLIO_REDIRECT_URI || undefined,
          baseUrl: env.CLIO_BASE_URL || undefined,
        }
      : undefined,
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          model: env.LLM_MODEL,
          apiKey: env.LLM_API_KEY || undefined,
          timeoutMs: env.LLM_TIMEOUT_MS || undefined,
          maxChars: env.LLM_MAX_CHARS || undefined,
        }
      : undefined,
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
  const merged: Record<string, unknown> = { dataDir: defaultDataDir, ...fileValues, ...envValues };
  // Nested settings merge per field, so the file can hold the bucket and the environment the keys.
  for (const key of ['s3', 'mutationRateLimit']) {
    const fromFile = fileValues[key];
    const fromEnvironment = envValues[key];
    if (isRecord(fromFile) && isRecord(fromEnvironment))
      merged[key] = { ...fromFile, ...fromEnvironment };
  }
  const result = ConfigSchema.safeParse(merged);
  if (!result.success) {
    const source =
      Object.keys(fileValues).length > 0 ? `environment and ${filePath}` : 'environment';
    throw new ConfigError(describeIssues(result.error, source));
  }
  return { ...result.data, dataDir: resolve(result.data.dataDir) };
}

/**
 * Connections of the main pool: requests and the workflow engine's events, sweeps and schedules.
 * Workflow workers run their nodes on the engine's own pool (one connection each, engine/batch.ts),
 * so the main pool no longer grows with them.
 */
export function databasePoolSize(): number {
  return 10;
}
