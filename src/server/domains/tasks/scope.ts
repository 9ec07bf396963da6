/**
 * The SQL of permissions.ts `deliveryReach`: which requests and tasks a viewer sees. Every read
 * and write of this domain is filtered by these, so a request or task out of reach answers
 * exactly like a missing one.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { project, projectTeamMember, request } from '../../db/schemaDelivery';
import { task } from '../../db/schemaTasks';
import { deliveryReach, type Viewer } from '../../permissions';
import { TASK_STATUS } from '../../../shared/delivery/taskStatus';

/** Projects the viewer leads or is a live team member of. */
function myProjects(viewer: Viewer): SQL {
  const me = viewer.user.id;
  return sql`(select ${project.id} from ${project} where ${project.tech_lead_id} = ${me} and ${project.is_deleted} = false
    union select ${projectTeamMember.project_id} from ${projectTeamMember}
      where ${projectTeamMember.user_profile_id} = ${me} and ${projectTeamMember.is_deleted} = false)`;
}

/** Projects the viewer leads. */
function ledProjects(viewer: Viewer): SQL {
  return sql`(select ${project.id} from ${project} where ${project.tech_lead_id} = ${viewer.user.id} and ${project.is_deleted} = false)`;
}

/** Tasks the viewer sees (not yet filtered by is_deleted). */
export function taskScope(viewer: Viewer): SQL {
  const me = viewer.user.id;
  switch (deliveryReach(viewer)) {
    case 'companies':
      return inArray(task.company_id, [...viewer.companyIds]);
    case 'projects':
      return or(
        sql`${task.project_id} in ${myProjects(viewer)}`,
        eq(task.created_by, me),
        sql`${task.request_id} in (select ${request.id} from ${request} where ${request.created_by} = ${me})`,
      )!;
    case 'assigned':
      return or(
        eq(task.assignee_id, me),
        eq(task.qa_id, me),
        sql`${task.project_id} in ${ledProjects(viewer)}`,
        viewer.userType === 'qa'
          ? and(
              eq(task.status_id, TASK_STATUS.READY_FOR_TESTING),
              isNull(task.qa_id),
              sql`${task.project_id} in ${myProjects(viewer)}`,
            )
          : sql`false`,
      )!;
  }
}

/** Requests the viewer sees (not yet filtered by is_deleted). */
export function requestScope(viewer: Viewer): SQL {
  const me = viewer.user.id;
  switch (deliveryReach(viewer)) {
    case 'companies':
      return inArray(request.company_id, [...viewer.companyIds]);
    case 'projects':
      return or(sql`${request.project_id} in ${myProjects(viewer)}`, eq(request.created_by, me))!;
    case 'assigned':
      return or(
        sql`${request.project_id} in ${ledProjects(viewer)}`,
        sql`${request.id} in (select ${task.request_id} from ${task}
          where ${task.is_deleted} = false and (${task.assignee_id} = ${me} or ${task.qa_id} = ${me}))`,
      )!;
  }
}

/** Projects the viewer may raise requests on or plan tasks in. */
export function projectScope(viewer: Viewer): SQL {
  switch (deliveryReach(viewer)) {
    case 'companies':
      return inArray(project.company_id, [...viewer.companyIds]);
    default:
      return sql`${project.id} in ${myProjects(viewer)}`;
  }
}
