/** Wires repositories and services together over one database handle. */
import { createSavedViewService } from './domains/saved-views/service';
import { createDeliveryService } from './domains/tasks/deliveries';
import { createActivityTypeService } from './domains/activity-types/service';
import { createDataExtractionService } from './domains/data-extraction/service';
import { createLegalPeopleRepository } from './domains/legal-people/repository';
import { createLegalPeopleService } from './domains/legal-people/service';
import { createLegalRequestRepository } from './domains/legal-requests/repository';
import { createLegalRequestService } from './domains/legal-requests/service';
import { createNotificationRuleService } from './domains/notification-rules/service';
import { createDigestSubscriptionService } from './domains/notification-rules/subscriptions';
import { createRequestService } from './domains/tasks/requests';
import { createTaskService } from './domains/tasks/service';
import { createTaskQueries } from './domains/tasks/taskQueries';
import { createTaskEditor } from './domains/tasks/edit';
import { createLeadViews } from './domains/tasks/leadViews';
import { createProjectService } from './domains/projects/service';
import { createTechStackService } from './domains/projects/techStacks';
import { createTokenCipher } from './crypto/tokenCipher';
import { createMailboxService, type MailboxDeps } from './domains/mailbox/service';
import { createMailServerGuard } from './domains/mailbox/servers';
import type { RawFileSink } from './domains/mailbox/mailImport';
import { createCredentialRing } from './domains/crm/credentials';
import { createCrmService, type CrmServiceDeps } from './domains/crm/service';
import { createTalentService } from './domains/talent/service';
import type { ServerConfig } from './config';
import type { Database } from './db/connection';
import { createAuthRepository } from './domains/auth/repository';
import { createAuthService } from './domains/auth/service';
import { createChatGuests } from './domains/chat/guests';
import { createIntakeService } from './domains/chat/intake';
import { createChatLive } from './domains/chat/live';
import { createChatRepository } from './domains/chat/repository';
import { createRoomAccess } from './domains/chat/access';
import { createChatUploads } from './domains/chat/uploads';
import { createChatService } from './domains/chat/service';
import { createCaseRepository } from './domains/cases/repository';
import { createCaseService } from './domains/cases/service';
import { createCompanyRepository } from './domains/companies/repository';
import { createCompanyService } from './domains/companies/service';
import { createFileRepository } from './domains/files/repository';
import { createFileService } from './domains/files/service';
import { createFileUrlSigner } from './domains/files/signer';
import { createLiveFilesService } from './domains/live-files/service';
import type { FileStorage } from './domains/files/storage';
import type { NotificationBus } from './domains/notifications/bus';
import { createNotificationRepository } from './domains/notifications/repository';
import { createNotificationService } from './domains/notifications/service';
import { createFileTypesRepository } from './domains/document-types/repository';
import { createFileTypesService } from './domains/document-types/service';
import { createPipelineService } from './domains/pipeline/service';
import { createProcessedFileListService } from './domains/document-center/service';
import { createProcessedFileQueries } from './domains/document-center/queries';
import { createSearchQueries } from './domains/document-center/searchQueries';
import { createProcessedFileService } from './domains/documents/service';
import { createRawFileQueries } from './domains/raw-files/queries';
import { createRawFileRepository } from './domains/raw-files/repository';
import { createRawFileService } from './domains/raw-files/service';
import { createUserManagementService } from './domains/users/management';
import { createUserManagementRepository } from './domains/users/managementRepository';
import { createUserRepository } from './domains/users/repository';
import { createUserService } from './domains/users/service';
import { createEvaluationService } from './domains/evaluation/service';
import { createWorkflowLiveLogs } from './domains/workflows/live';
import { createWorkflowLogService } from './domains/workflows/logs';
import { createWorkflowRepository } from './domains/workflows/repository';
import { createWorkflowService } from './domains/workflows/service';
import { createWorkflowTestRun } from './domains/workflows/testRun';

export async function createServices(
  db: Database,
  deps: {
    config: ServerConfig;
    bus: NotificationBus;
    storage: FileStorage;
    /** Statements stopped after `ms` (DatabaseHandle.timed): the lists' capped counts. */
    timedDb?: (ms: number) => Database;
    /** A company's cases were created or imported (the pipeline re-matches its documents). */
    onCasesAdded?: (companyId: string) => void;
    /** A person's retry of a failed workflow node (the engine, started after the services). */
    retryWorkflowNode?: (nodeLogId: string) => Promise<boolean>;
    /** Where mailbox PDFs go once uploads and the pipeline exist (set late, app.ts). */
    mailRawFileSink?: () => RawFileSink | undefined;
    mailLog?: MailboxDeps['log'];
    /** Where failures of background work without a caller go (e.g. chat upload bytes not removed). */
    log?: { error(details: object, message: string): void };
    /** For tests: the CRM connectors' HTTP client and retry waits. */
    crm?: Pick<CrmServiceDeps, 'fetch' | 'sleep' | 'retryBaseMs'>;
  },
) {
  const userRepository = createUserRepository(db);
  const fileRepository = createFileRepository(db);
  const signer = createFileUrlSigner(await fileRepository.secret('file_url_signing_key'));
  const deliveryTaskQueries = createTaskQueries(db);
  const projects = createProjectService(db);
  const tokenCipher = createTokenCipher(await fileRepository.secret('project_token_key'));
  const crmRing = await createCredentialRing(deps.config.crmCredentialKeys, () =>
    fileRepository.secret('crm_credential_key'),
  );
  const deliveryRequests = createRequestService(db);
  const chatRepository = createChatRepository(db);
  const chatGuests = createChatGuests(db);
  const files = createFileService(fileRepository, deps.storage, signer);
  const chatUploads = createChatUploads(
    db,
    files,
    createRoomAccess(chatRepository).access,
    deps.log,
  );
  const workflowLogs = createWorkflowLogService(db, {
    retryNode: (id) =>
      deps.retryWorkflowNode
        ? deps.retryWorkflowNode(id)
        : Promise.reject(new Error('the workflow engine is not running')),
  });
  const rawFiles = createRawFileService(createRawFileRepository(db), createRawFileQueries(db), {
    maxBytes: deps.config.rawFileMaxBytes,
  });
  const quiet = { warn: () => undefined, error: () => undefined };
  return {
    crmRing,
    mailbox: createMailboxService({
      db,
      ring: crmRing,
      servers: createMailServerGuard(deps.config.mailAllowedServers),
      log: deps.mailLog ?? quiet,
      rawFiles,
      sink: deps.mailRawFileSink ?? (() => undefined),
    }),
    crm: createCrmService({
      db,
      ring: crmRing,
      config: deps.config,
      ...(deps.onCasesAdded ? { onCasesAdded: deps.onCasesAdded } : {}),
      ...deps.crm,
    }),
    deliveryRequests,
    deliveries: createDeliveryService(db, deliveryRequests),
    deliveryTasks: createTaskService(db, deliveryTaskQueries),
    deliveryTaskQueries,
    deliveryTaskEditor: createTaskEditor(db, deliveryTaskQueries),
    deliveryLeadViews: createLeadViews(db),
    projects,
    techStacks: createTechStackService(db, projects, tokenCipher),
    talent: createTalentService(db),
    auth: createAuthService(createAuthRepository(db), {
      sessionTtlHours: deps.config.sessionTtlHours,
      guests: chatGuests,
    }),
    chat: createChatService(
      chatRepository,
      chatGuests,
      chatUploads,
      createChatLive(db, chatRepository, deps.bus),
    ),
    chatUploads,
    intakeScripts: createIntakeService(db),
    companies: createCompanyService(createCompanyRepository(db)),
    users: createUserService(userRepository),
    people: createUserManagementService(createUserManagementRepository(db), userRepository),
    notifications: createNotificationService(
      createNotificationRepository(db),
      userRepository,
      deps.bus,
    ),
    files,
    liveFiles: createLiveFilesService(deps.bus),
    rawFiles,
    pipelineFiles: createPipelineService(db),
    fileTypes: createFileTypesService(db, createFileTypesRepository(db)),
    cases: createCaseService(
      createCaseRepository(db),
      deps.onCasesAdded ? { onCasesAdded: deps.onCasesAdded } : {},
    ),
    processedFileEdits: createProcessedFileService(db, { storage: deps.storage }),
    savedViews: createSavedViewService(db),
    legalPeople: createLegalPeopleService(createLegalPeopleRepository(db)),
    legalRequests: createLegalRequestService(createLegalRequestRepository(db)),
    dataExtraction: createDataExtractionService(db),
    activityTypes: createActivityTypeService(db),
    notificationRules: createNotificationRuleService(db),
    digestSubscriptions: createDigestSubscriptionService(db),
    evaluation: createEvaluationService(db),
    workflows: createWorkflowService(db, createWorkflowRepository(db)),
    workflowTestRun: createWorkflowTestRun(db, createWorkflowRepository(db)),
    workflowLogs,
    workflowLiveLogs: createWorkflowLiveLogs(deps.bus, workflowLogs),
    processedFileList: createProcessedFileListService(
      {
        ...createProcessedFileQueries(db, { timed: deps.timedDb }),
        ...createSearchQueries(db),
      },
      createRawFileQueries(db),
    ),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
