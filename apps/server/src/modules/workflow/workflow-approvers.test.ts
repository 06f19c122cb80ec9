import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApproverRule } from '@casedesk/shared';
import { createUser, useTestApp } from '../../../test/helpers.js';
import { dept } from '../dept/index.js';
import { position } from '../position/index.js';
import { role } from '../role/index.js';
import { appUser, userRole } from '../user/index.js';
import { userGroup, userGroupMember } from '../userGroup/index.js';
import {
  escalationContactOf,
  leadersOf,
  resolveApprovers,
  type ApproverContext,
} from './workflow-approvers.service.js';

const ctx = useTestApp();
const code = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

async function user(values: Partial<typeof appUser.$inferInsert> = {}): Promise<number> {
  return (await createUser(ctx, { values })).id;
}
const inactiveUser = (values: Partial<typeof appUser.$inferInsert> = {}) => user({ ...values, status: 'Inactive' });
const deletedUser = (values: Partial<typeof appUser.$inferInsert> = {}) => user({ ...values, deletedAt: new Date() });

async function newDept(values: Partial<typeof dept.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(dept)
    .values({ name: code('Dept'), code: code('d'), ...values })
    .returning({ id: dept.id });
  return row!.id;
}
const setLeader = (deptId: number, leaderId: number | null) =>
  ctx.db.update(dept).set({ leaderId }).where(eq(dept.id, deptId));
const moveTo = (userId: number, deptId: number) => ctx.db.update(appUser).set({ deptId }).where(eq(appUser.id, userId));

async function newRole(members: number[], enabled = true): Promise<number> {
  const name = code('role');
  const [row] = await ctx.db.insert(role).values({ name, code: name, enabled }).returning({ id: role.id });
  if (members.length) await ctx.db.insert(userRole).values(members.map((userId) => ({ userId, roleId: row!.id })));
  return row!.id;
}
async function newGroup(members: number[], status: 'Active' | 'Inactive' = 'Active'): Promise<number> {
  const [row] = await ctx.db
    .insert(userGroup)
    .values({ name: code('group'), status })
    .returning({ id: userGroup.id });
  if (members.length)
    await ctx.db.insert(userGroupMember).values(members.map((userId) => ({ userId, groupId: row!.id })));
  return row!.id;
}
async function newPosition(status: 'Active' | 'Inactive' = 'Active'): Promise<number> {
  const name = code('pos');
  const [row] = await ctx.db.insert(position).values({ name, code: name, status }).returning({ id: position.id });
  return row!.id;
}

function context(initiatorId: number, more: Partial<ApproverContext> = {}): ApproverContext {
  return { nodeId: 'n1', initiatorId, fields: {}, picks: {}, ...more };
}
const resolve = (rule: ApproverRule, c: ApproverContext) => ctx.db.transaction((tx) => resolveApprovers(tx, rule, c));
const leaders = (userId: number, levels: number) => ctx.db.transaction((tx) => leadersOf(tx, userId, levels));
const escalation = (userId: number) => ctx.db.transaction((tx) => escalationContactOf(tx, userId));

describe('approver rules (resolveApprovers)', () => {
  it('users: the given order, once each, only active and not deleted ones', async () => {
    const initiator = await user();
    const [a, b] = [await user(), await user()];
    const [off, gone] = [await inactiveUser(), await deletedUser()];
    const found = await resolve({ strategy: 'users', ids: [b, off, a, gone, b, 999_999] }, context(initiator));
    expect(found).toEqual([b, a]);
    expect(await resolve({ strategy: 'users', ids: [] }, context(initiator))).toEqual([]);
    expect(await resolve({ strategy: 'users' }, context(initiator))).toEqual([]);
  });

  it('role: members of the enabled roles, by id, once each; a disabled role names nobody', async () => {
    const initiator = await user();
    const [a, b, c] = [await user(), await user(), await user()];
    const [off, gone] = [await inactiveUser(), await deletedUser()];
    const first = await newRole([c, a, off]);
    const second = await newRole([a, b, gone]);
    const disabled = await newRole([initiator], false);
    expect(await resolve({ strategy: 'role', ids: [second, first, disabled] }, context(initiator))).toEqual([a, b, c]);
    expect(await resolve({ strategy: 'role', ids: [disabled] }, context(initiator))).toEqual([]);
    expect(await resolve({ strategy: 'role', ids: [await newRole([])] }, context(initiator))).toEqual([]);
  });

  it('group: members of the active groups; an inactive group names nobody', async () => {
    const initiator = await user();
    const [a, b] = [await user(), await user()];
    const off = await inactiveUser();
    const group = await newGroup([b, off, a]);
    const inactive = await newGroup([initiator], 'Inactive');
    expect(await resolve({ strategy: 'group', ids: [group, inactive] }, context(initiator))).toEqual([a, b]);
    expect(await resolve({ strategy: 'group', ids: [inactive] }, context(initiator))).toEqual([]);
  });

  it('position: users holding the positions; an inactive position names nobody', async () => {
    const initiator = await user();
    const [manager, inactivePosition] = [await newPosition(), await newPosition('Inactive')];
    const a = await user({ positionId: manager });
    const b = await user({ positionId: manager });
    await inactiveUser({ positionId: manager });
    await deletedUser({ positionId: manager });
    await user({ positionId: inactivePosition });
    await user();
    expect(await resolve({ strategy: 'position', ids: [manager, inactivePosition] }, context(initiator))).toEqual([
      a,
      b,
    ]);
    expect(await resolve({ strategy: 'position', ids: [inactivePosition] }, context(initiator))).toEqual([]);
  });

  it('deptMembers: the users of the listed departments themselves, not of sub-departments or inactive ones', async () => {
    const initiator = await user();
    const parent = await newDept();
    const child = await newDept({ parentId: parent });
    const closed = await newDept({ status: 'Inactive' });
    const a = await user({ deptId: parent });
    const b = await user({ deptId: parent });
    const inChild = await user({ deptId: child });
    await inactiveUser({ deptId: parent });
    await deletedUser({ deptId: parent });
    await user({ deptId: closed });
    expect(await resolve({ strategy: 'deptMembers', ids: [parent, closed] }, context(initiator))).toEqual([a, b]);
    expect(await resolve({ strategy: 'deptMembers', ids: [child, parent] }, context(initiator))).toEqual([
      a,
      b,
      inChild,
    ]);
    expect(await resolve({ strategy: 'deptMembers', ids: [await newDept()] }, context(initiator))).toEqual([]);
  });

  it("deptLeader: each listed department's leader in the listed order; one without a leader is covered from above", async () => {
    const head = await user();
    const top = await newDept({ leaderId: head });
    const financeLead = await user();
    const finance = await newDept({ parentId: top, leaderId: financeLead });
    const itLead = await user();
    const it_ = await newDept({ parentId: top, leaderId: itLead });
    const leaderless = await newDept({ parentId: finance });
    const offLead = await inactiveUser();
    const inactiveLeader = await newDept({ parentId: it_, leaderId: offLead });
    const initiator = await user({ deptId: leaderless });
    const found = await resolve({ strategy: 'deptLeader', ids: [it_, finance, top] }, context(initiator));
    expect(found).toEqual([itLead, financeLead, head]);
    // No leader: the one above; an inactive leader: the one above; the same person counts once.
    expect(
      await resolve({ strategy: 'deptLeader', ids: [leaderless, inactiveLeader, finance] }, context(initiator)),
    ).toEqual([financeLead, itLead]);
  });

  it("deptLeader without departments: the initiator's own department (the leader may be the initiator)", async () => {
    const head = await user();
    const top = await newDept({ leaderId: head });
    const teamLead = await user();
    const team = await newDept({ parentId: top, leaderId: teamLead });
    const member = await user({ deptId: team });
    expect(await resolve({ strategy: 'deptLeader' }, context(member))).toEqual([teamLead]);
    // The leader's own department names them: the node's selfApprover rule decides what happens then.
    await moveTo(teamLead, team);
    expect(await resolve({ strategy: 'deptLeader' }, context(teamLead))).toEqual([teamLead]);
    // Without a leader, the department above's.
    await setLeader(team, null);
    expect(await resolve({ strategy: 'deptLeader' }, context(member))).toEqual([head]);
    // Without a department, nobody.
    expect(await resolve({ strategy: 'deptLeader' }, context(await user()))).toEqual([]);
  });

  it('leaderLevels: the leaders 1..N levels up, nearest first', async () => {
    const ceo = await user();
    const company = await newDept({ leaderId: ceo });
    const director = await user();
    const division = await newDept({ parentId: company, leaderId: director });
    const manager = await user();
    const team = await newDept({ parentId: division, leaderId: manager });
    const initiator = await user({ deptId: team });
    expect(await resolve({ strategy: 'leaderLevels', levels: 1 }, context(initiator))).toEqual([manager]);
    expect(await resolve({ strategy: 'leaderLevels', levels: 2 }, context(initiator))).toEqual([manager, director]);
    expect(await resolve({ strategy: 'leaderLevels', levels: 5 }, context(initiator))).toEqual([
      manager,
      director,
      ceo,
    ]);
    // Without levels: one.
    expect(await resolve({ strategy: 'leaderLevels' }, context(initiator))).toEqual([manager]);
    // A user without a department has no leaders.
    expect(await resolve({ strategy: 'leaderLevels', levels: 3 }, context(await user()))).toEqual([]);
  });

  it('leadersOf: a leader is not their own leader; no leader, an inactive leader or an inactive department is passed over upward; one person counts once', async () => {
    const ceo = await user();
    const company = await newDept({ leaderId: ceo });
    const director = await user();
    const division = await newDept({ parentId: company, leaderId: director });
    const team = await newDept({ parentId: division });
    const member = await user({ deptId: team });
    // The team has no leader: the first level is the division's.
    expect(await leaders(member, 2)).toEqual([director, ceo]);

    // The director leads their own division: their first leader is the CEO.
    await moveTo(director, division);
    expect(await leaders(director, 1)).toEqual([ceo]);
    expect(await leaders(director, 3)).toEqual([ceo]);

    // An inactive leader is passed over.
    const off = await inactiveUser();
    await setLeader(team, off);
    expect(await leaders(member, 1)).toEqual([director]);

    // One person leading two levels counts once, and the next level comes after them.
    await setLeader(team, director);
    expect(await leaders(member, 2)).toEqual([director, ceo]);

    // An inactive department's leader is passed over.
    await ctx.db.update(dept).set({ status: 'Inactive' }).where(eq(dept.id, division));
    await setLeader(team, null);
    expect(await leaders(member, 2)).toEqual([ceo]);
    expect(await leaders(member, 0)).toEqual([]);
  });

  it('recordField: the user id in the record field (a number, a numeric text or a list), active only', async () => {
    const initiator = await user();
    const [a, b] = [await user(), await user()];
    const off = await inactiveUser();
    const c = (fields: Record<string, unknown>) => context(initiator, { fields });
    expect(await resolve({ strategy: 'recordField', field: 'assignTo' }, c({ assignTo: a }))).toEqual([a]);
    expect(await resolve({ strategy: 'recordField', field: 'assignTo' }, c({ assignTo: String(b) }))).toEqual([b]);
    expect(await resolve({ strategy: 'recordField', field: 'owners' }, c({ owners: [b, off, a, b] }))).toEqual([b, a]);
    expect(await resolve({ strategy: 'recordField', field: 'assignTo' }, c({ assignTo: off }))).toEqual([]);
    expect(await resolve({ strategy: 'recordField', field: 'assignTo' }, c({ assignTo: null }))).toEqual([]);
    expect(await resolve({ strategy: 'recordField', field: 'assignTo' }, c({ assignTo: 'alice' }))).toEqual([]);
    expect(await resolve({ strategy: 'recordField', field: 'assignTo' }, c({}))).toEqual([]);
    expect(await resolve({ strategy: 'recordField' }, c({ assignTo: a }))).toEqual([]);
  });

  it('initiatorPicks and previousPicks: the users picked for this node, in the picked order, active only', async () => {
    const initiator = await user();
    const [a, b] = [await user(), await user()];
    const off = await inactiveUser();
    const picks = { n1: [b, off, a, b], n2: [initiator] };
    for (const strategy of ['initiatorPicks', 'previousPicks'] as const) {
      expect(await resolve({ strategy }, context(initiator, { picks }))).toEqual([b, a]);
      expect(await resolve({ strategy }, context(initiator, { nodeId: 'n3', picks }))).toEqual([]);
    }
  });
});

describe('escalationContactOf', () => {
  it('finds the contact by login name or e-mail address (any case), active only, never the user themself', async () => {
    const contact = await createUser(ctx);
    const byLogin = await user({ escalation: `  ${contact.loginName.toUpperCase()} ` });
    expect(await escalation(byLogin)).toBe(contact.id);
    const byMail = await user({ escalation: `${contact.loginName}@EXAMPLE.test` });
    expect(await escalation(byMail)).toBe(contact.id);

    const offContact = await createUser(ctx, { values: { status: 'Inactive' } });
    expect(await escalation(await user({ escalation: offContact.loginName }))).toBeNull();
    const goneContact = await createUser(ctx, { values: { deletedAt: new Date() } });
    expect(await escalation(await user({ escalation: goneContact.loginName }))).toBeNull();
    expect(await escalation(await user({ escalation: 'nobody-here' }))).toBeNull();
    expect(await escalation(await user({ escalation: '' }))).toBeNull();
    expect(await escalation(await user())).toBeNull();

    const self = await createUser(ctx);
    await ctx.db.update(appUser).set({ escalation: self.loginName }).where(eq(appUser.id, self.id));
    expect(await escalation(self.id)).toBeNull();
  });

  it('a login name wins over another account whose e-mail address is that text', async () => {
    const named = await createUser(ctx);
    // Another account whose address is the login name of `named`.
    await user({ email: named.loginName });
    const asker = await user({ escalation: named.loginName });
    expect(await escalation(asker)).toBe(named.id);
  });
});
