import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { RequisitionStatus } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { requisition } from './requisition.table.js';

/**
 * Who sees a requisition (every route also needs `requisition:view`): its requester and its author, anyone
 * who holds or held an approval task on it, and beyond that the data scope as tickets have it: all, the
 * actor's projects (a requisition without a project only by the people above), or nothing more.
 */
export function requisitionScope(actor: Actor): SQL | undefined {
  if (actor.dataScope === 'all') return undefined;
  const me = actor.userId;
  const involved = sql`(${requisition.requesterId} = ${me} or ${requisition.createdBy} = ${me}
    or exists (select 1 from workflow_task t join workflow_instance i on i.id = t.instance_id
      where i.business_type = 'Requisition' and i.business_id = "requisition"."id"
        and (t.assignee_id = ${me} or t.owner_id = ${me})))`;
  if (actor.dataScope === 'projects' && actor.projects.length > 0)
    return or(inArray(requisition.projectId, actor.projects), involved);
  return involved;
}

/** Statuses in which the requester may still change the requisition (and submit it). */
export const editableStatuses: readonly RequisitionStatus[] = ['Draft', 'Rejected'];
export const isEditable = (status: RequisitionStatus) => editableStatuses.includes(status);
