import { directoryMessages, msg, type DirectoryChange, type DirectorySettings, type Message } from '@casedesk/shared';
import { normalDn, type DirectoryEntry, type DirectoryRead } from './directory-ldap.js';

/** The users and departments the sync compares the directory with (read before any write). */
export type UserSnap = {
  id: number;
  loginName: string;
  fullName: string | null;
  email: string | null;
  mobile: string | null;
  deptId: number | null;
  status: 'Active' | 'Inactive';
  directoryDn: string | null;
};
export type DeptSnap = { id: number; name: string; leaderId: number | null };
export type Snapshot = { users: UserSnap[]; depts: DeptSnap[]; roleIds: Map<string, number> };

/** What a directory person becomes here: the fields to write (only those that change, for an existing user). */
export type PlannedUser = {
  dn: string;
  existing: UserSnap | undefined;
  set: {
    loginName?: string;
    fullName?: string | null;
    email?: string | null;
    mobile?: string | null;
    deptName?: string | null;
    status?: 'Active';
    directoryDn?: string;
  };
  /** The roles of a new user. */
  roleIds: number[];
  /** What changes, as the answer and the audit show it (the department by name). */
  fields: DirectoryChange['fields'];
};

/** A department's leader: an existing user by id, or one this run creates, by DN. */
export type PlannedLeader = { deptName: string; userId: number | undefined; dn: string };

export type Plan = {
  creates: PlannedUser[];
  updates: PlannedUser[];
  disables: UserSnap[];
  newDepts: string[];
  leaders: PlannedLeader[];
  changes: DirectoryChange[];
  errors: { dn: string; message: Message }[];
};

type Field = DirectoryChange['fields'][number];

const fieldChanges = (before: Record<string, string | null>, after: Record<string, string | null | undefined>) =>
  Object.entries(after)
    .filter(([key, to]) => to !== undefined && to !== before[key])
    .map(([field, to]): Field => ({ field, from: before[field] ?? null, to: to ?? null }));

/** The role ids a person gets: the mapped groups they belong to (the group's members or their memberOf), else the default. */
function rolesOf(entry: DirectoryEntry, settings: DirectorySettings, read: DirectoryRead, snap: Snapshot): number[] {
  const dn = normalDn(entry.dn);
  const codes = settings.roleMappings
    .filter((m) => read.groupMembers.get(normalDn(m.groupDn))?.has(dn) || entry.memberOf.includes(normalDn(m.groupDn)))
    .map((m) => m.roleCode);
  if (codes.length === 0 && settings.defaultRoleCode) codes.push(settings.defaultRoleCode);
  return [...new Set(codes.map((code) => snap.roleIds.get(code)).filter((id): id is number => id !== undefined))];
}

/**
 * The sync worked out without writing (the dry run answers it; the real run writes it): people matched by their
 * stored DN, else linked by login name; created, updated, enabled again; departments by name, created when
 * missing; each department's leader the manager most of its people have; users gone from the directory disabled.
 */
export function planSync(settings: DirectorySettings, read: DirectoryRead, snap: Snapshot): Plan {
  const plan: Plan = { creates: [], updates: [], disables: [], newDepts: [], leaders: [], changes: [], errors: [] };
  const byDn = new Map(snap.users.filter((u) => u.directoryDn).map((u) => [normalDn(u.directoryDn!), u]));
  const byLogin = new Map(snap.users.map((u) => [u.loginName.toLowerCase(), u]));
  const deptById = new Map(snap.depts.map((d) => [d.id, d]));
  const deptByName = new Map(snap.depts.map((d) => [d.name.toLowerCase(), d]));
  const seenLogins = new Set<string>();
  const found = new Map<string, { entry: DirectoryEntry; user: UserSnap | undefined; planned: PlannedUser | null }>();

  for (const entry of [...read.people].sort((a, b) => normalDn(a.dn).localeCompare(normalDn(b.dn)))) {
    const dn = normalDn(entry.dn);
    if (!entry.loginName) {
      plan.errors.push({ dn: entry.dn, message: msg(directoryMessages, 'noLoginName') });
      continue;
    }
    const login = entry.loginName.toLowerCase();
    let user = byDn.get(dn);
    if (!user) {
      const sameName = byLogin.get(login);
      // A user of that name already linked to another directory entry is that entry's, not this one's.
      if (sameName && !sameName.directoryDn) user = sameName;
      else if (sameName) {
        plan.errors.push({ dn: entry.dn, message: msg(directoryMessages, 'loginTaken', { login: entry.loginName }) });
        continue;
      }
    }
    if (seenLogins.has(login)) {
      plan.errors.push({ dn: entry.dn, message: msg(directoryMessages, 'loginTaken', { login: entry.loginName }) });
      continue;
    }
    seenLogins.add(login);
    const deptName = entry.department;
    if (
      deptName &&
      !deptByName.has(deptName.toLowerCase()) &&
      !plan.newDepts.some((n) => n.toLowerCase() === deptName.toLowerCase())
    ) {
      plan.newDepts.push(deptName);
      plan.changes.push({ kind: 'department', name: deptName, fields: [{ field: 'name', from: null, to: deptName }] });
    }
    const a = settings.attributes;
    const wanted = {
      loginName: entry.loginName,
      fullName: a.fullName === '' ? undefined : entry.fullName,
      email: a.email === '' ? undefined : entry.email,
      mobile: a.mobile === '' ? undefined : entry.mobile,
      deptId: a.department === '' ? undefined : deptName,
    };
    if (!user) {
      const roleIds = rolesOf(entry, settings, read, snap);
      if (roleIds.length === 0) {
        plan.errors.push({ dn: entry.dn, message: msg(directoryMessages, 'noRole') });
        continue;
      }
      const planned: PlannedUser = {
        dn: entry.dn,
        existing: undefined,
        set: { ...stripDept(wanted), deptName: wanted.deptId ?? null, directoryDn: entry.dn },
        roleIds,
        fields: fieldChanges({}, wanted),
      };
      plan.creates.push(planned);
      plan.changes.push({ kind: 'create', name: entry.loginName, fields: planned.fields });
      found.set(dn, { entry, user, planned });
      continue;
    }
    const before = {
      loginName: user.loginName,
      fullName: user.fullName,
      email: user.email,
      mobile: user.mobile,
      deptId: user.deptId === null ? null : (deptById.get(user.deptId)?.name ?? null),
    };
    const fields = fieldChanges(before, wanted);
    if (!user.directoryDn || normalDn(user.directoryDn) !== dn)
      fields.push({ field: 'directoryDn', from: user.directoryDn, to: entry.dn });
    const enable = user.status !== 'Active' && user.directoryDn !== null;
    const planned: PlannedUser = { dn: entry.dn, existing: user, set: {}, roleIds: [], fields };
    for (const f of fields) {
      if (f.field === 'deptId') planned.set.deptName = f.to;
      else (planned.set as Record<string, string | null>)[f.field] = f.to;
    }
    if (enable) planned.set.status = 'Active';
    if (fields.length > 0 || enable) plan.updates.push(planned);
    if (fields.length > 0) plan.changes.push({ kind: 'update', name: entry.loginName, fields });
    if (enable)
      plan.changes.push({
        kind: 'enable',
        name: entry.loginName,
        fields: [{ field: 'status', from: user.status, to: 'Active' }],
      });
    found.set(dn, { entry, user, planned });
  }

  // Users once synced whose entry is gone: Inactive, never deleted.
  for (const user of snap.users)
    if (user.directoryDn && !found.has(normalDn(user.directoryDn)) && user.status === 'Active') {
      plan.disables.push(user);
      plan.changes.push({
        kind: 'disable',
        name: user.loginName,
        fields: [{ field: 'status', from: 'Active', to: 'Inactive' }],
      });
    }

  planLeaders(plan, found, snap, deptByName);
  return plan;
}

const stripDept = ({ deptId: _dept, ...rest }: Record<string, string | null | undefined>) =>
  Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as PlannedUser['set'];

/** Each department's leader: the manager most of its people name (ties: the first by login name). */
function planLeaders(
  plan: Plan,
  found: Map<string, { entry: DirectoryEntry; user: UserSnap | undefined }>,
  snap: Snapshot,
  deptByName: Map<string, DeptSnap>,
) {
  const votes = new Map<string, { name: string; managers: Map<string, number> }>();
  for (const { entry } of found.values()) {
    if (!entry.department || !entry.managerDn) continue;
    const manager = found.get(normalDn(entry.managerDn));
    if (!manager) continue;
    const key = entry.department.toLowerCase();
    const tally = votes.get(key) ?? { name: entry.department, managers: new Map() };
    const managerDn = normalDn(manager.entry.dn);
    tally.managers.set(managerDn, (tally.managers.get(managerDn) ?? 0) + 1);
    votes.set(key, tally);
  }
  const loginOf = (dn: string) => found.get(dn)!.entry.loginName!;
  const usersById = new Map(snap.users.map((u) => [u.id, u]));
  for (const [key, tally] of [...votes].sort(([a], [b]) => a.localeCompare(b))) {
    const [leaderDn] = [...tally.managers].sort(
      ([dnA, a], [dnB, b]) => b - a || loginOf(dnA).localeCompare(loginOf(dnB)),
    )[0]!;
    const leader = found.get(leaderDn)!;
    const dept = deptByName.get(key);
    if (dept && leader.user && dept.leaderId === leader.user.id) continue;
    const fromLogin = dept?.leaderId ? (usersById.get(dept.leaderId)?.loginName ?? null) : null;
    plan.leaders.push({ deptName: dept?.name ?? tally.name, userId: leader.user?.id, dn: leader.entry.dn });
    plan.changes.push({
      kind: 'leader',
      name: dept?.name ?? tally.name,
      fields: [{ field: 'leaderId', from: fromLogin, to: loginOf(leaderDn) }],
    });
  }
}
