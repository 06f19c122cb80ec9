import { eq, inArray, notInArray, sql } from 'drizzle-orm';
import { msg, webApiMessages, type QueryBase, type WebApiOnOff } from '@casedesk/shared';
import type { Db, Queryable } from '../../platform/db.js';
import { nextVersion } from '../../platform/columns.js';
import type { RouteRecord } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { canDisable, isRegistered, routeKey } from './web-api.policy.js';
import { webApi } from './web-api.table.js';
import { webApiResource } from './web-api.resource.js';

const webApiColumns = {
  id: webApi.id,
  rowVersion: webApi.rowVersion,
  createdAt: webApi.createdAt,
  createdBy: webApi.createdBy,
  modifiedAt: webApi.modifiedAt,
  modifiedBy: webApi.modifiedBy,
  method: webApi.method,
  url: webApi.url,
  name: webApi.name,
  area: webApi.area,
  controller: webApi.controller,
  action: webApi.action,
  code: webApi.code,
  enabled: webApi.enabled,
  lastSeenAt: webApi.lastSeenAt,
  canDisable: sql<boolean>`(${webApi.code} like '%:%' and lower(coalesce(${webApi.controller}, '')) <> 'webapi')`,
};

/** `/api/User/Get/:key` -> controller User, action Get; the area is the permission module. */
function describe(route: RouteRecord) {
  const [, , controller = null, action = null] = route.url.split('/');
  const code = route.access ?? 'public';
  const area = code.includes(':') ? code.split(':')[0]! : null;
  const name = [controller, action].filter(Boolean).join(' ') + (route.url.includes('/:') ? ' (one)' : '');
  return { method: route.method, url: route.url, name, area, controller, action, code };
}

/** Writes the route table into the registry at start: new routes appear, gone ones leave, `enabled` stays. */
export async function syncWebApis(db: Db, routes: RouteRecord[]): Promise<void> {
  const rows = routes.filter(isRegistered).map(describe);
  const unique = [...new Map(rows.map((r) => [routeKey(r.method, r.url), r])).values()];
  await db.transaction(async (tx) => {
    if (unique.length > 0)
      await tx
        .insert(webApi)
        .values(unique)
        .onConflictDoUpdate({
          target: [webApi.method, webApi.url],
          set: {
            name: sql`excluded.name`,
            area: sql`excluded.area`,
            controller: sql`excluded.controller`,
            action: sql`excluded.action`,
            code: sql`excluded.code`,
            lastSeenAt: sql`now()`,
          },
        });
    const seen = unique.map((r) => `${r.method} ${r.url}`);
    await tx
      .delete(webApi)
      .where(seen.length ? notInArray(sql`${webApi.method} || ' ' || ${webApi.url}`, seen) : undefined);
  });
}

export async function disabledRouteKeys(q: Queryable): Promise<Set<string>> {
  const rows = await q.select({ method: webApi.method, url: webApi.url }).from(webApi).where(eq(webApi.enabled, false));
  return new Set(rows.map((r) => routeKey(r.method, r.url)));
}

export async function queryWebApis(db: Db, actor: Actor, query: QueryBase & Record<string, unknown>) {
  const where = webApiResource.whereOf(actor, query);
  const [items, [total]] = await Promise.all([
    db
      .select(webApiColumns)
      .from(webApi)
      .where(where)
      .orderBy(...webApiResource.orderOf(query.orderBy))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webApi)
      .where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function getWebApi(db: Db, id: number) {
  const [row] = await db.select(webApiColumns).from(webApi).where(eq(webApi.id, id));
  if (!row) throw notFound();
  return row;
}

export async function* webApisForExport(db: Db, actor: Actor, query: QueryBase & Record<string, unknown>) {
  yield* await db
    .select(webApiColumns)
    .from(webApi)
    .where(webApiResource.whereOf(actor, query))
    .orderBy(...webApiResource.orderOf(query.orderBy));
}

/** Enables or disables APIs, all or none; routes that must stay on are refused by name. */
export async function setWebApisEnabled(db: Db, actor: Actor, input: WebApiOnOff): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(webApi).where(inArray(webApi.id, ids)).for('update');
    if (rows.length !== ids.length) throw notFound();
    const locked = rows.filter((r) => !canDisable(r));
    if (!input.enabled && locked.length > 0)
      throw badRequest(
        msg(webApiMessages, 'notDisableable', { names: locked.map((r) => `${r.method} ${r.url}`).join(', ') }),
      );
    const changed = rows.filter((r) => r.enabled !== input.enabled);
    if (changed.length === 0) return ids.length;
    await tx
      .update(webApi)
      .set({
        enabled: input.enabled,
        ...nextVersion(webApi, actor),
      })
      .where(
        inArray(
          webApi.id,
          changed.map((r) => r.id),
        ),
      );
    for (const row of changed)
      await writeAudit(tx, {
        entity: 'WebApi',
        entityId: row.id,
        action: 'update',
        actorId: actor.userId,
        changes: { enabled: { from: row.enabled, to: input.enabled } },
      });
    return ids.length;
  });
}
