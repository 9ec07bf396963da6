/**
 * The error catalogue: every user-facing message from section 8 of both spec files, verbatim.
 * Server and renderer use these codes; screens map a code to its message and decide how to show it.
 * Templated messages take their parameters through `formatError`.
 */
export const ERRORS = {
  // Profile, company and users
  NO_USER_PROFILE: 'No user profile available',
  UPDATE_ABOUT_ME_FAILED: 'Failed to update about me',
  NO_COMPANY: 'No Company Found',
  FETCH_COMPANY_FAILED: 'Failed to fetch Company',
  NO_USERS: 'No Users available.',
  UPLOAD_ICON_FAILED: 'Failed to upload icon!',
  UPLOAD_AVATAR_FAILED: 'Failed to upload avatar',

  // Integrations
  INVALID_RESPONSE_STRUCTURE: 'Invalid response structure',
  FETCH_INTEGRATIONS_FAILED: 'Failed to fetch integrations',
  UPDATE_INTEGRATION_FAILED: 'Failed to update integration',
  CREATE_CRM_REQUEST_FAILED: 'Failed to create CRM request',
  FETCH_DATA_FIELDS_FAILED: 'Failed to get data fields from extraction',
  TOGGLE_ALL_DATA_FIELDS_FAILED: 'Failed to toggle all data fields',
  AUTHENTICATION_FAILED: 'Authentication failed',
  NETWORK_RESPONSE_NOT_OK: 'Network response was not ok',
  FAILED_TO_AUTHENTICATE: 'Failed to authenticate',

  // Email rules and inbox
  FETCH_EMAIL_RULES_FAILED: 'Failed to fetch email filtering rules: {statusText}',
  UPDATE_EMAIL_RULES_FAILED: 'Failed to update email filtering rules: {statusText}',
  TOGGLE_OUTLOOK_FAILED: 'Failed to toggle Outlook-type integration',
  FETCH_MESSAGES_FAILED: 'Failed to fetch messages',
  MARK_MESSAGES_READ_FAILED: 'Failed to mark messages as read',

  // Files
  FETCH_RAW_FILES_FAILED: 'Failed to fetch raw files',
  FETCH_RAW_FILE_FAILED: 'Failed to fetch raw file',
  FETCH_PROCESSED_FILE_FAILED: 'Failed to fetch processed file',
  DELETE_PROCESSED_FILE_FAILED: 'Failed to delete processed file',
  UPDATE_PROCESSED_FILE_FAILED: 'Failed to update processed file',
  FETCH_REVIEW_COUNT_FAILED: 'Failed to fetch review processed files count',
  SERVER_ERROR_STATUS: 'Server error: {status}',
  CREATE_RAW_FILE_FAILED: 'Failed to create raw file',
  CREATE_RAW_FILES_FAILED: 'Failed to create raw files',
  UPLOAD_FILE_FAILED: 'Failed to upload file',
  CREATE_PRESIGNED_URL_FAILED: 'Failed to create raw file presigned URL',
  DELETE_RAW_FILE_FAILED: 'Failed to delete raw file',
  UPDATE_RAW_FILE_STATUS_FAILED: 'Failed to update raw file status',
  CREATE_RAW_FILE_LOG_FAILED: 'Failed to create raw file log',
  RAW_FILE_FAILED_ALERT_FAILED: 'Failed to send raw file failed alert',
  RAW_FILE_SUCCESS_ALERT_FAILED: 'Failed to send raw file success alert',
  INVALID_FILE_TYPE: 'Invalid file type or format',
  SEARCH_TEXTRACT_FAILED: 'Failed to search textract',
  UPDATE_DATA_ENTRY_FAILED: 'Failed to update data entry',
  FETCH_CASE_DATA_FAILED: 'Failed to fetch case data',
  COMPANY_ID_REQUIRED: 'Company ID is required',

  // Task requests
  GET_TASK_REQUESTS_FAILED: 'Failed to get task requests',
  GET_TASK_REQUEST_DETAILS_FAILED: 'Failed to get task request details',
  UPDATE_TASK_REQUEST_FAILED: 'Failed to update task request',
  CREATE_LEGAL_REQUEST_ACTIVITY_FAILED: 'Failed to create legal request activity',
  NO_NOTIFICATIONS: 'No notifications available.',
  NO_DATA: 'No data available.',

  // Teams, roles and people
  FETCH_LEGAL_TEAMS_FAILED: 'Failed to fetch legal teams',
  CREATE_LEGAL_TEAM_FAILED: 'Failed to create legal team',
  FETCH_LEGAL_ROLES_FAILED: 'Failed to fetch legal roles',
  FETCH_LEGAL_PEOPLE_FAILED: 'Failed to fetch legal people',
  CREATE_LEGAL_CONTACT_FAILED: 'Failed to create legal contact',
  FETCH_ACTIVITY_TYPES_FAILED: 'Failed to fetch activity types',

  // Workflows
  FETCH_WORKFLOW_LOGS_FAILED: 'Failed to fetch workflow logs',
  FETCH_WORKFLOW_LOG_FAILED: 'Failed to fetch workflow log by id',
  FETCH_WORKFLOW_LOG_DETAILS_FAILED: 'Failed to fetch workflow log details by workflow id',
  // Section 8 names these failures without wording them ("failures for fetch, fetch all, by id,
  // delete, duplicate, toggle active, update name, update nodes and edges, retry node, retry
  // syncing and sync log by id; history failure"); worded like the three it does quote.
  FETCH_WORKFLOWS_FAILED: 'Failed to fetch workflows',
  FETCH_WORKFLOW_BY_ID_FAILED: 'Failed to fetch workflow by id',
  CREATE_WORKFLOW_FAILED: 'Failed to create workflow',
  DELETE_WORKFLOW_FAILED: 'Failed to delete workflow',
  DUPLICATE_WORKFLOW_FAILED: 'Failed to duplicate workflow',
  TOGGLE_WORKFLOW_ACTIVE_FAILED: 'Failed to toggle workflow active',
  UPDATE_WORKFLOW_NAME_FAILED: 'Failed to update workflow name',
  UPDATE_NODES_AND_EDGES_FAILED: 'Failed to update nodes and edges',
  RETRY_NODE_FAILED: 'Failed to retry node',
  RETRY_SYNCING_FAILED: 'Failed to retry syncing',
  FETCH_SYNC_LOG_FAILED: 'Failed to fetch sync log by id',
  FETCH_WORKFLOW_HISTORY_FAILED: 'Failed to fetch workflow update history',

  // Notification rules and digests: section 8 words none of their failures; worded like the
  // workflow ones it does quote.
  FETCH_NOTIFICATION_RULES_FAILED: 'Failed to fetch notification rules',
  SAVE_NOTIFICATION_RULE_FAILED: 'Failed to save notification rule',
  DELETE_NOTIFICATION_RULE_FAILED: 'Failed to delete notification rule',
  TOGGLE_NOTIFICATION_RULE_FAILED: 'Failed to toggle notification rule',
  FETCH_NOTIFICATION_HISTORY_FAILED: 'Failed to fetch notification rule history',
  FETCH_EMAIL_SUBSCRIPTION_FAILED: 'Failed to fetch email subscription',
  SAVE_EMAIL_SUBSCRIPTION_FAILED: 'Failed to save email subscription',
  // The smart inbox (issue 20): section 8 words only the two Inbox failures; these are worded like them.
  FETCH_MAILBOX_FAILED: 'Failed to fetch mailbox',
  SAVE_MAILBOX_FAILED: 'Failed to save mailbox',
  SYNC_MAILBOX_FAILED: 'Failed to sync mailbox',
  UPDATE_MESSAGES_FAILED: 'Failed to update messages',
  DELETE_MESSAGE_FAILED: 'Failed to delete message',
  SEND_EMAIL_FAILED: 'Failed to send email',
  FORWARD_EMAIL_FAILED: 'Failed to forward email',
  FETCH_CONTACTS_FAILED: 'Failed to fetch contacts',

  // Chat
  FETCH_ROOMS_FAILED: 'Failed to fetch rooms',
  CREATE_ROOM_FAILED: 'Failed to create conversation room',
  UPDATE_ROOM_FAILED: 'Failed to update conversation room',
  ADD_ROOM_MEMBER_FAILED: 'Failed to add room member',
  CREATE_MESSAGE_FAILED: 'Failed to create conversation message',
  FETCH_ROOM_MESSAGES_FAILED: 'Failed to fetch room messages',
  UPDATE_CHAT_ROOM_FAILED: 'Failed to update chat room',
  UPDATE_UNREAD_COUNT_FAILED: 'Failed to update room member unread count',

  // Intake
  CREATE_INTAKE_SCRIPT_FAILED: 'Failed to create intake script',
  CREATE_INTAKE_METADATA_FAILED: 'Failed to create intake metadata',
  UPDATE_INTAKE_METADATA_FAILED: 'Failed to update intake metadata',
  UPDATE_INTAKE_SCRIPT_FAILED: 'Failed to update intake script',

  // Delivery side: users, projects, requests, tasks
  NO_PROJECT: 'No Project available.',
  NO_USER_STATUS: 'No user Status available',
  FETCH_PROJECTS_FAILED: 'Failed to fetch projects',
  ADD_REQUEST_FAILED: 'Failed to add request',
  UPDATE_REQUEST_FAILED: 'Failed to update request',
  NO_TASK: 'No Task Found',
  NO_TL_REQUESTS: 'No TL requests available',
  NO_TL_BACKLOG: 'No TL backlog requests available',
  FETCH_CURRENT_TASK_FAILED: 'Failed to fetch current task.',
  NO_CURRENT_TASKS: 'No current tasks available',

  // Delivery side: tech stacks
  NO_TECH_STACK: 'No Tech Stack Found',
  NO_STACK: 'No Stack Found',
  ADD_TECH_STACK_FAILED: 'Add Tech Stack Failed',
  UPDATE_ENV_FAILED: 'Update Env Failed',
  REMOVE_ENV_FAILED: 'Remove Env Failed',

  // Delivery side: timesheet
  NO_TIMESHEET: 'No timesheet available',
  NO_TALENT_PROFILES: 'No talent profiles available',
  FETCH_TIMESHEET_FAILED: 'Failed to fetch timesheet.',
  FETCH_TALENT_PROFILES_FAILED: 'Failed to fetch my talent profiles.',
  FETCH_TALENT_PROJECTS_FAILED: 'Failed to fetch talent projects.',
  FETCH_TALENT_PROJECT_ACTIVITIES_FAILED: 'Failed to fetch talent project activities.',
  TALENT_ID_REQUIRED: 'Talent ID is required',
  INSUFFICIENT_PARAMETERS: 'insufficient parameters',

  // Delivery side: hiring
  FETCH_JOB_OPENINGS_FAILED: 'Error fetching job openings',

  // Generic
  HTTP_ERROR_STATUS: 'HTTP error! status: {code}',
  UNKNOWN_REQUEST_TYPE: 'Unknown request type',
  INVALID_TYPE: 'Invalid type',
} as const;

/**
 * Messages the product needs that the spec does not word (sign-in, permissions, validation).
 * Kept beside the catalogue so every user-facing string still lives in one module.
 */
export const PRODUCT_ERRORS = {
  INVALID_CREDENTIALS: 'Incorrect email or password.',
  TOO_MANY_SIGN_IN_ATTEMPTS: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  NOT_AUTHENTICATED: 'Please sign in to continue.',
  SESSION_EXPIRED: 'Your session has ended. Please sign in again.',
  FORBIDDEN: 'You do not have permission to do that.',
  NOT_FOUND: 'Not found.',
  MAILBOX_NOT_CONNECTED: 'No mailbox is connected. Connect one in the inbox settings.',
  INVALID_INPUT: 'Some of the information entered is not valid.',
  ALREADY_SET_UP: 'LexDesk is already set up. Please sign in.',
  EMAIL_TAKEN: 'A user with this email already exists.',
  FILE_EMPTY: 'The file is empty.',
  FILE_TOO_LARGE: 'The file is larger than the upload limit.',
  NOTIFICATION_NOT_FOUND: 'Notification not found.',
  ACCOUNT_DEACTIVATED: 'This account has been deactivated.',
  // Renderer states the spec gives no words for (list loads, device settings, the set-up form).
  FETCH_NOTIFICATIONS_FAILED: 'Failed to fetch notifications',
  MARK_NOTIFICATION_READ_FAILED: 'Failed to mark the notification as read',
  MARK_ALL_NOTIFICATIONS_READ_FAILED: 'Failed to mark all notifications as read',
  FETCH_USERS_FAILED: 'Failed to fetch users',
  UPDATE_COMPANY_FAILED: 'Failed to update the company',
  SIGN_IN_FAILED: 'Signing in failed. Please try again.',
  SET_UP_FAILED: 'Creating the company failed. Please try again.',
  SAVE_SESSION_FAILED: 'Signed in, but this device could not keep the session. Please try again.',
  PASSWORDS_DIFFER: 'The passwords do not match.',
  UPDATE_SETTINGS_FAILED: 'Failed to update the settings of this device',
  // People management (the Users screen and invitation links).
  LAST_ADMIN:
    'A company needs at least one active administrator. Make someone else an administrator first.',
  INVITEE_ALREADY_ACTIVE: 'This email already belongs to an active LexDesk user.',
  INVITEE_DEACTIVATED:
    'This email belongs to a deactivated user of your company. Reactivate them instead of inviting them.',
  INVITATION_INVALID: 'This invitation link is not valid or has already been used.',
  INVITATION_EXPIRED: 'This invitation link has expired. Ask your administrator for a new one.',
  ROLE_NOT_CHANGEABLE: "This person's role is set by the provider and cannot be changed here.",
  INVITE_USER_FAILED: 'Failed to invite the user',
  ACCEPT_INVITATION_FAILED: 'Failed to accept the invitation',
  CHANGE_USER_ROLE_FAILED: 'Failed to change the role',
  DEACTIVATE_USER_FAILED: 'Failed to deactivate the user',
  REACTIVATE_USER_FAILED: 'Failed to reactivate the user',
  // File intake (drag-and-drop, picker, watched folders).
  FILE_NOT_FOUND: 'The file no longer exists.',
  FILE_UNREADABLE:
    'The file could not be read. Check that it is not open in another program and that LexDesk may read it.',
  NOT_A_FILE: 'This is not a file that can be uploaded.',
  FILE_CHANGED: 'The file changed while it was being read. It will be tried again.',
  // Chat composer files removed before sending (issue 21).
  CHAT_UPLOAD_NOT_YOURS: 'Only the person who uploaded this file can remove it.',
  CHAT_UPLOAD_SENT: 'This file was sent in a message and can no longer be removed.',
  REMOVE_CHAT_UPLOAD_FAILED: 'Failed to remove the file',
  // The document pipeline.
  REPROCESS_NOT_READY: 'This file cannot be processed until its upload has finished.',
  REPROCESS_RUNNING:
    'This file is being processed right now. It can be processed again once this run has finished.',
  REPROCESS_RAW_FILE_FAILED: 'Failed to queue the raw file for processing',
  // Server limits (GraphQL document size, mutation rate, read statement timeout).
  QUERY_TOO_COMPLEX:
    'This request is too large or too complex: {detail} Please ask for less at once.',
  TOO_MANY_REQUESTS: 'Too many changes in a short time. Please wait a few seconds and try again.',
  QUERY_TIMEOUT:
    'This took too long to load and was stopped. Please narrow the search or try again in a moment.',
  // CRM integrations (issue 18): refusals the spec gives no words for.
  CRM_NOT_CONFIGURED:
    'This LexDesk server is not set up to connect to {crm}. Ask your administrator to add its application keys.',
  CRM_BASE_URL_REQUIRED: "Enter the address of the firm's ContactsLaw server.",
  CRM_BASE_URL_NOT_ALLOWED: "This CRM address is not allowed. Use the provider's own address.",
  CRM_REDIRECT_NOT_ALLOWED: 'The sign-in cannot return to this address.',
  CRM_NOT_CONNECTED: 'Connect this CRM before turning it on.',
  CRM_SYNC_FAILED: 'Failed to sync cases from the CRM',
  CRM_STAFF_NOT_CONNECTED: 'Connect this CRM before importing its staff.',
  CRM_STAFF_NO_INTEGRATION:
    'This firm has no connected CRM to import staff from. Connect one on the CRM integrations screen first.',
  CRM_STAFF_IMPORT_FAILED: 'Failed to import staff from the CRM: {reason}',
  IMPORT_LEGAL_STAFF_FAILED: 'Failed to import legal staff',
  CRM_INTEGRATION_TYPE_MISMATCH: 'This integration is not a {crm} integration.',
  // Smart inbox (issue 20): mail servers the server settings do not let a mailbox reach.
  MAIL_SERVER_NOT_ALLOWED:
    'This LexDesk server may not connect to the mail server {server}. Use your provider’s own IMAP or SMTP server on a mail port, or ask your administrator to add it to MAIL_ALLOWED_SERVERS.',
  MAIL_SERVER_UNKNOWN: 'The mail server {server} could not be found. Check its name.',
  // Delivery tasks: a move the status machine refuses (the machine words the reason).
  TASK_MOVE_REFUSED: '{detail}',
  UPDATE_TASK_FAILED: 'Failed to update the task',
  // Legal teams, roles, staff and contacts (section 8 words only the fetches and two creates).
  UPDATE_LEGAL_TEAM_FAILED: 'Failed to update legal team',
  DELETE_LEGAL_TEAM_FAILED: 'Failed to delete legal team',
  CREATE_LEGAL_ROLE_FAILED: 'Failed to create legal role',
  UPDATE_LEGAL_ROLE_FAILED: 'Failed to update legal role',
  DELETE_LEGAL_ROLE_FAILED: 'Failed to delete legal role',
  SAVE_LEGAL_STAFF_FAILED: 'Failed to save legal staff',
  DELETE_LEGAL_STAFF_FAILED: 'Failed to delete legal staff',
  UPDATE_LEGAL_CONTACT_FAILED: 'Failed to update legal contact',
  DELETE_LEGAL_CONTACT_FAILED: 'Failed to delete legal contact',
  LEGAL_ROLE_IN_USE:
    'This role is still held by {count} of your legal staff. Give them another role before deleting it.',
  // Data extraction settings and activity types.
  DATA_FIELD_EXISTS: 'This data field already exists for the company.',
  CREATE_DATA_FIELD_FAILED: 'Failed to create data field',
  UPDATE_DATA_FIELD_FAILED: 'Failed to update data field',
  UPDATE_ACTIVITY_TYPE_FAILED: 'Failed to update activity type',
  // Task requests (issue 21): the spec words the list, details, update and activity failures only.
  CREATE_TASK_REQUEST_FAILED: 'Failed to create task request',
  DELETE_TASK_REQUEST_FAILED: 'Failed to delete task request',
  CREATE_COMMENT_FAILED: 'Failed to create comment',
  UPDATE_COMMENT_FAILED: 'Failed to update comment',
  DELETE_COMMENT_FAILED: 'Failed to delete comment',
  TASK_REQUEST_MOVE_REFUSED: 'A task request cannot go from {from} to {to}.',
  TASK_REQUEST_SUBTASKS_OPEN:
    'This request still has {count} open subtasks. Complete or delete them before completing it.',
  TASK_REQUEST_NESTED_SUBTASK: 'A subtask cannot have subtasks of its own.',
  TASK_REQUEST_NOT_WORKER:
    'Only the delivery team can assign a task request or review it for automation.',
  COMMENT_NOT_AUTHOR: 'Only the author of a comment can change or delete it.',
  // A workflow's test run (issue 17; the spec has no test run).
  TEST_RUN_WORKFLOW_FAILED: 'Failed to test run the workflow',
  // Talent types (the catalogue of roles and hourly rates): the spec words none of these.
  TALENT_TYPE_ROLE_TAKEN: 'A talent type named "{role}" already exists. Choose another role.',
  NO_TALENT_TYPE: 'This talent type does not exist.',
  CREATE_TALENT_TYPE_FAILED: 'Failed to create the talent type',
  UPDATE_TALENT_TYPE_FAILED: 'Failed to update the talent type',
  // Admin evaluation (GET /admin/eval): the spec names the call but words no failure.
  FETCH_EVAL_FAILED: 'Failed to fetch the evaluation',
  // Chat and intake (issue 21): the spec words no list, delete, join or typing failures.
  FETCH_INTAKE_SCRIPTS_FAILED: 'Failed to fetch intake scripts',
  DELETE_INTAKE_SCRIPT_FAILED: 'Failed to delete intake script',
  JOIN_CHAT_ROOM_FAILED: 'Failed to join the chat room',
  CHAT_ALREADY_MEMBER: 'This person is already a member of the room.',
  CHAT_GUEST_LINK_EXPIRED: 'This chat invitation link has expired. Ask for a new one.',
  CHAT_GUEST_LINK_INVALID: 'This chat invitation link is not valid or has already been used.',
} as const;

export type CatalogueCode = keyof typeof ERRORS;
export type ProductErrorCode = keyof typeof PRODUCT_ERRORS;
export type ErrorCode = CatalogueCode | ProductErrorCode;

const ALL: Record<ErrorCode, string> = { ...ERRORS, ...PRODUCT_ERRORS };

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ALL, value);
}

/** The message for a code, with `{name}` placeholders filled from `params`. */
export function formatError(code: ErrorCode, params: Record<string, string | number> = {}): string {
  return ALL[code].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The generic error screen (spec section 2, legal side), worded exactly as the spec words it. */
export const ERROR_SCREEN = {
  code: 500,
  title: "We're experiencing a temporary issue.",
  description:
    "Something isn't processing as expected. We're looking into it. Please try again shortly.",
  button: 'Return Home',
  homePath: '/',
} as const;

/** An error that carries a catalogue code across a boundary (HTTP, GraphQL, IPC). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, status = 400, params: Record<string, string | number> = {}) {
    super(formatError(code, params));
    this.name = 'AppError';
    this.code = code;
    this.status = status;
  }
}
