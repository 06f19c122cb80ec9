import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  allPermissionCodes,
  commonActions,
  extraActions,
  messages,
  msg,
  permissionModules,
  roleMessages,
  systemRoleCodes,
  type Page,
  type Permission,
  type PermissionMatrix,
  type PermissionMatrixSave,
  type PermissionQuery,
  type RoleCreate,
  type RoleUpdate,
} from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { ExportColumn } from '../../platform/export.js';
import { referenceRefusal } from '../../platform/references.js';
import {
  codesByRole,
  codesOfRole,
  findRole,
  permissionColumns,
  permissionWhere,
  replaceRolePermissions,
} from './role.queries.js';
import { assertCanGrant, assertScopeGrantable } from './role.policy.js';
import { permission, role, rolePermission } from './role.table.js';
import { roleResource } from './role.resource.js';
import { sortOrder } from '../../platform/resource.js';

type RoleRow = typeof role.$inferSelect;
const isSystemCode = (code: string) => (systemRoleCodes as readonly string[]).includes(code);
const everyCode = [...allPermissionCodes].sort();
const sameCodes = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().every((c, i) => c === [...b].sort()[i]);

/** What a system role must stay: its code, enabled, and for admin every permission. Runs inside the save. */
export function checkSystemRole(row: RoleRow, codes: string[] | undefined): void {
  if (!row.isSystem) return;
  if (!isSystemCode(row.code)) throw conflict(msg(roleMessages, 'systemCodeFixed'));
  if (!row.enabled) throw conflict(msg(roleMessages, 'systemNotDisabled'));
  if (row.code === 'admin' && codes !== undefined && !sameCodes(codes, everyCode))
    throw conflict(msg(roleMessages, 'adminHoldsAll'));
}

/** No escalation: whatever a save adds to a role must be held by the actor. */
function assertGrantable(actor: Actor, codes: string[] | undefined, current: string[]): void {
  if (codes === undefined) return;
  const added = codes.filter((c) => !current.includes(c));
  try {
    assertCanGrant(actor, added);
  } catch {
    throw badRequest(msg(roleMessages, 'cannotGrant'));
  }
}

export async function addRole(db: Db, actor: Actor, input: RoleCreate): Promise<RoleRow> {
  assertGrantable(actor, input.permissions, []);
  assertScopeGrantable(actor, [input.dataScope], msg(roleMessages, 'cannotGrantScope'));
  return roleResource.generic.add(db, actor, input);
}

export async function updateRole(db: Db, actor: Actor, input: RoleUpdate): Promise<RoleRow> {
  const [before, current] = await Promise.all([findRole(db, input.id), codesOfRole(db, input.id)]);
  assertGrantable(actor, input.permissions, current);
  if (before && input.dataScope !== before.dataScope)
    assertScopeGrantable(actor, [input.dataScope], msg(roleMessages, 'cannotGrantScope'));
  // Enabling a disabled role grants all its permissions and its data scope to its users again: the actor
  // must hold them.
  if (before && !before.enabled && input.enabled) {
    assertGrantable(actor, input.permissions ?? current, []);
    assertScopeGrantable(actor, [input.dataScope], msg(roleMessages, 'cannotGrantScope'));
  }
  return roleResource.generic.update(db, actor, input);
}

/** Deletes the roles and their permission links, all or none; system roles and roles in use are refused. */
export async function removeRoles(db: Db, actor: Actor, ids: number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(role).where(inArray(role.id, unique)).for('update');
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((r) => r.isSystem)) throw conflict(msg(roleMessages, 'systemNotDeletable'));
    const refusal = await referenceRefusal(tx, 'role', unique);
    if (refusal) throw conflict(refusal);
    await tx.delete(rolePermission).where(inArray(rolePermission.roleId, unique));
    await tx.delete(role).where(inArray(role.id, unique));
    for (const id of unique)
      await writeAudit(tx, { entity: 'Role', entityId: id, action: 'delete', actorId: actor.userId });
    return unique.length;
  });
}

const actionName = (module: string, action: string) =>
  `${module.replace(/([A-Z])/g, ' $1').toLowerCase()}: ${action.replace(/([A-Z])/g, ' $1').toLowerCase()}`.replace(
    /^./,
    (c) => c.toUpperCase(),
  );

/** Modules (rows) x actions (columns, 'page' first), from the shared permission list, with every role's grants. */
export async function permissionMatrix(db: Db): Promise<PermissionMatrix> {
  const [roles, grants] = await Promise.all([
    db.select().from(role).orderBy(asc(role.sort), asc(role.id)),
    codesByRole(db),
  ]);
  const extras = [...new Set(Object.values(extraActions).flat())];
  return {
    actions: [...commonActions, ...extras],
    modules: permissionModules.map((module) => ({
      module,
      actions: [...commonActions, ...(extraActions[module] ?? [])].map((action) => ({
        action,
        code: `${module}:${action}`,
        name: actionName(module, action),
      })),
    })),
    roles: roles.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      isSystem: r.isSystem,
      enabled: r.enabled,
      rowVersion: r.rowVersion,
      editable: r.code !== 'admin',
      permissions: grants.get(r.id) ?? [],
    })),
  };
}

/** Saves the grants of the given roles, all or none; each role's rowVersion guards against a stale matrix. */
export async function savePermissionMatrix(db: Db, actor: Actor, input: PermissionMatrixSave): Promise<number> {
  return db.transaction(async (tx) => {
    for (const entry of input.roles) {
      const row = await findRole(tx, entry.id);
      if (!row) throw notFound();
      const current = await codesOfRole(tx, entry.id);
      if (sameCodes(current, entry.permissions)) continue;
      checkSystemRole(row, entry.permissions);
      assertGrantable(actor, entry.permissions, current);
      const [bumped] = await tx
        .update(role)
        .set({ ...nextVersion(role, actor) })
        .where(and(eq(role.id, entry.id), eq(role.rowVersion, entry.rowVersion)))
        .returning({ id: role.id });
      if (!bumped) throw conflict(msg(messages, 'staleRowVersion'));
      await replaceRolePermissions(tx, entry.id, entry.permissions);
      await writeAudit(tx, {
        entity: 'Role',
        entityId: entry.id,
        action: 'update',
        actorId: actor.userId,
        changes: { permissions: { from: current, to: entry.permissions } },
      });
    }
    return input.roles.length;
  });
}

/** The registry's order: the asked one (any column of the list), else the seeded order. */
const permissionOrder = (orderBy: PermissionQuery['orderBy']) =>
  sortOrder(orderBy, permissionColumns, {
    defaultOrder: [{ field: 'sort', desc: false }],
    tieBreak: asc(permission.id),
  });

/** The permission registry, read-only: codes come from the shared list and are seeded at start. */
export async function queryPermissions(db: Db, query: PermissionQuery): Promise<Page<Permission>> {
  const where = permissionWhere(query);
  const [items, [total]] = await Promise.all([
    db
      .select(permissionColumns)
      .from(permission)
      .where(where)
      .orderBy(...permissionOrder(query.orderBy))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(permission).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getPermission(db: Db, id: number): Promise<Permission> {
  const [row] = await db.select(permissionColumns).from(permission).where(eq(permission.id, id));
  if (!row) throw notFound();
  return row;
}

export async function* permissionsForExport(db: Db, query: PermissionQuery) {
  const order = permissionOrder(query.orderBy);
  yield* await db
    .select(permissionColumns)
    .from(permission)
    .where(permissionWhere(query))
    .orderBy(...order);
}

export const permissionExportColumns: ExportColumn[] = [
  { field: 'code', width: 30 },
  { field: 'module', texts: 'organization.modules' },
  { field: 'action', texts: 'organization.permActions' },
  { field: 'name', width: 30 },
  { field: 'isButton', values: 'boolean', width: 10 },
  { field: 'enabled', values: 'boolean', width: 10 },
];
