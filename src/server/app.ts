/**
 * Builds the LexDesk server from a config: Fastify with REST routes, GraphQL (HTTP and WebSocket)
 * and /health. It does not listen, so tests start it in-process on port 0. The database must be
 * reachable at config.databaseUrl; /health reports "ok" only once its migrations are applied.
 */
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { databasePoolSize, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { startNotificationBus, type NotificationBus } from './domains/notifications/bus';
import { createStorage } from './domains/files/s3/createStorage';
import { warmUpSearch } from './domains/document-center/searchWarmUp';
import { awaitAutoprewarm } from './db/autoprewarmWait';
import { GRAPHQL_PATH, createGraphQLServer } from './graphql/yoga';
import { graphqlHttpHandler } from './graphql/http';
import { createWebSocketHandler } from './graphql/ws';
import { requestOrigin } from './http/auth';
import { corsOriginCheck } from './http/cors';
import { answerFrameworkError, answerUnparsableRequest, installErrorHandler } from './http/errors';
import { installReadScope } from './http/readScope';
import { safeError } from './logSafe';
import { registerHealthRoute } from './http/health';
import { installInputGuard } from './http/inputGuard';
import { registerRoutes } from './http/routes';
import { createRateLimiter } from './rateLimit';
import { createServices, type Services } from './services';
import type { QueueTimings } from './domains/pipeline/childSettings';
import type { PipelineQueue } from './domains/pipeline/queue';
import { startPipeline } from './domains/pipeline/startPipeline';
import { createWorkflowCrm } from './domains/crm/outbound';
import { startCrmScheduler } from './domains/crm/scheduler';
import { startChatUploadSweep } from './domains/chat/uploadSweep';
import { startMailSyncLoop } from './domains/mailbox/loop';
import type { RawFileSink } from './domains/mailbox/mailImport';
import { finishUpload } from './domains/uploads/finish';
import {
  createRuleDispatcher,
  systemClock,
  type RuleDispatcher,
} from './domains/notification-rules/dispatcher';
import {
  createDigestDispatcher,
  type DigestDispatcher,
} from './domains/notification-rules/digests';
import { documentWake, startNotifyLoop } from './domains/notification-rules/loop';
import { createMailer } from './domains/notification-rules/mailer';
import {
  startWorkflowEngine,
  type WorkflowEngine,
  type WorkflowEngineOptions,
} from './domains/workflows/engine/engine';

/** The Fastify instance plus the services and database it runs on (for tests and main.ts). */
export type LexDeskServer = FastifyInstance & {
  lexdesk: {
    services: Services;
    database: DatabaseHandle;
    bus: NotificationBus;
    /** Upload alerts (await `settled()` in tests) and the expired-upload cleanup. */
    uploads: ReturnType<typeof registerRoutes>['uploads'];
    /** Every route as `METHOD path` (HEAD and CORS preflight excluded). */
    routes: string[];
    /** The document pipeline's job queue (and its workers, in a child process by default). */
    pipeline: PipelineQueue;
    /** The workflow engine (its node jobs run in this process: WORKFLOW_WORKERS). */
    workflows: WorkflowEngine;
    /** Notification rules and digests (their loop ticks every notifyTickSeconds). */
    notify: { rules: RuleDispatcher; digests: DigestDispatcher };
  };
};

export interface BuildOptions {
  /** Where pino writes its JSON log lines (default stdout; main.ts uses stderr in child mode). */
  logStream?: NodeJS.WritableStream;
  /** Queue timings for tests (short retry delays and job expiry). */
  pipeline?: QueueTimings;
  /**
   * Warm the read connections for content search at start (searchWarmUp.ts); default true. False
   * for the review bench's A/B (`--no-warm-up`).
   */
  searchWarmUp?: boolean;
  /**
   * Wait at start for PostgreSQL's autoprewarm to read its blocks back (db/autoprewarmWait.ts);
   * default true. False for the review bench's A/B (`--no-prewarm-wait`).
   */
  autoprewarmWait?: boolean;
  /** Workflow engine timings for tests (retry delays, sweeps, attempts). */
  workflows?: Pick<
    WorkflowEngineOptions,
    'maxAttempts' | 'retryBaseMs' | 'pollingIntervalSeconds' | 'sweepIntervalMs' | 'clock'
  >;
  /** CRM connectors' HTTP client and retry waits for tests. */
  crm?: Parameters<typeof createServices>[1]['crm'];
}

export async function buildApp(
  config: ServerConfig,
  options: BuildOptions = {},
): Promise<LexDeskServer> {
  if (!config.databaseUrl)
    throw new Error('buildApp needs config.databaseUrl (start the embedded database first)');
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      // Never log bearer tokens or signed-link signatures.
      redact: ['req.headers.authorization'],
      serializers: {
        // Failures without bound values or the user's text (logSafe.ts).
        err: safeError,
        req: (req: { method: string; url: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
        }),
      },
    },
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    frameworkErrors: (error, request, reply) => answerFrameworkError(error, request, reply),
    clientErrorHandler: answerUnparsableRequest,
  });
  const database = openDatabase(config.databaseUrl, {
    max: databasePoolSize(),
    readTimeoutMs: config.readTimeoutMs,
    keepReadConnections: SEARCH_WARM_CONNECTIONS,
  });
  const bus = await startNotificationBus(config.databaseUrl, app.log).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  const storage = createStorage(config);
  // The re-match job of a company whose cases changed; set once the pipeline has started (below).
  const late: {
    rematch?: (companyId: string) => Promise<void>;
    retryNode?: (nodeLogId: string) => Promise<boolean>;
    mailSink?: RawFileSink;
  } = {};
  const services = await createServices(database.db, {
    config,
    bus,
    storage,
    timedDb: (ms) => database.timed(ms),
    onCasesAdded: (companyId) =>
      void late
        .rematch?.(companyId)
        .catch((error: unknown) =>
          app.log.error({ err: error, companyId }, 'could not queue the case re-match'),
        ),
    retryWorkflowNode: (nodeLogId) =>
      late.retryNode
        ? late.retryNode(nodeLogId)
        : Promise.reject(new Error('the workflow engine is not running')),
    mailRawFileSink: () => late.mailSink,
    mailLog: app.log,
    log: app.log,
    ...(options.crm ? { crm: options.crm } : {}),
  }).catch(async (error: unknown) => {
    await bus.close();
    await database.close();
    throw error;
  });
  // Runs beside the rest of the start-up; awaited before the server is returned (so before it
  // listens and /health answers). It never fails the start: a failure is logged.
  const warmedUp =
    options.searchWarmUp === false
      ? Promise.resolve()
      : warmUpReads(database, app.log, options.autoprewarmWait !== false).catch((error: unknown) =>
          app.log.warn({ err: error }, 'the search warm-up failed; searches start cold'),
        );
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push(`${method} ${route.url}`);
  });
  installReadScope(app, database.readScope);
  const lexdesk = { services, database, bus, routes } as LexDeskServer['lexdesk'];
  app.decorate('lexdesk', lexdesk);

  const pipeline = await startPipeline({
    config: { ...config, databaseUrl: config.databaseUrl },
    db: database.db,
    storage,
    log: app.log,
    serverModule: fileURLToPath(import.meta.url),
    timings: options.pipeline,
  }).catch(async (error: unknown) => {
    await bus.close();
    await database.close();
    throw error;
  });
  lexdesk.pipeline = pipeline;
  const mailer = createMailer(config.smtp);
  const workflowEngine = await startWorkflowEngine({
    databaseUrl: config.databaseUrl,
    db: database.db,
    workers: config.workflowWorkers,
    allowPrivateWebhooks: config.workflowWebhookAllowPrivate,
    log: app.log,
    crm: createWorkflowCrm({ db: database.db, crm: services.crm, storage }),
    mailer,
    ...options.workflows,
  }).catch(async (error: unknown) => {
    await pipeline.stop();
    await bus.close();
    await database.close();
    throw error;
  });
  lexdesk.workflows = workflowEngine;
  late.retryNode = (nodeLogId) => workflowEngine.retryNode(nodeLogId);
  if (config.workflowWorkers > 0)
    void workflowEngine
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'workflow sweep failed'));
  late.rematch = (companyId) => pipeline.enqueueRematch(companyId);
  const crmScheduler = startCrmScheduler({
    db: database.db,
    ring: services.crmRing,
    crm: services.crm,
    tickSeconds: config.crmSyncTickSeconds,
    log: app.log,
  });
  const chatUploadSweep = startChatUploadSweep({
    uploads: services.chatUploads,
    clock: systemClock,
    log: app.log,
  });
  const notifyDeps = { db: database.db, clock: systemClock, mailer, log: app.log };
  lexdesk.notify = {
    rules: createRuleDispatcher(notifyDeps),
    digests: createDigestDispatcher(notifyDeps),
  };
  const notifyLoop = startNotifyLoop({
    tickSeconds: config.notifyTickSeconds,
    ticks: [lexdesk.notify.rules.tick, lexdesk.notify.digests.tick],
    log: app.log,
    clock: systemClock,
    documents: documentWake(bus, lexdesk.notify.rules),
  });
  if (config.pipelineWorkers > 0)
    void pipeline
      .sweep()
      .catch((error: unknown) => app.log.error({ err: error }, 'pipeline sweep failed'));

  const origin = (request: FastifyRequest) => requestOrigin(request, config.publicUrl);
  const signOutHooks: Array<(sessionId: string) => void> = [];
  const yoga = createGraphQLServer(
    {
      services,
      logError: (error, operation) =>
        app.log.error({ err: error, operation }, 'graphql operation failed'),
      onSignedOut: (sessionId) => signOutHooks.forEach((hook) => hook(sessionId)),
      pipeline,
    },
    (error) => app.log.error({ err: error }, 'graphql error'),
    {
      readScope: database.readScope,
      mutationLimiter: createRateLimiter(config.mutationRateLimit),
      onRefused: (event) => app.log.warn(event, 'graphql operation refused'),
    },
  );
  const ws = createWebSocketHandler(yoga, services.auth, origin);
  signOutHooks.push((sessionId) => ws.live.closeSession(sessionId));

  installErrorHandler(app);
  installInputGuard(app);
  await app.register(cors, {
    origin: corsOriginCheck(config.corsOrigins),
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH', 'OPTIONS'],
    // tus headers, for a browser-side tus client.
    allowedHeaders: [
      'authorization',
      'content-type',
      'tus-resumable',
      'upload-length',
      'upload-offset',
      'upload-metadata',
    ],
    exposedHeaders: [
      'location',
      'tus-resumable',
      'upload-offset',
      'upload-length',
      'upload-expires',
    ],
    credentials: false,
    maxAge: 600,
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 },
  });
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  registerHealthRoute(app, database);
  lexdesk.uploads = registerRoutes(app, {
    services,
    config,
    onRawFileUploaded: (rawFileId) =>
      pipeline
        .enqueue(rawFileId)
        .catch((error: unknown) =>
          app.log.error({ err: error, rawFileId }, 'could not queue the raw file for processing'),
        ),
  }).uploads;
  late.mailSink = async (viewer, row, source) => {
    const finished = await finishUpload(
      { services, alerts: lexdesk.uploads.alerts },
      viewer,
      row,
      source,
    );
    if (!finished.duplicateOf) await pipeline.enqueue(finished.row.id);
  };
  const mailLoop = startMailSyncLoop({
    db: database.db,
    runner: services.mailbox.runner,
    tickSeconds: config.mailSyncTickSeconds,
    log: app.log,
  });

  const graphqlHttp = graphqlHttpHandler(yoga, services.auth, origin);
  app.route({
    method: 'GET',
    url: GRAPHQL_PATH,
    handler: graphqlHttp.handler,
    wsHandler: ws.handler,
  });
  app.route({
    method: 'POST',
    url: GRAPHQL_PATH,
    onRequest: graphqlHttp.onRequest,
    handler: graphqlHttp.handler,
  });

  app.addHook('preClose', async () => ws.live.closeAll());
  app.addHook('onClose', async () => {
    await crmScheduler.stop();
    await chatUploadSweep.stop();
    await mailLoop.stop();
    await notifyLoop.stop();
    await workflowEngine.stop();
    mailer?.close();
    await pipeline.stop();
    await bus.close();
    await database.close();
  });
  await warmedUp;
  return app as unknown as LexDeskServer;
}

/**
 * Read connections opened and warmed at start (searchWarmUp.ts) and kept open: a search request
 * uses one at a time, a GraphQL request with several fields a few side by side.
 */
const SEARCH_WARM_CONNECTIONS = 2;

async function warmUpReads(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  waitForPrewarm: boolean,
): Promise<void> {
  const started = performance.now();
  await database.warmReads(SEARCH_WARM_CONNECTIONS, warmUpSearch);
  const prewarm = waitForPrewarm
    ? await awaitAutoprewarm(database.pool)
    : { waitedMs: 0, finished: false };
  log.info(
    { ms: Math.round(performance.now() - started), autoprewarm: prewarm },
    prewarm.finished
      ? 'search connections warmed up'
      : 'search connections warmed up; autoprewarm still reading, not waited for any longer',
  );
}
