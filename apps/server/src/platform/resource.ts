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
  type Page,
  type PermissionModule,
  type QueryBase,
} from '@casedesk/shared';
import type { Db, Queryable, Tx } from '../db/database.js';
import { requireActor } from './access.js';
import type { Actor } from './actor.js';
import { diff, writeAudit } from './audit.js';
import { isUniqueViolation } from './db-errors.js';
import { ok, present } from './envelope.js';
import { badRequest, conflict, notFound } from './errors.js';
import { sendXlsx, type ExportColumn } from './export.js';

type Row = Record<string, unknown> & { id: number; rowVersion: number };
type ResourceTable = PgTable & { id: PgColumn; rowVersion: PgColumn; modifiedAt: PgColumn };
type Schema = z.ZodType;
type ObjectSchema = z.ZodObject;

/** What a module declares to get the generic calls of contract section 6. */
export type ResourceDefinition = {
  /** Route prefix: `/api/<name>`. */
  name: string;
  module: PermissionModule;
  /** What one record is called in messages ("department"). */
  label: string;
  table: ResourceTable;
  schemas: { record: ObjectSchema; create: Schema; update: ObjectSchema; query: ObjectSchema; detail?: Schema };
  /** Columns the keyword box searches (case-insensitive substring). */
  keywordColumns: PgColumn[];
  defaultOrder?: { field: string; desc: boolean }[];
  /** Filters beyond equality on same-named columns. */
  filters?: (query: Record<string, unknown>) => (SQL | undefined)[];
  /** The actor's data scope; records outside it behave as if they did not exist. */
  scope?: (actor: Actor) => SQL | undefined;
  /** Rules a save must keep beyond its schema (e.g. references), checked inside the write's transaction. */
  check?: (tx: Tx, input: Record<string, unknown>, id: number | undefined) => Promise<void>;
  /** Why these records may not be deleted (something references them), or undefined. */
  referencedBy?: (tx: Tx, ids: number[]) => Promise<string | undefined>;
  /** Related details for `Detail/{id}`. */
  loadDetail?: (q: Queryable, record: Row) => Promise<Record<string, unknown>>;
  /** Child rows saved with the record (e.g. dictionary items), inside the same transaction. */
  saveChildren?: (tx: Tx, id: number, input: Record<string, unknown>) => Promise<void>;
  /** The child rows as the audit log compares them (without generated ids), before and after an update. */
  auditChildren?: (q: Queryable, id: number) => Promise<Record<string, unknown>>;
  exportColumns: ExportColumn[];
};

const baseQueryKeys = new Set(['page', 'pageSize', 'keyword', 'orderBy']);

export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rules of the generic calls, as plain functions a module can also call directly. */
export function createResourceService(def: ResourceDefinition) {
  const columns = getTableColumns(def.table) as Record<string, PgColumn>;
  const recordKeys = Object.keys(def.schemas.record.shape);

  const columnValues = (input: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(input).filter(([key]) => key in columns && key !== 'id' && key !== 'rowVersion'));

  const scopeOf = (actor: Actor) => def.scope?.(actor);

  function whereOf(actor: Actor, query: Record<string, unknown>): SQL | undefined {
    const conditions: (SQL | undefined)[] = [scopeOf(actor)];
    const keyword = typeof query.keyword === 'string' ? query.keyword.trim() : '';
    if (keyword && def.keywordColumns.length > 0)
      conditions.push(or(...def.keywordColumns.map((c) => ilike(c, likePattern(keyword)))));
    for (const [key, value] of Object.entries(query)) {
      if (baseQueryKeys.has(key) || value === undefined || !(key in columns)) continue;
      conditions.push(Array.isArray(value) ? inArray(columns[key]!, value) : eq(columns[key]!, value));
    }
    conditions.push(...(def.filters?.(query) ?? []));
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

  async function findVisible(q: Queryable, actor: Actor, id: number): Promise<Row | undefined> {
    const [row] = await q
      .select()
      .from(def.table as PgTable)
      .where(and(eq(def.table.id, id), scopeOf(actor)));
    return row as Row | undefined;
  }

  async function get(db: Db, actor: Actor, id: number): Promise<Row> {
    const row = await findVisible(db, actor, id);
    if (!row) throw notFound();
    return row;
  }

  async function uniqueGuard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A ${def.label} with the same code already exists.`);
      throw error;
    }
  }

  return {
    def,
    whereOf,
    orderOf,
    get,

    async detail(db: Db, actor: Actor, id: number): Promise<Record<string, unknown>> {
      const row = await get(db, actor, id);
      return def.loadDetail ? { ...row, ...(await def.loadDetail(db, row)) } : row;
    },

    async query(db: Db, actor: Actor, query: QueryBase & Record<string, unknown>): Promise<Page<Row>> {
      const where = whereOf(actor, query);
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
      return { items: items as Row[], total: total?.total ?? 0 };
    },

    async add(db: Db, actor: Actor, input: Record<string, unknown>): Promise<Row> {
      return uniqueGuard(() =>
        db.transaction(async (tx) => {
          await def.check?.(tx, input, undefined);
          const [row] = (await tx
            .insert(def.table)
            .values({ ...columnValues(input), createdBy: actor.userId, modifiedBy: actor.userId })
            .returning()) as Row[];
          if (!row) throw new Error('insert returned nothing');
          await def.saveChildren?.(tx, row.id, input);
          await writeAudit(tx, { entity: def.name, entityId: row.id, action: 'create', actorId: actor.userId });
          return row;
        }),
      );
    },

    async update(
      db: Db,
      actor: Actor,
      input: Record<string, unknown> & { id: number; rowVersion: number },
    ): Promise<Row> {
      return uniqueGuard(() =>
        db.transaction(async (tx) => {
          const before = await findVisible(tx, actor, input.id);
          if (!before) throw notFound();
          await def.check?.(tx, input, input.id);
          const childrenBefore = await def.auditChildren?.(tx, input.id);
          const [row] = (await tx
            .update(def.table)
            .set({
              ...columnValues(input),
              rowVersion: sql`${def.table.rowVersion} + 1`,
              modifiedAt: sql`now()`,
              modifiedBy: actor.userId,
            })
            .where(and(eq(def.table.id, input.id), eq(def.table.rowVersion, input.rowVersion)))
            .returning()) as Row[];
          if (!row) throw conflict(messages.staleRowVersion);
          await def.saveChildren?.(tx, row.id, input);
          const childrenAfter = await def.auditChildren?.(tx, row.id);
          await writeAudit(tx, {
            entity: def.name,
            entityId: row.id,
            action: 'update',
            actorId: actor.userId,
            changes: { ...diff(before, row), ...diff(childrenBefore ?? {}, childrenAfter ?? {}) },
          });
          return row;
        }),
      );
    },

    /** Deletes all the given records or none: any missing, hidden or referenced one refuses the lot. */
    async remove(db: Db, actor: Actor, ids: number[]): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: def.table.id })
          .from(def.table as PgTable)
          .where(and(inArray(def.table.id, unique), scopeOf(actor)));
        if (found.length !== unique.length) throw notFound();
        const refusal = await def.referencedBy?.(tx, unique);
        if (refusal) throw conflict(refusal);
        await tx.delete(def.table).where(inArray(def.table.id, unique));
        for (const id of unique)
          await writeAudit(tx, { entity: def.name, entityId: id, action: 'delete', actorId: actor.userId });
        return unique.length;
      });
    },

    /** Every row the filter shows, in the list's order, read in chunks. */
    async *rowsForExport(db: Db, actor: Actor, query: QueryBase & Record<string, unknown>, chunk = 1000) {
      const where = whereOf(actor, query);
      const order = orderOf(query.orderBy);
      for (let offset = 0; offset < 1_000_000; offset += chunk) {
        const rows = (await db
          .select()
          .from(def.table as PgTable)
          .where(where)
          .orderBy(...order)
          .limit(chunk)
          .offset(offset)) as Row[];
        yield* rows;
        if (rows.length < chunk) return;
      }
    },
  };
}
export type ResourceService = ReturnType<typeof createResourceService>;

/** Search forms send filters they leave unset as '' or null: those mean "not given", not "equal to ''". */
function blanksAreAbsent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== '' && v !== null));
}

/** Registers the nine calls of contract section 6 for a resource. */
export function registerResource(app: FastifyInstance, db: Db, service: ResourceService) {
  const { def } = service;
  const base = `/api/${def.name}`;
  const code = (action: string) => permissionCode(def.module, action);
  const record = def.schemas.record;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [def.name];
  const show = (row: Row) => present(row);
  const pageResponse = { 200: envelopeSchema(pageOf(record)) };
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
      const page = await service.query(db, requireActor(request), request.query as QueryBase);
      return ok({ items: page.items.map(show), total: page.total });
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
      const page = await service.query(db, requireActor(request), request.body as QueryBase);
      return ok({ items: page.items.map(show), total: page.total });
    },
  );

  r.post(
    `${base}/Add`,
    { config: { access: code('create') }, schema: { tags, body: def.schemas.create, response: recordResponse } },
    async (request) => ok(show(await service.add(db, requireActor(request), request.body as Record<string, unknown>))),
  );

  r.post(
    `${base}/Update`,
    {
      config: { access: code('edit') },
      // What Get and Detail gave may come back: their read-only fields are accepted and ignored.
      schema: {
        tags,
        body: acceptsReadBack(def.schemas.update, record, def.schemas.detail ?? record),
        response: recordResponse,
      },
    },
    async (request) => ok(show(await service.update(db, requireActor(request), request.body as Row))),
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

  r.post(
    `${base}/Export`,
    {
      config: { access: code('export') },
      preValidation: emptyBodyIsNoFilter,
      schema: { tags, body: def.schemas.query },
    },
    async (request, reply) => {
      const rows = service.rowsForExport(db, requireActor(request), request.body as QueryBase);
      return sendXlsx(reply, `${def.name}.xlsx`, def.label, def.exportColumns, rows);
    },
  );
}
