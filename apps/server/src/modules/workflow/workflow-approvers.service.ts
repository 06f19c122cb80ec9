import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ApproverRule } from '@casedesk/shared';
import { rowsOf, type Tx } from '../../platform/db.js';
import { appUser } from '../user/index.js';

/** What an approver rule is resolved against. */
export type ApproverContext = {
  /** The node being entered (picks are keyed by it). */
  nodeId: string;
  initiatorId: number;
  /** The business record's fields (`businessFields[type]`). */
  fields: Record<string, unknown>;
  /** Approvers people picked: node id → user ids (initiatorPicks at submit, previousPicks at approve). */
  picks: Record<string, number[]>;
};

/** How deep a department tree is walked at most (a guard against a parent loop in bad data). */
const maxDeptDepth = 20;

/**
 * The users a node's rule names, active and not deleted, without repeats, in a stable order (the order a
 * `sequence` node asks them in). Empty when the rule finds nobody; the engine then applies the node's
 * `noApprover` rule. Delegation is not applied here (the engine does, per task).
 *
 * Order: `users` and the picks as given; `deptLeader` by the listed departments; `leaderLevels` nearest
 * leader first; `recordField` as the field lists them; role, group, position and department members by
 * user id (the order accounts were made: stable, and the same on every database, unlike names by collation).
 * A role that is disabled, or a group, position or department that is Inactive, names nobody. Department
 * members are the users of the listed departments themselves, not of their sub-departments (list those too
 * when they are meant): a department's leader approving for every team below is `deptLeader`'s job.
 */
export async function resolveApprovers(tx: Tx, rule: ApproverRule, context: ApproverContext): Promise<number[]> {
  const ids = [...new Set(rule.ids ?? [])];
  switch (rule.strategy) {
    case 'users':
      return activeUsers(tx, ids);
    case 'initiatorPicks':
    case 'previousPicks':
      return activeUsers(tx, context.picks[context.nodeId] ?? []);
    case 'recordField':
      return activeUsers(tx, rule.field ? userIdsIn(context.fields[rule.field]) : []);
    case 'role':
      return membersWhere(
        tx,
        ids,
        (list) =>
          sql`exists (select 1 from user_role ur join role r on r.id = ur.role_id
                       where ur.user_id = u.id and r.enabled and r.id in (${list}))`,
      );
    case 'group':
      return membersWhere(
        tx,
        ids,
        (list) =>
          sql`exists (select 1 from user_group_member m join user_group g on g.id = m.group_id
                       where m.user_id = u.id and g.status = 'Active' and g.id in (${list}))`,
      );
    case 'position':
      return membersWhere(
        tx,
        ids,
        (list) =>
          sql`exists (select 1 from position p where p.id = u.position_id and p.status = 'Active' and p.id in (${list}))`,
      );
    case 'deptMembers':
      return membersWhere(
        tx,
        ids,
        (list) =>
          sql`exists (select 1 from dept d where d.id = u.dept_id and d.status = 'Active' and d.id in (${list}))`,
      );
    case 'deptLeader': {
      const depts = ids.length > 0 ? ids : await deptOf(tx, context.initiatorId);
      const leaders: number[] = [];
      for (const deptId of depts) {
        const leader = await nearestLeader(tx, deptId);
        if (leader !== null) leaders.push(leader);
      }
      return [...new Set(leaders)];
    }
    case 'leaderLevels':
      return leadersOf(tx, context.initiatorId, rule.levels ?? 1);
  }
}

/** The given users that are active, in the given order, once each. */
async function activeUsers(tx: Tx, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(inArray(appUser.id, unique), eq(appUser.status, 'Active'), isNull(appUser.deletedAt)));
  const active = new Set(rows.map((row) => row.id));
  return unique.filter((id) => active.has(id));
}

/** A record field's user ids: one id, a numeric text, or a list of them (anything else names nobody). */
function userIdsIn(value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  return values
    .map((item) => (typeof item === 'string' && /^\d+$/.test(item.trim()) ? Number(item) : item))
    .filter((item): item is number => typeof item === 'number' && Number.isSafeInteger(item) && item > 0);
}

/** Active, not deleted users matching `membership(ids)`, by id. */
async function membersWhere(tx: Tx, ids: readonly number[], membership: (list: SQL) => SQL): Promise<number[]> {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`select u.id from app_user u
         where u.status = 'Active' and u.deleted_at is null and ${membership(list)}
         order by u.id`,
  );
  return rows.map((row) => Number(row.id));
}

async function deptOf(tx: Tx, userId: number): Promise<number[]> {
  const [row] = await tx.select({ deptId: appUser.deptId }).from(appUser).where(eq(appUser.id, userId));
  return row?.deptId ? [row.deptId] : [];
}

/**
 * The leader of a department, or, when it has none (no leader, an inactive or deleted one, or the department
 * is Inactive), the nearest one above: work never waits on a post nobody holds.
 */
async function nearestLeader(tx: Tx, deptId: number): Promise<number | null> {
  const rows = await rowsOf<{ leader_id: number }>(
    tx,
    sql`
    with recursive up(id, leader_id, parent_id, status, depth) as (
      select d.id, d.leader_id, d.parent_id, d.status, 1 from dept d where d.id = ${deptId}
      union all
      select d.id, d.leader_id, d.parent_id, d.status, up.depth + 1 from dept d join up on d.id = up.parent_id
       where up.depth < ${maxDeptDepth})
    select up.leader_id from up
      join app_user l on l.id = up.leader_id and l.status = 'Active' and l.deleted_at is null
     where up.status = 'Active'
     order by up.depth
     limit 1`,
  );
  return rows[0] ? Number(rows[0].leader_id) : null;
}

/**
 * The leaders above a user, nearest first, `levels` of them at most: the leader of their department, then of
 * the department above, ... A department without an active leader (or Inactive) is passed over upward; the
 * user themself is passed over (a department leader's first leader is the one above them); a person who
 * leads several levels counts once. `leaderLevels` and a node's `selfApprover: 'leader'` use it.
 */
export async function leadersOf(tx: Tx, userId: number, levels: number): Promise<number[]> {
  if (levels < 1) return [];
  const rows = await rowsOf<{ leader_id: number }>(
    tx,
    sql`
    with recursive up(id, leader_id, parent_id, status, depth) as (
      select d.id, d.leader_id, d.parent_id, d.status, 1 from dept d join app_user u on u.dept_id = d.id where u.id = ${userId}
      union all
      select d.id, d.leader_id, d.parent_id, d.status, up.depth + 1 from dept d join up on d.id = up.parent_id
       where up.depth < ${maxDeptDepth})
    select up.leader_id from up
      join app_user l on l.id = up.leader_id and l.status = 'Active' and l.deleted_at is null
     where up.leader_id <> ${userId} and up.status = 'Active'
     order by up.depth`,
  );
  return [...new Set(rows.map((row) => Number(row.leader_id)))].slice(0, levels);
}

/**
 * A user's escalation contact (`user.escalation`: a login name or an e-mail address), when active and not
 * deleted, and not the user themself. A login name wins over an e-mail address; of several users sharing the
 * address, the oldest account.
 */
export async function escalationContactOf(tx: Tx, userId: number): Promise<number | null> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`
    select c.id from app_user u
      join app_user c on (lower(c.login_name) = lower(trim(u.escalation)) or lower(c.email) = lower(trim(u.escalation)))
     where u.id = ${userId} and c.id <> u.id and c.status = 'Active' and c.deleted_at is null
       and trim(u.escalation) <> ''
     order by (lower(c.login_name) = lower(trim(u.escalation))) desc, c.id
     limit 1`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}
