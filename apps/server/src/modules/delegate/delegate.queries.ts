import { and, eq, inArray, isNull, lte, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/db.js';
import { appUser } from '../user/index.js';
import { delegate, delegateLog, delegateProject } from './delegate.table.js';

/** An id in a statement: given, an expression, or a placeholder of a statement built once. */
type Id = number | SQLWrapper;

/** What a delegation passes on: tickets assigned to the owner, approval tasks, or both (`All`). */
export type DelegatedWork = 'Ticket' | 'Approval';

/**
 * The one rule of who holds an owner's work on a day (`YYYY-MM-DD`): the owner's delegation that is on, of
 * this kind (or `All`), whose dates include the day, for this project (a delegation without projects covers
 * every project; a record without a project matches only those), to a user who is active. The newest wins.
 * No chains: the delegate's own delegation is not followed (a caller asks once, for the owner).
 */
export function activeDelegateQuery(
  q: Queryable,
  owner: Id,
  work: DelegatedWork,
  projectId: Id | null,
  day: string | SQLWrapper,
) {
  const projectRule = sql`(not exists (select 1 from ${delegateProject} dp where dp.delegate_id = ${delegate.id})${
    projectId === null
      ? sql``
      : sql` or exists (select 1 from ${delegateProject} dp where dp.delegate_id = ${delegate.id} and dp.project_id = ${projectId})`
  })`;
  return q
    .select({ delegateTo: delegate.delegateTo })
    .from(delegate)
    .innerJoin(appUser, eq(appUser.id, delegate.delegateTo))
    .where(
      and(
        eq(delegate.delegateBy, owner),
        eq(delegate.enabled, true),
        inArray(delegate.delegateType, [work, 'All']),
        projectRule,
        lte(delegate.startDate, day),
        or(isNull(delegate.endDate), sql`${delegate.endDate} >= ${day}`),
        eq(appUser.status, 'Active'),
        isNull(appUser.deletedAt),
      ),
    )
    .orderBy(sql`${delegate.id} desc`)
    .limit(1);
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The owner's active delegate for this kind of work and project on this day, if any. */
export async function activeDelegate(
  q: Queryable,
  owner: number,
  work: DelegatedWork,
  projectId: number | null,
  onDay: Date,
): Promise<number | null> {
  const [row] = await activeDelegateQuery(q, owner, work, projectId, utcDay(onDay));
  return row?.delegateTo ?? null;
}

/**
 * Writes to the delegate audit that a ticket or an approval task reached a delegate (called by whoever gives
 * the work, inside its transaction, right after `activeDelegate` answered someone).
 */
export async function recordDelegatedWork(
  tx: Tx,
  entry: {
    delegateBy: number;
    delegateTo: number;
    actorId: number | null;
  } & ({ ticketId: number } | { taskId: number; instanceId: number }),
): Promise<void> {
  await tx.insert(delegateLog).values({
    event: 'ticketId' in entry ? 'ticketReached' : 'taskReached',
    delegateBy: entry.delegateBy,
    delegateTo: entry.delegateTo,
    actorId: entry.actorId,
    ticketId: 'ticketId' in entry ? entry.ticketId : null,
    taskId: 'taskId' in entry ? entry.taskId : null,
    instanceId: 'instanceId' in entry ? entry.instanceId : null,
  });
}
