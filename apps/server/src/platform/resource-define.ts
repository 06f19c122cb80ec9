import { AsyncLocalStorage } from 'node:async_hooks';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { messages, msg, type Message, type Page, type PermissionModule, type QueryBase } from '@casedesk/shared';
import type { Db, Queryable, Tx } from './db.js';
import type { Actor } from './actor.js';
import { diff, writeAudit } from './audit.js';
import { nextVersion } from './columns.js';
import { deleteRefusal, isUniqueViolation } from './db-errors.js';
import { AppError, conflict, forbidden, notFound } from './errors.js';
import type { ExportColumn } from './export.js';
import {
  equalityWhere,
  keywordWhere,
  readAll,
  readPage,
  sortOrder,
  type OrderBy,
  type Sortable,
} from './resource-list.js';

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

/** What a read-only resource needs (logs): an id. */
export type ReadableTable = PgTable & { id: PgColumn };
type ResourceTable = ReadableTable & { rowVersion: PgColumn; modifiedAt: PgColumn };
type Versioned = { id: number; rowVersion: number };

/** The shared zod schemas of a resource: what a record looks like, what Add, Update and Query take. */
export type ResourceSchemas = {
  record: z.ZodObject;
  /** Left out by a read-only resource. */
  create?: z.ZodType<object>;
  /** An object, so that Update can also take back what Get and Detail gave (contract 11). Left out by a read-only resource. */
  update?: z.ZodObject & z.ZodType<Versioned>;
  query: z.ZodType<QueryBase>;
  detail?: z.ZodType;
  /**
   * The list page when its rows are not the record (e.g. list items with joined names, `totalExact`);
   * Update and Add take back what its rows carry too.
   */
  page?: z.ZodType;
};

/** What happened, handed to `afterCommit` once the write's transaction has committed. */
export type ResourceEvent = { action: 'create' | 'update' | 'delete'; ids: number[]; actor: Actor };

/** The generic calls of contract section 6 as plain functions (rows, inputs and queries typed). */
export type ResourceOperations<Row, Create, Update, Query> = {
  get(db: Db, actor: Actor, id: number): Promise<Row>;
  detail(db: Db, actor: Actor, id: number): Promise<Record<string, unknown>>;
  query(db: Db, actor: Actor, query: Query): Promise<Page<Row>>;
  add(db: Db, actor: Actor, input: Create): Promise<Row>;
  update(db: Db, actor: Actor, input: Update): Promise<Row>;
  /** Deletes all the given records or none: any missing, hidden or referenced one refuses the lot. */
  remove(db: Db, actor: Actor, ids: number[]): Promise<number>;
  /** Every row the filter shows, in the list's order, read in chunks. */
  rowsForExport(db: Db, actor: Actor, query: Query): AsyncIterable<Record<string, unknown>>;
};

/** What the kit asks a record's policy before a write: Update is `edit`, Delete is `delete`. */
export type ResourceAction = 'edit' | 'delete';

/**
 * Who may do what with one record (the module's `*.policy.ts`): the kit refuses an Update or Delete `can` says
 * no to (403), and each row it answers carries `actions(actor, row)` as `actions[]`, so one rule feeds both.
 */
export type ResourcePolicy<Row> = {
  can?: (actor: Actor, action: ResourceAction, row: Row) => boolean;
  /** What a refusal of `can` says (403); the common "no permission" by default. */
  refusal?: Message;
  actions?: (actor: Actor, row: Row) => string[];
};

/** What a module declares to get the generic calls, in its `<module>.resource.ts`. */
export type ResourceDefinition<T extends ReadableTable, S extends ResourceSchemas, Row = T['$inferSelect']> = {
  /** Route prefix: `/api/<name>`. */
  name: string;
  /**
   * Get, Detail, Query and Export only (logs): no Add, Update or Delete route, and the write calls refuse.
   * A table without `rowVersion` can only be read.
   */
  readOnly?: boolean;
  module: PermissionModule;
  /** What one record is called in messages ("department"). */
  label: string;
  table: T;
  schemas: S;
  /**
   * The row every read selects (Get, Detail, Query, Export and what a write answers): the table's columns by
   * default; a record that shows joined names adds them here (`projectName: sql\`(select ...)\`` or a column
   * of a table `join` brings in).
   */
  columns?: Record<string, PgColumn | SQL | SQL.Aliased>;
  /** The joins `columns`, the filters or the scope need (`(select) => select.innerJoin(ticket, ...)`). */
  join?: (select: PgSelect) => PgSelect;
  /** Columns (or expressions) the keyword box searches (case-insensitive substring). */
  keywordColumns: (PgColumn | SQL)[];
  /**
   * The fields a list may be sorted by (the API's names); any other is refused with a 400. By default the
   * record's fields that are table columns.
   */
  sortable?: Sortable;
  /** Nulls sort lowest (first ascending, last descending). */
  sortNullsLow?: boolean;
  /** The order when the caller asks for none (fields of `sortable`); the id, newest first, breaks ties. */
  defaultOrder?: OrderBy | ((query: z.output<S['query']>) => OrderBy);
  /** Filters beyond equality on same-named columns. */
  filters?: (query: z.output<S['query']>) => (SQL | undefined)[];
  /** Query fields named like a column that `filters` handles itself (no equality on them). */
  filterFields?: string[];
  /** The actor's data scope; records outside it behave as if they did not exist. */
  scope?: (actor: Actor) => SQL | undefined;
  /** The record's rules for the caller: enforced on Update and Delete, and the `actions[]` of each row. */
  policy?: ResourcePolicy<Row>;
  /** Rules a save must keep beyond its schema (e.g. references), checked inside the write's transaction. */
  check?: (tx: Tx, input: z.output<S['create']> | z.output<S['update']>, id: number | undefined) => Promise<void>;
  /** Why these records may not be deleted (something references them), or undefined. */
  referencedBy?: (tx: Tx, ids: number[]) => Promise<Message | undefined>;
  /** Related details for `Detail/{id}`. */
  loadDetail?: (q: Queryable, record: Row, actor: Actor) => Promise<Record<string, unknown>>;
  /** Child rows saved with the record (e.g. dictionary items), inside the same transaction. */
  saveChildren?: (tx: Tx, id: number, input: z.output<S['create']> | z.output<S['update']>) => Promise<void>;
  /** The child rows as the audit log compares them (without generated ids), before and after an update. */
  auditChildren?: (q: Queryable, id: number) => Promise<Record<string, unknown>>;
  /** Runs after a write's transaction committed (notify, clean up stored files); never inside it. */
  afterCommit?: (event: ResourceEvent) => Promise<void> | void;
  /** The success message of Add, when it says more than "ok" (e.g. "Ticket submitted"). */
  addedMessage?: string;
  exportColumns: ExportColumn[];
  /**
   * How a selected row is shown when the API names or derives fields differently (Get, Detail, lists, Export);
   * `columns` and `rowOf` together give `Row`.
   */
  rowOf?: (row: T['$inferSelect']) => Row;
  /**
   * Big tables (logs): the list's total counts at most this many matching rows and the page says
   * `totalExact: false` beyond, so that a page never waits for a count of millions.
   */
  countCap?: number;
  /** A list page that says more than its total (open items: the LOE sum): the total and those figures. */
  listTotals?: (q: Queryable, where: SQL | undefined) => Promise<{ total: number } & Record<string, unknown>>;
  /** The Export's sheet name, when not the label (e.g. "Tickets"). */
  exportSheet?: string;
  /**
   * Calls the module writes itself (its own writes; a read only where the description cannot say it, with a
   * comment saying why); the rest stay generic. The policy's `can` still guards Update and Delete.
   */
  operations?: Partial<ResourceOperations<Row, z.output<S['create']>, z.output<S['update']>, z.output<S['query']>>>;
};

export type Resource<T extends ReadableTable, S extends ResourceSchemas, Row = T['$inferSelect']> = ResourceOperations<
  Row,
  z.output<S['create']>,
  z.output<S['update']>,
  z.output<S['query']>
> & {
  def: ResourceDefinition<T, S, Row>;
  whereOf(actor: Actor, query: Record<string, unknown>): SQL | undefined;
  orderOf(orderBy: QueryBase['orderBy'], query?: z.output<S['query']>): SQL[];
  /** The generic calls, whatever `operations` replaced: what a module's own call builds on (rows as described). */
  generic: ResourceOperations<Row, z.output<S['create']>, z.output<S['update']>, z.output<S['query']>>;
};

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

  /** The described row's select (its columns and joins), ready for a WHERE. */
  const selectRows = (q: Queryable) => {
    const from = (def.columns ? q.select(def.columns) : q.select()).from(table).$dynamic();
    return def.join ? def.join(from) : from;
  };
  const joined = (from: PgSelect) => (def.join ? def.join(from) : from);
  const countRows = (q: Queryable) => joined(q.select({ total: count() }).from(table).$dynamic());
  /** The row as the API answers it: shown by `rowOf`, with the caller's `actions[]`. */
  const shown = (actor: Actor, row: TableRow): Row => {
    const answer = (def.rowOf ? def.rowOf(row) : row) as Row;
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
      (await selectRows(db)
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
          await def.check?.(tx, input, undefined);
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
          await def.check?.(tx, input, id);
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
