import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  permissionCode,
  type CustomFieldDefinition,
  type CustomFieldEntity,
  type ImportField,
  type ImportTarget,
  type PermissionModule,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { present } from '../../platform/envelope.js';
import { labelsOf } from './import.labels.js';

/**
 * What a target offers an import: its fields (labels from the web's locale files), how a row's record is found
 * by the match fields, and the target module's own calls that write it (rules, permissions, history).
 * The targets themselves are listed in `import.targets.ts`.
 */

/** Tables a reference cell names by code or name (the code wins; a name that two records share is refused). */
export type ReferenceKind =
  'company' | 'project' | 'category' | 'user' | 'dept' | 'position' | 'role' | 'industry' | 'ticket' | 'dictionary';
export const referenceTables: Record<ReferenceKind, { table: string; code: string; name: string | null }> = {
  company: { table: 'company', code: 'code', name: 'name' },
  project: { table: 'project', code: 'project_code', name: 'project_name' },
  category: { table: 'category', code: 'category_code', name: 'category_description' },
  user: { table: 'app_user', code: 'login_name', name: 'real_name' },
  dept: { table: 'dept', code: 'code', name: 'name' },
  position: { table: 'position', code: 'code', name: 'name' },
  role: { table: 'role', code: 'code', name: 'name' },
  industry: { table: 'industry', code: 'code', name: 'name' },
  ticket: { table: 'ticket', code: 'case_number', name: null },
  dictionary: { table: 'dictionary', code: 'code', name: 'name' },
};

export type TargetField = ImportField & {
  ref?: ReferenceKind;
  /** Several references in one cell, separated by commas or semicolons (roles, projects). */
  many?: boolean;
  /** Identifies a row only; never written (a ticket's case number). */
  matchOnly?: boolean;
  /** Written on insert only: the target's update takes no such field (a user's password). */
  insertOnly?: boolean;
  /** A custom field (`custom.<key>`): its definition converts the cell, and the value goes in `customFields`. */
  custom?: CustomFieldDefinition;
};

/** The record a row matched, as its update takes it back. */
export type Matched = { id: number; values: Record<string, unknown> };

export type TargetAdapter = {
  target: ImportTarget;
  module: PermissionModule;
  fields: TargetField[];
  /** The record kind whose custom fields the target also takes (`custom.<key>`, contract 21). */
  customFields?: CustomFieldEntity;
  /** Permission codes an insert and an update need (the starter's). */
  permissions: { insert: string; update: string };
  /** The record whose match fields equal these values (text without case), or undefined. */
  find(w: WriteContext, match: Record<string, unknown>): Promise<Matched | undefined>;
  /**
   * Slow work an insert needs, done before the batch's transaction opens (a password's hash: the embedded database
   * has one connection, which that transaction holds for every other request meanwhile). `text` gives a row's cell
   * for a field; the answer reaches `insert` as `prepared`.
   */
  prepare?(text: (field: string) => string | undefined): Promise<unknown>;
  insert(w: WriteContext, values: Record<string, unknown>, prepared?: unknown): Promise<void>;
  /** What the target's schema refuses in these values for an insert (a row's other problems, listed together). */
  check?(values: Record<string, unknown>): readonly z.core.$ZodIssue[];
  update(w: WriteContext, matched: Matched, values: Record<string, unknown>): Promise<void>;
};

/** Where a row is written: the batch's transaction (a savepoint per row), as whom, and the server's files. */
export type WriteContext = { tx: Tx; actor: Actor; dataDir: string };

export type Spec = Omit<TargetField, 'labels' | 'required' | 'matchable' | 'type'> & Partial<TargetField>;

export function fieldsOf(
  target: ImportTarget,
  create: z.ZodObject,
  specs: Spec[],
  update?: z.ZodObject,
): TargetField[] {
  const shape = create.shape as Record<string, z.ZodType>;
  const updatable = update ? new Set(Object.keys(update.shape)) : undefined;
  return specs.map((spec) => {
    const inShape = shape[spec.field];
    const required = spec.required ?? (inShape ? !inShape.safeParse(undefined).success : false);
    const labels = labelsOf(target, spec.field);
    return {
      type: spec.ref ? 'reference' : 'text',
      matchable: false,
      ...(updatable && !updatable.has(spec.field) && !spec.matchOnly ? { insertOnly: true } : {}),
      ...spec,
      required,
      labels,
    };
  });
}

export type Writable = {
  add(db: Db, actor: Actor, input: never, prepared?: never): Promise<unknown>;
  update(db: Db, actor: Actor, input: never): Promise<unknown>;
  detail(db: Db, actor: Actor, id: number): Promise<Record<string, unknown>>;
};

const customTypes: Record<CustomFieldDefinition['type'], ImportField['type']> = {
  text: 'text',
  textarea: 'text',
  number: 'number',
  decimal: 'decimal',
  date: 'date',
  datetime: 'date',
  select: 'text',
  multiselect: 'text',
  user: 'reference',
  checkbox: 'boolean',
};

/**
 * The active custom fields as a target's fields `custom.<key>`, labelled by their own labels; required where the
 * field asks for a value on every record (one limited to categories is asked only on those).
 */
export const customTargetFields = (definitions: readonly CustomFieldDefinition[]): TargetField[] =>
  definitions
    .filter((def) => def.status === 'Active')
    .map((def) => ({
      field: `custom.${def.key}`,
      labels: def.label,
      required: def.required && def.categoryIds.length === 0,
      matchable: false,
      type: customTypes[def.type],
      custom: def,
    }));

/** Column equality for matching: text without case. */
function matchWhere(table: PgTable, match: Record<string, unknown>): SQL | undefined {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return and(
    ...Object.entries(match).map(([field, value]) => {
      const column = columns[field];
      if (!column) throw new Error(`no column ${field}`);
      return typeof value === 'string' ? sql`lower(${column}::text) = lower(${value})` : eq(column, value);
    }),
  );
}

/** Keeps the keys a schema takes whose value it accepts (what Detail gives back beyond the input is left out). */
function acceptable(schema: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => key in shape && shape[key]!.safeParse(value).success),
  );
}

/** A target written through a resource's calls (`add`, `update`), its record found in its own table. */
export function resourceTarget(options: {
  target: ImportTarget;
  module: PermissionModule;
  table: PgTable & { id: PgColumn };
  resource: (dataDir: string) => Writable;
  create: z.ZodObject;
  update: z.ZodObject;
  fields: Spec[];
  /** A partial update (only the sent fields change): nothing else is sent back. */
  partialUpdate?: boolean;
  /** Extra condition for finding a record (users not deleted). */
  visible?: SQL;
  customFields?: CustomFieldEntity;
  /** Work done out of the batch's transaction for an insert, passed to the resource's `add` (TargetAdapter). */
  prepare?: TargetAdapter['prepare'];
}): TargetAdapter {
  const resourceOf = (w: WriteContext) => options.resource(w.dataDir);
  return {
    target: options.target,
    module: options.module,
    fields: fieldsOf(options.target, options.create, options.fields, options.update),
    customFields: options.customFields,
    permissions: {
      insert: permissionCode(options.module, 'create'),
      update: permissionCode(options.module, 'edit'),
    },
    async find(w, match) {
      const rows: { id: number }[] = await w.tx
        .select({ id: sql<number>`${options.table.id}` })
        .from(options.table)
        .where(and(matchWhere(options.table, match), options.visible))
        .limit(1);
      if (!rows[0]) return undefined;
      const values = present(await resourceOf(w).detail(w.tx as unknown as Db, w.actor, rows[0].id));
      return { id: rows[0].id, values };
    },
    check: (values) => options.create.safeParse(values).error?.issues ?? [],
    prepare: options.prepare,
    async insert(w, values, prepared) {
      await resourceOf(w).add(w.tx as unknown as Db, w.actor, options.create.parse(values) as never, prepared as never);
    },
    async update(w, matched, values) {
      const base = options.partialUpdate ? {} : acceptable(options.update, matched.values);
      const input = { ...base, ...values, id: matched.id, rowVersion: matched.values.rowVersion };
      await resourceOf(w).update(w.tx as unknown as Db, w.actor, options.update.parse(input) as never);
    },
  };
}
