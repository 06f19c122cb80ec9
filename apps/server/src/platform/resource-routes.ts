import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptsReadBack,
  envelopeSchema,
  idListSchema,
  idParamSchema,
  pageOf,
  permissionCode,
  type PermissionCode,
  type PermissionModule,
} from '@casedesk/shared';
import type { Db, Queryable } from './db.js';
import { requireActor } from './access.js';
import { ok, present } from './envelope.js';
import { AppError } from './errors.js';
import { dictionaryItemsByCode } from './dictionary-words.js';
import { exportDictionaryCodes, sendXlsx } from './export.js';
import { callerLanguage } from './translator.js';
import type { ReadableTable, ResourceCall, ResourceOperations, ResourceSchemas } from './resource-define.js';
import type { ExportColumn } from './export.js';
import { heavyReader } from './read-replica.js';

/** Any resource, as the route registration takes it. */
export type AnyResource = ResourceOperations<Record<string, unknown>, never, never, never> & {
  def: {
    table: ReadableTable;
    name: string;
    readOnly?: boolean | undefined;
    module: PermissionModule;
    access?: Partial<Record<ResourceCall, PermissionCode>> | undefined;
    label: string;
    schemas: ResourceSchemas;
    exportColumns: ExportColumn[];
    moreExportColumns?: ((q: Queryable) => Promise<ExportColumn[]>) | undefined;
    addedMessage?: string | undefined;
  };
};

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

/** The permission a call of this resource needs. */
const accessOf = (def: AnyResource['def'], call: ResourceCall): PermissionCode =>
  def.access?.[call] ?? permissionCode(def.module, call);

/** Registers the nine calls of contract section 6 for a resource (the bodies are checked by its schemas). */
export function registerResource(app: FastifyInstance, db: Db, service: AnyResource) {
  const { def } = service;
  const base = `/api/${def.name}`;
  const code = (call: ResourceCall) => accessOf(def, call);
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
      const reader = await heavyReader(db);
      const rows = await startedRows(service.rowsForExport(reader, requireActor(request), request.body as never));
      const columns = [...def.exportColumns, ...((await def.moreExportColumns?.(db)) ?? [])];
      const dictionaries = await dictionaryItemsByCode(db, exportDictionaryCodes(columns));
      const language = callerLanguage(request);
      return sendXlsx(reply, language, `${def.name}.xlsx`, def.name, columns, rows, dictionaries);
    },
  );
}

/**
 * The rows with the first one already read: a refusal of the filter or the sort (a 400) comes before the
 * file's first byte, not as a broken download.
 */
async function startedRows<R>(rows: AsyncIterable<R>): Promise<AsyncIterable<R>> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** Add, Update and Delete of contract section 6, for a resource that is not read-only. */
function registerWriteRoutes(app: FastifyInstance, db: Db, service: AnyResource) {
  const { def } = service;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { create, update, record } = def.schemas;
  if (!create || !update)
    throw new Error(`${def.name}: a resource that is not read-only needs create and update schemas`);
  const base = `/api/${def.name}`;
  const code = (call: ResourceCall) => accessOf(def, call);
  const tags = [def.name];
  const show = (row: Record<string, unknown>) => present(row);
  const recordResponse = { 200: envelopeSchema(record) };

  // Contract 11 for Add as well: a record read back (a copy of one) may carry what Get, Detail and the list
  // gave; the fields the server owns (id, rowVersion, names, actions...) are accepted and ignored.
  const responses = [record, def.schemas.detail ?? record, ...listRowsOf(def.schemas.page)];
  const addBody = create instanceof z.ZodObject ? acceptsReadBack(create, ...responses) : create;
  r.post(
    `${base}/Add`,
    { config: { access: code('create') }, schema: { tags, body: addBody, response: recordResponse } },
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
        body: acceptsReadBack(update, ...responses),
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
