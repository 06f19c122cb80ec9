import { AsyncLocalStorage } from 'node:async_hooks';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { messages, msg, type QueryBase } from '@casedesk/shared';
import type { Db, Queryable } from './db.js';
import type { Actor } from './actor.js';
import { diff, writeAudit } from './audit.js';
import { nextVersion } from './columns.js';
import { deleteRefusal, isUniqueViolation } from './db-errors.js';
import { AppError, conflict, forbidden, notFound } from './errors.js';
import { equalityWhere, keywordWhere, readAll, readPage, sortOrder, type Sortable } from './resource-list.js';

/**
 * Writes made inside an outer transaction (an import's batch: each row a savepoint) commit only with it, so
 * their `afterCommit` hooks wait for it: `collectAfterCommit` gathers them while `work` runs; the caller runs
 * them once the outer transaction has committed, or drops them when it rolled back.
 */
const deferredHooks = new AsyncLocalStorage<(() => Promise<void>)[]>();
export async function collectAfterCommit<T>(
  work: () => Promise<T>,
): Promise<{ value: T; hooks: (() => Promise<void>)[] }> {
  const hooks: (() => Promise<void>)[] = [];
  const value = await deferredHooks.run(hooks, work);
  return { value, hooks };
}

import type {
  ReadableTable,
  Resource,
  ResourceDefinition,
  ResourceEvent,
  ResourceOperations,
  ResourcePolicy,
  ResourceSchemas,
  ResourceTable,
  Versioned,
} from './resource-description.js';

export type * from './resource-description.js';

/**
 * The `rowVersion + 1` write of an optimistic update: the columns to set on top of the change, and the
 * condition that finds the row only at the version the caller read (no row back: someone saved first).
 */
export function versionedUpdate(
  table: ResourceTable & { modifiedBy?: PgColumn },
  id: number,
  rowVersion: number,
  actor?: Actor,
): { set: { rowVersion: SQL; modifiedAt: SQL; modifiedBy?: number }; where: SQL | undefined } {
  return {
    set: nextVersion(table, actor),
    where: and(eq(table.id, id), eq(table.rowVersion, rowVersion)),
  };
}

/**
 * Declares a resource: typed by its table and its shared schemas, its row (`columns`, `join`, `rowOf`), list
 * (`sortable`, `filters`, `keywordColumns`), `scope` and `policy`, with hooks inside the write's transaction
 * (`check`, `saveChildren`, `referencedBy`), `loadDetail` for Detail, and `afterCommit`.
 */
export function defineResource<T extends ReadableTable, S extends ResourceSchemas, Row = T['$inferSelect']>(
  def: ResourceDefinition<T, S, Row> & (T extends ResourceTable ? unknown : { readOnly: true }),
): Resource<T, S, Row> {
  type TableRow = T['$inferSelect'];
  type Create = z.output<S['create']>;
  type Update = z.output<S['update']>;
  type Query = z.output<S['query']>;
  const table = def.table as PgTable;
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const equalityColumns = Object.fromEntries(
    Object.entries(columns).filter(([key]) => !def.filterFields?.includes(key)),
  );
  const sortable: Sortable =
    def.sortable ??
    Object.fromEntries(Object.keys(def.schemas.record.shape).flatMap((k) => (columns[k] ? [[k, columns[k]]] : [])));

  const columnValues = (input: object) =>
    Object.fromEntries(Object.entries(input).filter(([key]) => key in columns && key !== 'id' && key !== 'rowVersion'));

  const scopeOf = (actor: Actor) => def.scope?.(actor);
  const afterCommit = async (event: ResourceEvent) => {
    if (!def.afterCommit) return;
    const deferred = deferredHooks.getStore();
    if (deferred) deferred.push(async () => def.afterCommit?.(event));
    else await def.afterCommit(event);
  };

  function whereOf(actor: Actor, query: Record<string, unknown>): SQL | undefined {
    return and(
      scopeOf(actor),
      keywordWhere(typeof query.keyword === 'string' ? query.keyword : undefined, def.keywordColumns),
      equalityWhere(query, equalityColumns),
      ...(def.filters?.(query as Query) ?? []),
    );
  }

  function orderOf(orderBy: QueryBase['orderBy'], query?: Query): SQL[] {
    const defaultOrder = typeof def.defaultOrder === 'function' ? def.defaultOrder(query!) : def.defaultOrder;
    return sortOrder(orderBy, sortable, { defaultOrder, tieBreak: desc(def.table.id), nullsLow: def.sortNullsLow });
  }

  /** The described row's select (its columns, or the table's, and its joins), ready for a WHERE. */
  const selectOf = (q: Queryable, selected: Record<string, PgColumn | SQL | SQL.Aliased> | undefined) => {
    const from = (selected ? q.select(selected) : q.select()).from(table).$dynamic();
    return def.join ? def.join(from) : from;
  };
  const selectRows = (q: Queryable) => selectOf(q, def.columns);
  const listColumns = def.listOmits
    ? Object.fromEntries(Object.entries(def.columns ?? columns).filter(([key]) => !def.listOmits?.includes(key)))
    : def.columns;
  /** A list's select: the row without what `listOmits` names. */
  const selectListRows = (q: Queryable) => selectOf(q, listColumns);
  const joined = (from: PgSelect) => (def.join ? def.join(from) : from);
  const countRows = (q: Queryable) => joined(q.select({ total: count() }).from(table).$dynamic());
  /** The row as the API answers it: shown by `rowOf`, with the caller's `actions[]`. */
  const shown = (actor: Actor, row: TableRow): Row => {
    const answer = (def.rowOf ? def.rowOf(row, actor) : row) as Row;
    const actions = def.policy?.actions;
    return actions ? ({ ...answer, actions: actions(actor, answer) } as Row) : answer;
  };

  async function findVisible(q: Queryable, actor: Actor, id: number): Promise<TableRow | undefined> {
    const [row] = await selectRows(q).where(and(eq(def.table.id, id), scopeOf(actor)));
    return row as TableRow | undefined;
  }
  /** A row just written, read back as described (an administrator may write one outside their scope). */
  async function readBack(q: Queryable, actor: Actor, written: TableRow & Versioned): Promise<Row> {
    if (!def.columns && !def.join) return shown(actor, written);
    const [row] = await selectRows(q).where(eq(def.table.id, written.id));
    return shown(actor, (row ?? written) as TableRow);
  }

  /** The rows of a list, a slice at a time, in its order (the filter and the sort checked at once). */
  function listRows(db: Db, actor: Actor, query: Query) {
    const where = whereOf(actor, query);
    const order = orderOf(query.orderBy, query);
    return async (limit: number, offset: number) =>
      (await selectListRows(db)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset)) as TableRow[];
  }

  /** The table of a resource that may be written; a read-only one refuses (it has no routes that write). */
  function writable(): ResourceTable {
    if (def.readOnly) throw new Error(`${def.name} is read-only`);
    return def.table as unknown as ResourceTable;
  }

  async function total(db: Db, where: SQL | undefined, cap: number | undefined) {
    if (def.listTotals) return def.listTotals(db, where);
    if (cap === undefined) return { total: (await countRows(db).where(where))[0]?.total ?? 0 };
    const matching = joined(
      db
        .select({ one: sql`1` })
        .from(table)
        .$dynamic(),
    )
      .where(where)
      .limit(cap + 1)
      .as('matching');
    const [counted] = await db.select({ total: count() }).from(matching);
    const all = counted?.total ?? 0;
    return { total: Math.min(all, cap), totalExact: all <= cap };
  }

  async function uniqueGuard<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(msg(messages, 'codeTaken', { label: def.label }));
      throw error;
    }
  }

  const generic: ResourceOperations<Row, Create, Update, Query> = {
    async get(db, actor, id) {
      const row = await findVisible(db, actor, id);
      if (!row) throw notFound();
      return shown(actor, row);
    },

    async detail(db, actor, id) {
      const row = await findVisible(db, actor, id);
      if (!row) throw notFound();
      const answer = shown(actor, row);
      return { ...answer, ...(await def.loadDetail?.(db, answer, actor)) } as Record<string, unknown>;
    },

    async query(db, actor, query) {
      const rows = listRows(db, actor, query);
      let counted: { total: number } & Record<string, unknown> = { total: 0 };
      const page = await readPage(
        query,
        async (limit, offset) => (await rows(limit, offset)).map((row) => shown(actor, row)),
        async () => (counted = await total(db, whereOf(actor, query), def.countCap)).total,
      );
      return { ...counted, ...page };
    },

    async add(db, actor, create) {
      writable();
      const input = create;
      const row = await uniqueGuard(() =>
        db.transaction(async (tx) => {
          await def.check?.(tx, input, undefined, actor);
          const [inserted] = (await tx
            .insert(table)
            .values({ ...columnValues(input as object), createdBy: actor.userId, modifiedBy: actor.userId })
            .returning()) as (TableRow & Versioned)[];
          if (!inserted) throw new Error('insert returned nothing');
          await def.saveChildren?.(tx, inserted.id, input);
          await writeAudit(tx, { entity: def.name, entityId: inserted.id, action: 'create', actorId: actor.userId });
          return readBack(tx, actor, inserted);
        }),
      );
      await afterCommit({ action: 'create', ids: [(row as Versioned).id], actor });
      return row;
    },

    async update(db, actor, update) {
      const writes = writable();
      const input = update;
      const { id, rowVersion } = update as Versioned;
      const row = await uniqueGuard(() =>
        db.transaction(async (tx) => {
          const before = await findVisible(tx, actor, id);
          if (!before) throw notFound();
          await def.check?.(tx, input, id, actor);
          const childrenBefore = await def.auditChildren?.(tx, id);
          const versioned = versionedUpdate(writes, id, rowVersion, actor);
          const [updated] = (await tx
            .update(writes)
            .set({ ...columnValues(input as object), ...versioned.set })
            .where(versioned.where)
            .returning()) as (TableRow & Versioned)[];
          if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
          await def.saveChildren?.(tx, updated.id, input);
          const childrenAfter = await def.auditChildren?.(tx, updated.id);
          await writeAudit(tx, {
            entity: def.name,
            entityId: updated.id,
            action: 'update',
            actorId: actor.userId,
            changes: {
              ...diff(before as Record<string, unknown>, updated),
              ...diff(childrenBefore ?? {}, childrenAfter ?? {}),
            },
          });
          return readBack(tx, actor, updated);
        }),
      );
      await afterCommit({ action: 'update', ids: [id], actor });
      return row;
    },

    async remove(db, actor, ids) {
      const writes = writable();
      const unique = [...new Set(ids)];
      let deleted: number;
      try {
        deleted = await db.transaction(async (tx) => {
          const found = await joined(tx.select({ id: def.table.id }).from(table).$dynamic()).where(
            and(inArray(def.table.id, unique), scopeOf(actor)),
          );
          if (found.length !== unique.length) throw notFound();
          const refusal = await def.referencedBy?.(tx, unique);
          if (refusal) throw conflict(refusal);
          await tx.delete(writes).where(inArray(writes.id, unique));
          for (const id of unique)
            await writeAudit(tx, { entity: def.name, entityId: id, action: 'delete', actorId: actor.userId });
          return unique.length;
        });
      } catch (error) {
        // A foreign key refused the delete (all rolled back): say what is in the way, counted after the rollback.
        throw (await deleteRefusal(db, error, unique)) ?? error;
      }
      await afterCommit({ action: 'delete', ids: unique, actor });
      return deleted;
    },

    async *rowsForExport(db, actor, query) {
      const rows = readAll(listRows(db, actor, query));
      for await (const row of rows) yield shown(actor, row) as Record<string, unknown>;
    },
  };

  const published = { ...generic, ...def.operations } as ResourceOperations<Row, Create, Update, Query>;
  if (def.policy?.can) guardWrites(published, generic, def.policy);
  return { ...published, def, whereOf, orderOf, generic };
}

/**
 * The policy's `can` in front of Update and Delete, whoever writes them (the kit or the module): a record the
 * caller sees but may not change is refused (403) before the write starts.
 */
function guardWrites<Row, C, U, Q>(
  published: ResourceOperations<Row, C, U, Q>,
  generic: ResourceOperations<Row, C, U, Q>,
  { can, refusal }: ResourcePolicy<Row>,
) {
  const { update, remove } = published;
  const refuse = () => (refusal ? new AppError('FORBIDDEN', refusal) : forbidden());
  published.update = async (db, actor, input) => {
    const row = await generic.get(db, actor, (input as Versioned).id);
    if (!can?.(actor, 'edit', row)) throw refuse();
    return update(db, actor, input);
  };
  published.remove = async (db, actor, ids) => {
    for (const id of new Set(ids)) {
      const row = await generic.get(db, actor, id);
      if (!can?.(actor, 'delete', row)) throw refuse();
    }
    return remove(db, actor, ids);
  };
}
