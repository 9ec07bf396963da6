/**
 * The permission model: one function per rule. Every service asks these; every repository query
 * is additionally filtered by `viewer.companyIds`, so another tenant's ids behave exactly like ids
 * that do not exist. Which rule guards which GraphQL field and REST route is the table in
 * docs/ARCHITECTURE.md ("Permission model"), checked by tests/integration/permission-model.test.ts.
 */
import type { LegalUserTypeName, UserProfileRow, UserTypeName } from './db/schema';

export interface Viewer {
  user: UserProfileRow;
  userType: UserTypeName;
  sessionId: string;
  /** Companies whose data this caller may read (own company first). */
  companyIds: readonly string[];
  /** Companies whose settings this caller may change. */
  managedCompanyIds: readonly string[];
}

const PROVIDER_TYPES: ReadonlySet<UserTypeName> = new Set([
  'project_manager',
  'tech_lead',
  'qa',
  'developer',
  'talent',
  'internal_manager',
  'internal_admin',
]);

export function isProviderUserType(type: UserTypeName): boolean {
  return PROVIDER_TYPES.has(type);
}

/** Company-side administrator: the customer account or a legal admin of their own company. */
export function isCompanyAdmin(
  userType: UserTypeName,
  legalUserType: LegalUserTypeName | null,
): boolean {
  return userType === 'customer' || legalUserType === 'admin';
}

/**
 * Which companies a user may see and manage.
 * - internal_admin: every company (reads and manages all).
 * - internal_manager: own company plus the companies assigned in company_access; manages the assigned ones.
 * - customer / legal admin: own company; manages it.
 * - everyone else: own company, read-only settings.
 */
export function companyScope(
  user: Pick<UserProfileRow, 'company_id' | 'legal_user_type'>,
  userType: UserTypeName,
  assignedCompanyIds: readonly string[],
  allCompanyIds: readonly string[],
): { companyIds: string[]; managedCompanyIds: string[] } {
  if (userType === 'internal_admin') {
    const all = [user.company_id, ...allCompanyIds.filter((id) => id !== user.company_id)];
    return { companyIds: all, managedCompanyIds: all };
  }
  if (userType === 'internal_manager') {
    const assigned = assignedCompanyIds.filter((id) => id !== user.company_id);
    return { companyIds: [user.company_id, ...assigned], managedCompanyIds: assigned };
  }
  const manages = isCompanyAdmin(userType, user.legal_user_type);
  return { companyIds: [user.company_id], managedCompanyIds: manages ? [user.company_id] : [] };
}

export function canViewCompany(viewer: Viewer, companyId: string): boolean {
  return viewer.companyIds.includes(companyId);
}

export function canManageCompany(viewer: Viewer, companyId: string): boolean {
  return viewer.managedCompanyIds.includes(companyId);
}

export function canViewUser(viewer: Viewer, user: Pick<UserProfileRow, 'company_id'>): boolean {
  return canViewCompany(viewer, user.company_id);
}

/** Profiles (about me, avatar) are changed by their owner only. */
export function canEditProfile(viewer: Viewer, userId: string): boolean {
  return viewer.user.id === userId;
}

export function canReadNotification(
  viewer: Viewer,
  notification: { receiver_id: string },
): boolean {
  return notification.receiver_id === viewer.user.id;
}

/** A notification may go to any user the sender can see. */
export function canNotify(viewer: Viewer, receiver: Pick<UserProfileRow, 'company_id'>): boolean {
  return canViewUser(viewer, receiver);
}

export function canUploadFor(viewer: Viewer, companyId: string): boolean {
  return canViewCompany(viewer, companyId);
}

export function canReadFile(viewer: Viewer, file: { company_id: string }): boolean {
  return canViewCompany(viewer, file.company_id);
}

/**
 * The admin file change log of a document is read by its company's administrators only: the
 * customer account and legal admins of the company, the provider's internal admins, and internal
 * managers assigned to it. Paralegals, attorneys, staff and other users are refused.
 */
export function canReadAdminChangeLog(viewer: Viewer, file: { company_id: string }): boolean {
  return canManageCompany(viewer, file.company_id);
}

/** Changes made by the same administrators (and only theirs) are written to that log. */
export function writesAdminChangeLog(viewer: Viewer, file: { company_id: string }): boolean {
  return canManageCompany(viewer, file.company_id);
}

/**
 * People of a company (invite, change role, deactivate, reactivate) are managed by those who manage
 * the company: its customer account and legal admins, internal admins, and assigned internal managers.
 */
export function canManageUsers(viewer: Viewer, companyId: string): boolean {
  return canManageCompany(viewer, companyId);
}

/**
 * An administrator of their own company, the kind the last-admin guard keeps at least one of
 * (managementRepository.ts counts the same in SQL): customer accounts, legal admins, internal admins.
 */
export function isOwnCompanyAdmin(
  userType: UserTypeName,
  legalUserType: LegalUserTypeName | null,
): boolean {
  return userType === 'internal_admin' || isCompanyAdmin(userType, legalUserType);
}

/**
 * How far a delivery user's requests and tasks reach (issue 19; the spec leaves enforcement open):
 * - `companies`: customers and company users see their own company's requests and tasks; the
 *   provider's internal admins and managers those of the companies they see (`companyIds`);
 * - `projects`: project managers, the projects they are on (team member or tech lead) and the
 *   requests they raised;
 * - `assigned`: talent (tech lead, QA, developer), only tasks assigned to them (assignee or QA),
 *   tasks of projects they lead, tasks at status 10 without a QA person in projects a QA is on, and
 *   the requests of those tasks and projects.
 * SQL of these reaches: domains/tasks/scope.ts.
 */
export type DeliveryReach = 'companies' | 'projects' | 'assigned';

export function deliveryReach(viewer: Viewer): DeliveryReach {
  switch (viewer.userType) {
    case 'project_manager':
      return 'projects';
    case 'tech_lead':
    case 'qa':
    case 'developer':
    case 'talent':
      return 'assigned';
    default:
      return 'companies';
  }
}

/** Requests are raised by customers, company users, project managers and the provider's staff. */
export function canRaiseRequest(viewer: Viewer): boolean {
  return deliveryReach(viewer) !== 'assigned';
}

/**
 * Tasks of a project are planned (created, changed, assigned, deleted) by its tech lead, project
 * managers on it, and the provider's internal admins and managers who see its company.
 */
export function canPlanTasks(
  viewer: Viewer,
  project: { company_id: string; tech_lead_id: string | null },
): boolean {
  if (project.tech_lead_id === viewer.user.id) return true;
  if (viewer.userType === 'project_manager') return true;
  return (
    (viewer.userType === 'internal_admin' || viewer.userType === 'internal_manager') &&
    canViewCompany(viewer, project.company_id)
  );
}

/** A QA user may take a task that is available for QA (status 10, no qa_id) in a project they see. */
export function canTakeForQa(viewer: Viewer): boolean {
  return viewer.userType === 'qa';
}

/** What the project rules need to know of a project and the caller's place on it. */
export interface ProjectAccess {
  company_id: string;
  tech_lead_id: string | null;
  /** Whether the caller is a live team member of the project. */
  is_member: boolean;
  /** Whether the caller's live membership is as the project manager's user type. */
  is_project_manager_member?: boolean;
}

/**
 * A project is seen by whoever sees its company (its customers, internal admins, assigned internal
 * managers), its tech lead and its live team members (the provider's delivery people).
 */
export function canViewProject(viewer: Viewer, project: ProjectAccess): boolean {
  return (
    canViewCompany(viewer, project.company_id) ||
    project.tech_lead_id === viewer.user.id ||
    project.is_member
  );
}

/**
 * A project's team, tech stacks and environments are changed by the managers of its company, its
 * tech lead and a project manager on its team.
 */
export function canManageProject(viewer: Viewer, project: ProjectAccess): boolean {
  return (
    canManageCompany(viewer, project.company_id) ||
    project.tech_lead_id === viewer.user.id ||
    (viewer.userType === 'project_manager' && project.is_member)
  );
}

/** Projects are created by the company's managers (its customer account, internal admins and managers). */
export function canCreateProject(viewer: Viewer, companyId: string): boolean {
  return canManageCompany(viewer, companyId);
}

/**
 * The talent type catalogue (roles and hourly rates) prices every company's task estimates, so
 * only the provider's internal admins create and change it; everyone signed in reads it.
 */
export function canManageTalentTypes(viewer: Viewer): boolean {
  return viewer.userType === 'internal_admin';
}

/** Talent records (of a company's people) are created and changed by the company's managers. */
export function canManageTalent(viewer: Viewer, talent: { company_id: string }): boolean {
  return canManageCompany(viewer, talent.company_id);
}

/**
 * Task requests (issue 21) are filed and followed by everyone who sees the company; the delivery
 * side (the provider's internal admins, and internal managers assigned to the company) works them:
 * sets the assignee and the automation review status. The firm's own users do not.
 */
export function canWorkLegalRequest(viewer: Viewer, request: { company_id: string }): boolean {
  return (
    (viewer.userType === 'internal_admin' || viewer.userType === 'internal_manager') &&
    viewer.user.company_id !== request.company_id &&
    canViewCompany(viewer, request.company_id)
  );
}

/** A task request's comment is changed or deleted by its author only. */
export function canEditLegalRequestComment(
  viewer: Viewer,
  comment: { created_by: string | null },
): boolean {
  return comment.created_by === viewer.user.id;
}

/**
 * A chat guest (issue 21): someone who joined one room through its invitation link. Their session
 * reaches that room as that member and nothing else: every other field refuses them (requireViewer).
 */
export interface ChatGuest {
  sessionId: string;
  memberId: string;
  roomId: string;
  companyId: string;
}

/** Who calls a chat field: a signed-in user, or a joined guest. */
export type ChatCaller = { kind: 'staff'; viewer: Viewer } | { kind: 'guest'; guest: ChatGuest };

/**
 * A chat room is used (read, written, followed) by its members only: a user who is a member of a
 * room of a company they see, or the guest of that room's own member row.
 */
export function canUseChatRoom(
  caller: ChatCaller,
  room: { id: string; company_id: string },
  member: { id: string; room_id: string; user_id: string | null },
): boolean {
  if (member.room_id !== room.id) return false;
  if (caller.kind === 'guest')
    return caller.guest.roomId === room.id && caller.guest.memberId === member.id;
  return canViewCompany(caller.viewer, room.company_id) && member.user_id === caller.viewer.user.id;
}

/**
 * An unsent chat upload is removed by its uploader only: the guest of its member row, or the user
 * of its member row while they still see the room's company. Whether it was sent is checked apart.
 */
export function canRemoveChatUpload(
  caller: ChatCaller,
  uploader: { member_id: string; user_id: string | null; company_id: string },
): boolean {
  if (caller.kind === 'guest') return caller.guest.memberId === uploader.member_id;
  return (
    canViewCompany(caller.viewer, uploader.company_id) && uploader.user_id === caller.viewer.user.id
  );
}

/**
 * Members are added by the room's staff members (not its guests); only users of the room's
 * company, and its legal staff and contacts, can be added (a guest by name).
 */
export function canAddChatMember(caller: ChatCaller, room: { company_id: string }): boolean {
  return caller.kind === 'staff' && canViewCompany(caller.viewer, room.company_id);
}
