import { and, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { scheduledTicket } from './scheduled-ticket.table.js';

// Scheduled tickets are seen as the tickets they make would be (the ticket policy's rules, on this table).

/** The actor owns, would work or was granted the tickets it makes. */
function involvedSql(actor: Actor): SQL {
  const me = actor.userId;
  return sql`(${scheduledTicket.createdBy} = ${me} or ${scheduledTicket.assignTo} = ${me}
              or ${scheduledTicket.grantAccess} @> array[${me}]::integer[])`;
}

/** The list scope, inside every query: all, the actor's projects (or involved), or only involved; private ones as tickets. */
export function scheduledVisibleSql(actor: Actor): SQL | undefined {
  let scope: SQL | undefined;
  if (actor.dataScope === 'projects' && actor.projects.length > 0)
    scope = or(inArray(scheduledTicket.projectId, actor.projects), involvedSql(actor));
  else if (actor.dataScope !== 'all') scope = involvedSql(actor);
  const privateRule = hasPermission(actor, 'ticket:private')
    ? undefined
    : or(not(scheduledTicket.privateTicket), involvedSql(actor));
  return and(scope, privateRule);
}
