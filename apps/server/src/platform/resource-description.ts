import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Message, Page, PermissionCode, PermissionModule, QueryBase } from '@casedesk/shared';
import type { Actor } from './actor.js';
import type { Db, Queryable, Tx } from './db.js';
import type { ExportColumn } from './export.js';
import type { OrderBy, Sortable } from './resource-list.js';

/*
 * The record description a module writes in its `*.resource.ts` (`defineResource` in resource-define.ts builds
 * the calls from it): its table, schemas, row, list, scope, policy and hooks.
 */

/** What a read-only resource needs (logs): an id. */
export type ReadableTable = PgTable & { id: PgColumn };
/** What a writable resource needs: an id and the optimistic-lock columns. */
export type ResourceTable = ReadableTable & { rowVersion: PgColumn; modifiedAt: PgColumn };
export type Versioned = { id: number; rowVersion: number };

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

/** The calls' permissions: `<module>:view` for Get, Detail and Query, `<module>:create` for Add, ... */
export type ResourceCall = 'view' | 'export' | 'create' | 'edit' | 'delete' | 'batchDelete';

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
  /**
   * The permission a call needs where it is not `<module>:<call>` (Settings' parts know only view and edit:
   * `{ create: 'settings:edit', ... }`).
   */
  access?: Partial<Record<ResourceCall, PermissionCode>>;
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
  /** Columns Get and Detail read but Query and Export leave out: a large text the list's rows do not show. */
  listOmits?: string[];
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
  /**
   * Rules a save must keep beyond its schema (e.g. references), checked inside the write's transaction; the actor
   * words a refusal that names a record by its text in the caller's language.
   */
  check?: (
    tx: Tx,
    input: z.output<S['create']> | z.output<S['update']>,
    id: number | undefined,
    actor: Actor,
  ) => Promise<void>;
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
  /** Columns known only at the time of the export (custom fields), after `exportColumns`. */
  moreExportColumns?: (q: Queryable) => Promise<ExportColumn[]>;
  /**
   * How a selected row is shown when the API names or derives fields differently (Get, Detail, lists, Export);
   * `columns` and `rowOf` together give `Row`.
   */
  rowOf?: (row: T['$inferSelect'], actor: Actor) => Row;
  /**
   * Big tables (logs): the list's total counts at most this many matching rows and the page says
   * `totalExact: false` beyond, so that a page never waits for a count of millions.
   */
  countCap?: number;
  /** A list page that says more than its total (open items: the LOE sum): the total and those figures. */
  listTotals?: (q: Queryable, where: SQL | undefined) => Promise<{ total: number } & Record<string, unknown>>;
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
