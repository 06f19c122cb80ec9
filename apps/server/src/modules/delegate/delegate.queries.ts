import { and, count, desc, eq, inArray, isNull, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { msg, userMessages, type Message } from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { likePattern } from '../../platform/resource.js';
import { project } from '../project/index.js';
import { appUser, userDisplayNameSql, userNameSql } from '../user/index.js';
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

/** A delegation's columns with the names joined and its projects (ids and names, by name). */
export const delegateRowColumns = {
  id: delegate.id,
  rowVersion: delegate.rowVersion,
  createdAt: delegate.createdAt,
  createdBy: delegate.createdBy,
  modifiedAt: delegate.modifiedAt,
  modifiedBy: delegate.modifiedBy,
  delegateBy: delegate.delegateBy,
  delegateByName: userNameSql(delegate.delegateBy),
  delegateTo: delegate.delegateTo,
  delegateToName: userNameSql(delegate.delegateTo),
  delegateType: delegate.delegateType,
  delegateDate: delegate.delegateDate,
  startDate: delegate.startDate,
  endDate: delegate.endDate,
  enabled: delegate.enabled,
  // Qualified by hand: a bare "id" inside these subqueries would be the project's own id.
  projectIds: sql<number[]>`array(select dp.project_id from ${delegateProject} dp
    where dp.delegate_id = "delegate"."id" order by dp.project_id)`,
  projectNames: sql<string[]>`array(select p.project_name from ${delegateProject} dp
    join ${project} p on p.id = dp.project_id where dp.delegate_id = "delegate"."id" order by p.project_name)`,
};

/** The keyword box: the owner's or the delegate's login or full name. */
export function delegateKeyword(pattern: string): SQL {
  return sql`exists (select 1 from ${appUser} u where u.id in (${delegate.delegateBy}, ${delegate.delegateTo})
    and (u.login_name ilike ${pattern} or u.full_name ilike ${pattern}))`;
}

/** Whether a user exists, is not deleted and is active. */
export async function userState(q: Queryable, id: number): Promise<'active' | 'inactive' | 'missing'> {
  const [row] = await q
    .select({ status: appUser.status, deletedAt: appUser.deletedAt })
    .from(appUser)
    .where(eq(appUser.id, id));
  if (!row || row.deletedAt !== null) return 'missing';
  return row.status === 'Active' ? 'active' : 'inactive';
}

export async function missingProjects(q: Queryable, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await q.select({ id: project.id }).from(project).where(inArray(project.id, ids));
  const present = new Set(found.map((r) => r.id));
  return ids.filter((id) => !present.has(id));
}

/** A delegation as the overlap and cycle checks see it. */
export type DelegationSpan = {
  id: number | undefined;
  delegateBy: number;
  delegateTo: number;
  delegateType: 'Ticket' | 'Approval' | 'All';
  startDate: string;
  endDate: string | null;
  projectIds: number[];
};

/** Enabled delegations of `owner` (other than `exceptId`) sharing a kind of work and a day with the span. */
function sharingWorkAndDays(owner: number, span: DelegationSpan): SQL {
  const kinds = span.delegateType === 'All' ? sql`true` : inArray(delegate.delegateType, [span.delegateType, 'All']);
  const endsAfterStart = or(isNull(delegate.endDate), sql`${delegate.endDate} >= ${span.startDate}`);
  const startsBeforeEnd = span.endDate === null ? sql`true` : lte(delegate.startDate, span.endDate);
  return and(
    eq(delegate.delegateBy, owner),
    eq(delegate.enabled, true),
    span.id === undefined ? undefined : sql`${delegate.id} <> ${span.id}`,
    kinds,
    endsAfterStart,
    startsBeforeEnd,
  )!;
}

/** Another enabled delegation of the same owner for the same work, days and projects (no projects: every one). */
export async function overlappingDelegation(q: Queryable, span: DelegationSpan): Promise<number | undefined> {
  const projects =
    span.projectIds.length === 0
      ? sql`true`
      : sql`(not exists (select 1 from ${delegateProject} dp where dp.delegate_id = ${delegate.id})
          or exists (select 1 from ${delegateProject} dp where dp.delegate_id = ${delegate.id}
            and dp.project_id in (${sql.join(
              span.projectIds.map((id) => sql`${id}`),
              sql`, `,
            )})))`;
  const [row] = await q
    .select({ id: delegate.id })
    .from(delegate)
    .where(and(sharingWorkAndDays(span.delegateBy, span), projects))
    .limit(1);
  return row?.id;
}

/** An enabled delegation the other way (the delegate to the owner) for the same work and overlapping days. */
export async function reverseDelegation(q: Queryable, span: DelegationSpan): Promise<number | undefined> {
  const [row] = await q
    .select({ id: delegate.id })
    .from(delegate)
    .where(and(sharingWorkAndDays(span.delegateTo, span), eq(delegate.delegateTo, span.delegateBy)))
    .limit(1);
  return row?.id;
}

/** Serialises the checks and writes of delegations touching these users (one lock per user, in id order). */
export async function lockDelegationsOf(tx: Tx, userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(${delegationLockClass}, ${id})`);
}
/** The first key of the two-key advisory lock: "delegations of user N". */
const delegationLockClass = 727_274_201;

/** The delegate audit, newest first, with names, and the case number of a ticket that reached a delegate. */
export async function historyPage(q: Queryable, where: SQL | undefined, page: number, pageSize: number) {
  // The ticket module imports this one: its table is named in SQL rather than imported.
  const caseNumber = sql<string | null>`(select t.case_number from ticket t where t.id = ${delegateLog.ticketId})`;
  const [items, [counted]] = await Promise.all([
    q
      .select({
        id: delegateLog.id,
        delegateId: delegateLog.delegateId,
        event: delegateLog.event,
        delegateBy: delegateLog.delegateBy,
        delegateByName: userNameSql(delegateLog.delegateBy),
        delegateTo: delegateLog.delegateTo,
        delegateToName: userNameSql(delegateLog.delegateTo),
        actorId: delegateLog.actorId,
        actorName: userNameSql(delegateLog.actorId),
        ticketId: delegateLog.ticketId,
        caseNumber,
        taskId: delegateLog.taskId,
        instanceId: delegateLog.instanceId,
        detail: delegateLog.detail,
        createdAt: delegateLog.createdAt,
      })
      .from(delegateLog)
      .where(where)
      .orderBy(desc(delegateLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    q.select({ total: count() }).from(delegateLog).where(where),
  ]);
  return { items, total: counted?.total ?? 0 };
}

/** Active users by login or full name (first 20), or exactly the given users (names of ids a page shows). */
export async function pickUsers(q: Queryable, keyword: string | undefined, ids: number[]) {
  const name = userDisplayNameSql;
  if (ids.length > 0) return q.select({ id: appUser.id, name }).from(appUser).where(inArray(appUser.id, ids));
  const pattern = keyword ? likePattern(keyword) : undefined;
  return q
    .select({ id: appUser.id, name })
    .from(appUser)
    .where(
      and(
        eq(appUser.status, 'Active'),
        isNull(appUser.deletedAt),
        pattern ? or(sql`${appUser.loginName} ilike ${pattern}`, sql`${appUser.fullName} ilike ${pattern}`) : undefined,
      ),
    )
    .orderBy(appUser.loginName)
    .limit(20);
}

/** Projects by name: all of them, or only these. */
export async function pickProjects(q: Queryable, only: number[] | 'all') {
  if (only !== 'all' && only.length === 0) return [];
  return q
    .select({ id: project.id, name: sql<string>`${project.projectCode} || ' · ' || ${project.projectName}` })
    .from(project)
    .where(only === 'all' ? undefined : inArray(project.id, only))
    .orderBy(project.projectName);
}

/** A user who is the delegate of an active delegation may not be deleted: the user module asks before. */
export async function activeDelegationsRefusal(tx: Tx, userIds: number[]): Promise<Message | undefined> {
  const [delegations] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(delegate)
    .where(
      and(
        inArray(delegate.delegateTo, userIds),
        eq(delegate.enabled, true),
        sql`(${delegate.endDate} is null or ${delegate.endDate} >= current_date)`,
      ),
    );
  return delegations && delegations.n > 0 ? msg(userMessages, 'isActiveDelegate', { count: delegations.n }) : undefined;
}
