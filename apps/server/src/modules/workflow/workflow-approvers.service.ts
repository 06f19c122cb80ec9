import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

/**
 * The users a node's rule names, active and not deleted, without repeats, in a stable order (the order a
 * `sequence` node asks them in). Empty when the rule finds nobody; the engine then applies the node's
 * `noApprover` rule. Delegation is not applied here (the engine does, per task).
 */
export async function resolveApprovers(tx: Tx, rule: ApproverRule, context: ApproverContext): Promise<number[]> {
  switch (rule.strategy) {
    case 'users':
      return activeUsers(tx, rule.ids ?? []);
    case 'initiatorPicks':
    case 'previousPicks':
      return activeUsers(tx, context.picks[context.nodeId] ?? []);
    default:
      // The other strategies (role, group, position, department, leaders, record field) come with the
      // approver-rules branch of issue 13.
      throw new Error(`approver strategy ${rule.strategy} is not built yet`);
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

/**
 * The leaders above a user: the leader of their department, then of the department above, ... (`levels` of
 * them at most), skipping the user themself and inactive leaders. `leaderLevels` and a node's
 * `selfApprover: 'leader'` use it. (Completed by the approver-rules branch.)
 */
export async function leadersOf(tx: Tx, userId: number, levels: number): Promise<number[]> {
  const rows = await rowsOf<{ leader_id: number }>(
    tx,
    sql`
    with recursive up(id, leader_id, parent_id, depth) as (
      select d.id, d.leader_id, d.parent_id, 1 from dept d join app_user u on u.dept_id = d.id where u.id = ${userId}
      union all
      select d.id, d.leader_id, d.parent_id, up.depth + 1 from dept d join up on d.id = up.parent_id where up.depth < 20)
    select up.leader_id from up
      join app_user l on l.id = up.leader_id and l.status = 'Active' and l.deleted_at is null
     where up.leader_id <> ${userId}
     order by up.depth`,
  );
  return [...new Set(rows.map((row) => row.leader_id))].slice(0, levels);
}

/** A user's escalation contact (`user.escalation`: a login name or an e-mail address), when active. */
export async function escalationContactOf(tx: Tx, userId: number): Promise<number | null> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`
    select c.id from app_user u
      join app_user c on (lower(c.login_name) = lower(trim(u.escalation)) or lower(c.email) = lower(trim(u.escalation)))
     where u.id = ${userId} and c.id <> u.id and c.status = 'Active' and c.deleted_at is null
     order by (lower(c.login_name) = lower(trim(u.escalation))) desc, c.id
     limit 1`,
  );
  return rows[0]?.id ?? null;
}
