import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptsReadBack,
  envelopeSchema,
  idListSchema,
  idParamSchema,
  messages,
  pageOf,
  permissionCode,
  type Message,
  type Page,
  type PermissionModule,
  type QueryBase,
} from '@casedesk/shared';
import type { Db, Queryable, Tx } from './db.js';
import { requireActor } from './access.js';
import type { Actor } from './actor.js';
import { diff, writeAudit } from './audit.js';
import { nextVersion } from './columns.js';
import { deleteRefusal, isUniqueViolation } from './db-errors.js';
import { ok, present } from './envelope.js';
import { AppError, badRequest, conflict, notFound } from './errors.js';
import { sendXlsx, type ExportColumn } from './export.js';

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
type ReadableTable = PgTable & { id: PgColumn };
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
   * Update takes back what its rows carry too.
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
  /** Columns the keyword box searches (case-insensitive substring). */
  keywordColumns: PgColumn[];
  defaultOrder?: { field: string; desc: boolean }[];
  /** Filters beyond equality on same-named columns. */
  filters?: (query: z.output<S['query']>) => (SQL | undefined)[];
  /** The actor's data scope; records outside it behave as if they did not exist. */
  scope?: (actor: Actor) => SQL | undefined;
  /** Rules a save must keep beyond its schema (e.g. references), checked inside the write's transaction. */
  check?: (tx: Tx, input: z.output<S['create']> | z.output<S['update']>, id: number | undefined) => Promise<void>;
  /** Why these records may not be deleted (something references them), or undefined. */
  referencedBy?: (tx: Tx, ids: number[]) => Promise<Message | string | undefined>;
  /** Related details for `Detail/{id}`. */
  loadDetail?: (q: Queryable, record: T['$inferSelect']) => Promise<Record<string, unknown>>;
  /** Child rows saved with the record (e.g. dictionary items), inside the same transaction. */
  saveChildren?: (tx: Tx, id: number, input: z.output<S['create']> | z.output<S['update']>) => Promise<void>;
  /** The child rows as the audit log compares them (without generated ids), before and after an update. */
  auditChildren?: (q: Queryable, id: number) => Promise<Record<string, unknown>>;
  /** Runs after a write's transaction committed (notify, clean up stored files); never inside it. */
  afterCommit?: (event: ResourceEvent) => Promise<void> | void;
  /** The success message of Add, when it says more than "ok" (e.g. "Ticket submitted"). */
  addedMessage?: string;
  exportColumns: ExportColumn[];
  /** How a table row is shown when the API names or derives fields differently (Get, Detail, lists, Export). */
  rowOf?: (row: T['$inferSelect']) => Row;
  /**
   * Big tables (logs): the list's total counts at most this many matching rows and the page says
   * `totalExact: false` beyond, so that a page never waits for a count of millions.
   */
  countCap?: number;
  /** The Export's sheet name, when not the label (e.g. "Tickets"). */
  exportSheet?: string;
  /**
   * Calls the module writes itself (its own list query, soft delete, a policy on top); the rest stay generic.
   * When `Row` is not the table row, every call that returns rows must be given here.
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
  orderOf(orderBy: QueryBase['orderBy']): SQL[];
  /** The generic calls, whatever `operations` replaced: what a module's own call builds on. */
  generic: ResourceOperations<T['$inferSelect'], z.output<S['create']>, z.output<S['update']>, z.output<S['query']>>;
};

/** Any resource, as the route registration takes it. */
export type AnyResource = ResourceOperations<Record<string, unknown>, never, never, never> & {
  def: {
    table: ReadableTable;
    name: string;
    readOnly?: boolean | undefined;
    module: PermissionModule;
    label: string;
    schemas: ResourceSchemas;
    exportColumns: ExportColumn[];
    addedMessage?: string | undefined;
    exportSheet?: string | undefined;
  };
};
/** The name modules and tests used before `defineResource`; the same thing. */
export type ResourceService = AnyResource;

const baseQueryKeys = new Set(['page', 'pageSize', 'keyword', 'orderBy']);

export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
 * Declares a resource: typed by its table and its shared schemas, with hooks inside the write's
 * transaction (`check`, `saveChildren`, `referencedBy`), `loadDetail` for Detail, and `afterCommit`.
 */
export function defineResource<T extends ReadableTable, S extends ResourceSchemas, Row = T['$inferSelect']>(
  def: ResourceDefinition<T, S, Row> & (T extends ResourceTable ? unknown : { readOnly: true }),
): Resource<T, S, Row> {
  type TableRow = T['$inferSelect'];
  type Create = z.output<S['create']>;
  type Update = z.output<S['update']>;
  type Query = z.output<S['query']>;
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const recordKeys = Object.keys(def.schemas.record.shape);

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
    const conditions: (SQL | undefined)[] = [scopeOf(actor)];
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    if (keyword && def.keywordColumns.length > 0)
      conditions.push(or(...def.keywordColumns.map((c) => ilike(c, likePattern(keyword)))));
    for (const [key, value] of Object.entries(query)) {
      if (baseQueryKeys.has(key) || value === undefined || !(key in columns)) continue;
      conditions.push(Array.isArray(value) ? inArray(columns[key]!, value) : eq(columns[key]!, value));
    }
    conditions.push(...(def.filters?.(query as Query) ?? []));
    return and(...conditions.filter((c): c is SQL => c !== undefined));
  }

  function orderOf(orderBy: QueryBase['orderBy']): SQL[] {
    const wanted = orderBy && orderBy.length > 0 ? orderBy : (def.defaultOrder ?? [{ field: 'id', desc: true }]);
    const order = wanted.map(({ field, desc: descending }) => {
      const column = recordKeys.includes(field) ? columns[field] : undefined;
      if (!column)
        throw badRequest(`Cannot sort by '${field}'`, [{ field: 'orderBy', message: `Unknown field '${field}'` }]);
      return descending ? desc(column) : asc(column);
    });
    return [...order, desc(def.table.id)];
  }

  async function findVisible(q: Queryable, actor: Actor, id: number): Promise<TableRow | undefined> {
    const [row] = await q
      .select()
      .from(def.table as PgTable)
      .where(and(eq(def.table.id, id), scopeOf(actor)));
    return row as TableRow | undefined;
  }

  /** The table of a resource that may be written; a read-only one refuses (it has no routes that write). */
  function writable(): ResourceTable {
    if (def.readOnly) throw new Error(`${def.name} is read-only`);
    return def.table as unknown as ResourceTable;
  }

  async function cappedQuery(db: Db, where: SQL | undefined, query: Query, cap: number) {
    const matching = db
      .select({ one: sql`1` })
      .from(def.table as PgTable)
      .where(where)
      .limit(cap + 1)
      .as('matching');
    const [items, [counted]] = await Promise.all([
      db
        .select()
        .from(def.table as PgTable)
        .where(where)
        .orderBy(...orderOf(query.orderBy))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ total: count() }).from(matching),
    ]);
    const total = counted?.total ?? 0;
    return { items: items as TableRow[], total: Math.min(total, cap), totalExact: total <= cap };
  }

  async function uniqueGuard<R>(work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A ${def.label} with the same code already exists.`);
      throw error;
    }
  }

  const generic: ResourceOperations<TableRow, Create, Update, Query> = {
    async get(db, actor, id) {
      const row = await findVisible(db, actor, id);
      if (!row) throw notFound();
      return row;
    },

    async detail(db, actor, id) {
      const row = await generic.get(db, actor, id);
      return def.loadDetail ? { ...row, ...(await def.loadDetail(db, row)) } : row;
    },

    async query(db, actor, query) {
      const where = whereOf(actor, query);
      if (def.countCap !== undefined) return cappedQuery(db, where, query, def.countCap);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(def.table as PgTable)
          .where(where)
          .orderBy(...orderOf(query.orderBy))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ total: count() })
          .from(def.table as PgTable)
          .where(where),
      ]);
      return { items: items as TableRow[], total: total?.total ?? 0 };
    },

    async add(db, actor, create) {
      writable();
      const input = create;
      const row = await uniqueGuard(() =>
        db.transaction(async (tx) => {
          await def.check?.(tx, input, undefined);
          const [inserted] = (await tx
            .insert(def.table as PgTable)
            .values({ ...columnValues(input as object), createdBy: actor.userId, modifiedBy: actor.userId })
            .returning()) as (TableRow & Versioned)[];
          if (!inserted) throw new Error('insert returned nothing');
          await def.saveChildren?.(tx, inserted.id, input);
          await writeAudit(tx, { entity: def.name, entityId: inserted.id, action: 'create', actorId: actor.userId });
          return inserted;
        }),
      );
      await afterCommit({ action: 'create', ids: [row.id], actor });
      return row;
    },

    async update(db, actor, update) {
      const table = writable();
      const input = update;
      const { id, rowVersion } = update as Versioned;
      const row = await uniqueGuard(() =>
        db.transaction(async (tx) => {
          const before = await findVisible(tx, actor, id);
          if (!before) throw notFound();
          await def.check?.(tx, input, id);
          const childrenBefore = await def.auditChildren?.(tx, id);
          const versioned = versionedUpdate(table, id, rowVersion, actor);
          const [updated] = (await tx
            .update(table)
            .set({ ...columnValues(input as object), ...versioned.set })
            .where(versioned.where)
            .returning()) as (TableRow & Versioned)[];
          if (!updated) throw conflict(messages.staleRowVersion);
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
          return updated;
        }),
      );
      await afterCommit({ action: 'update', ids: [row.id], actor });
      return row;
    },

    async remove(db, actor, ids) {
      const table = writable();
      const unique = [...new Set(ids)];
      let deleted: number;
      try {
        deleted = await db.transaction(async (tx) => {
          const found = await tx
            .select({ id: def.table.id })
            .from(def.table as PgTable)
            .where(and(inArray(def.table.id, unique), scopeOf(actor)));
          if (found.length !== unique.length) throw notFound();
          const refusal = await def.referencedBy?.(tx, unique);
          if (refusal) throw conflict(refusal);
          await tx.delete(table).where(inArray(table.id, unique));
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
      const where = whereOf(actor, query);
      const order = orderOf(query.orderBy);
      const chunk = 1000;
      for (let offset = 0; offset < 1_000_000; offset += chunk) {
        const rows = (await db
          .select()
          .from(def.table as PgTable)
          .where(where)
          .orderBy(...order)
          .limit(chunk)
          .offset(offset)) as TableRow[];
        yield* rows;
        if (rows.length < chunk) return;
      }
    },
  };

  // Row is the table row unless `operations` says otherwise; then those calls supply the rows.
  const shown = def.rowOf ? showRowsBy(generic, def.rowOf) : generic;
  const published = { ...shown, ...def.operations } as ResourceOperations<Row, Create, Update, Query>;
  return { ...published, def, whereOf, orderOf, generic };
}

/** The generic reads with each row shown by `rowOf`. */
function showRowsBy<TableRow, Row, C, U, Q>(
  generic: ResourceOperations<TableRow, C, U, Q>,
  rowOf: (row: TableRow) => Row,
): ResourceOperations<Row, C, U, Q> {
  return {
    ...generic,
    add: async (db, actor, input) => rowOf(await generic.add(db, actor, input)),
    update: async (db, actor, input) => rowOf(await generic.update(db, actor, input)),
    get: async (db, actor, id) => rowOf(await generic.get(db, actor, id)),
    detail: async (db, actor, id) =>
      rowOf((await generic.detail(db, actor, id)) as TableRow) as Record<string, unknown>,
    query: async (db, actor, query) => {
      const page = await generic.query(db, actor, query);
      return { ...page, items: page.items.map(rowOf) };
    },
    async *rowsForExport(db, actor, query) {
      for await (const row of generic.rowsForExport(db, actor, query))
        yield rowOf(row as TableRow) as Record<string, unknown>;
    },
  };
}

/** Search forms send filters they leave unset as '' or null: those mean "not given", not "equal to ''". */
function blanksAreAbsent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '' && v !== null));
}

/** The row schema of a list page shaped `{ items: row[], ... }`, if it is one. */
function listRowsOf(page: z.ZodType | undefined): z.ZodType[] {
  if (!(page instanceof z.ZodObject)) return [];
  const items = page.shape.items;
  return items instanceof z.ZodArray ? [items.element as z.ZodType] : [];
}

/** Registers the nine calls of contract section 6 for a resource (the bodies are checked by its schemas). */
export function registerResource(app: FastifyInstance, db: Db, service: AnyResource) {
  const { def } = service;
  const base = `/api/${def.name}`;
  const code = (action: string) => permissionCode(def.module, action);
  const record = def.schemas.record;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.name];
  const show = (row: Record<string, unknown>) => present(row);
  const pageResponse = { 200: envelopeSchema(def.schemas.page ?? pageOf(record)) };
  // Query and Export take their defaults from an empty body, as `{}` would.
  const emptyBodyIsNoFilter = async (request: FastifyRequest) => {
    request.body = blanksAreAbsent(request.body ?? {});
  };
  const blankQueryIsNoFilter = async (request: FastifyRequest) => {
    request.query = blanksAreAbsent(request.query);
  };
  const recordResponse = { 200: envelopeSchema(record) };

  r.get(
    `${base}/Get`,
    {
      config: { access: code('view') },
      preValidation: blankQueryIsNoFilter,
      schema: { tags, querystring: def.schemas.query, response: pageResponse },
    },
    async (request) => {
      const page = await service.query(db, requireActor(request), request.query as never);
      return ok({ ...page, items: page.items.map(show) });
    },
  );

  r.get(
    `${base}/Get/:key`,
    { config: { access: code('view') }, schema: { tags, params: idParamSchema, response: recordResponse } },
    async (request) => ok(show(await service.get(db, requireActor(request), request.params.key))),
  );

  r.get(
    `${base}/Detail/:key`,
    {
      config: { access: code('view') },
      schema: { tags, params: idParamSchema, response: { 200: envelopeSchema(def.schemas.detail ?? record) } },
    },
    async (request) => ok(present(await service.detail(db, requireActor(request), request.params.key))),
  );

  r.post(
    `${base}/Query`,
    {
      config: { access: code('view') },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags, body: def.schemas.query, response: pageResponse },
    },
    async (request) => {
      const page = await service.query(db, requireActor(request), request.body as never);
      return ok({ ...page, items: page.items.map(show) });
    },
  );

  if (!def.readOnly) registerWriteRoutes(app, db, service);

  r.post(
    `${base}/Export`,
    {
      config: { access: code('export') },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags, body: def.schemas.query },
    },
    async (request, reply) => {
      const rows = service.rowsForExport(db, requireActor(request), request.body as never);
      return sendXlsx(reply, `${def.name}.xlsx`, def.exportSheet ?? def.label, def.exportColumns, rows);
    },
  );
}

/** Add, Update and Delete of contract section 6, for a resource that is not read-only. */
function registerWriteRoutes(app: FastifyInstance, db: Db, service: AnyResource) {
  const { def } = service;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { create, update, record } = def.schemas;
  if (!create || !update)
    throw new Error(`${def.name}: a resource that is not read-only needs create and update schemas`);
  const base = `/api/${def.name}`;
  const code = (action: string) => permissionCode(def.module, action);
  const tags = [def.name];
  const show = (row: Record<string, unknown>) => present(row);
  const recordResponse = { 200: envelopeSchema(record) };

  r.post(
    `${base}/Add`,
    { config: { access: code('create') }, schema: { tags, body: create, response: recordResponse } },
    async (request) => ok(show(await service.add(db, requireActor(request), request.body as never)), def.addedMessage),
  );

  const updateShape = update.shape as Record<string, z.ZodType>;
  // Only fields whose leaving-out would refuse or reset to a default (plain optional ones already keep their
  // value); never id or rowVersion, which the client must send.
  const filledWhenLeftOut = Object.keys(updateShape).filter((key) => {
    if (key === 'id' || key === 'rowVersion') return false;
    const leftOut = updateShape[key]!.safeParse(undefined);
    return !leftOut.success || leftOut.data !== undefined;
  });
  /**
   * Contract 11: fields an Update leaves out keep their value. They are filled in from the record (as Detail
   * shows it) before validation, so the schema and its cross-field rules see the whole record; a current
   * value the update schema would not take back (a different shape) is left out as before.
   */
  const keepUnsentFields = async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !Number.isSafeInteger(body.id)) return;
    const missing = filledWhenLeftOut.filter((key) => !(key in body));
    if (missing.length === 0) return;
    let current: Record<string, unknown>;
    try {
      current = present(await service.detail(db, requireActor(request), body.id as number));
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return; // the call itself answers 404
      throw error;
    }
    const kept = missing.filter((key) => key in current && updateShape[key]!.safeParse(current[key]).success);
    request.body = { ...Object.fromEntries(kept.map((key) => [key, current[key]])), ...body };
  };

  r.post(
    `${base}/Update`,
    {
      config: { access: code('edit') },
      preValidation: keepUnsentFields,
      // What Get, Detail and the list gave may come back: their read-only fields are accepted and ignored.
      schema: {
        tags,
        body: acceptsReadBack(update, record, def.schemas.detail ?? record, ...listRowsOf(def.schemas.page)),
        response: recordResponse,
      },
    },
    async (request) => ok(show(await service.update(db, requireActor(request), request.body as never))),
  );

  r.post(
    `${base}/Delete`,
    {
      config: { access: code('batchDelete') },
      schema: { tags, body: idListSchema, response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) } },
    },
    async (request) => ok({ deleted: await service.remove(db, requireActor(request), request.body) }),
  );

  r.post(
    `${base}/Delete/:key`,
    {
      config: { access: code('delete') },
      schema: {
        tags,
        params: idParamSchema,
        response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => ok({ deleted: await service.remove(db, requireActor(request), [request.params.key]) }),
  );
}
