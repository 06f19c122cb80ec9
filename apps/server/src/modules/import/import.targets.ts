import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  categoryCreateSchema,
  categoryUpdateSchema,
  companyCreateSchema,
  companyUpdateSchema,
  dictionaryItemInputSchema,
  openItemCreateSchema,
  openItemUpdateSchema,
  permissionCode,
  projectCreateSchema,
  projectUpdateSchema,
  regionCreateSchema,
  regionUpdateSchema,
  ticketCreateSchema,
  ticketUpdateSchema,
  userCreateSchema,
  userUpdateSchema,
  vendorCreateSchema,
  vendorUpdateSchema,
  type ImportField,
  type ImportTarget,
  type PermissionModule,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Tx } from '../../platform/db.js';
import { present } from '../../platform/envelope.js';
import { company, companyResource } from '../company/index.js';
import { dictionaryItem, dictionaryResource } from '../dictionary/index.js';
import { category, categoryResource } from '../category/index.js';
import { createOpenItemResource, openItem } from '../openItem/index.js';
import { project, projectResource } from '../project/index.js';
import { region, regionResource } from '../region/index.js';
import { createTicketResource, ticket } from '../ticket/index.js';
import { userResource, appUser } from '../user/index.js';
import { vendor, vendorResource } from '../vendor/index.js';
import { importLabels } from './import.labels.js';

/**
 * What each target offers an import: its fields (labels from the web's locale files), how a row's record is
 * found by the match fields, and the target module's own calls that write it (rules, permissions, history).
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
};

/** The record a row matched, as its update takes it back. */
export type Matched = { id: number; values: Record<string, unknown> };

export type TargetAdapter = {
  target: ImportTarget;
  module: PermissionModule;
  fields: TargetField[];
  /** Permission codes an insert and an update need (the starter's). */
  permissions: { insert: string; update: string };
  /** The record whose match fields equal these values (text without case), or undefined. */
  find(w: WriteContext, match: Record<string, unknown>): Promise<Matched | undefined>;
  insert(w: WriteContext, values: Record<string, unknown>): Promise<void>;
  update(w: WriteContext, matched: Matched, values: Record<string, unknown>): Promise<void>;
};

/** Where a row is written: the batch's transaction (a savepoint per row), as whom, and the server's files. */
export type WriteContext = { tx: Tx; actor: Actor; dataDir: string };

type Spec = Omit<TargetField, 'labels' | 'required' | 'matchable' | 'type'> & Partial<TargetField>;

function fieldsOf(target: ImportTarget, create: z.ZodObject, specs: Spec[], update?: z.ZodObject): TargetField[] {
  const shape = create.shape as Record<string, z.ZodType>;
  const updatable = update ? new Set(Object.keys(update.shape)) : undefined;
  return specs.map((spec) => {
    const inShape = shape[spec.field];
    const required = spec.required ?? (inShape ? !inShape.safeParse(undefined).success : false);
    const labels = importLabels[target][spec.field] ?? { en: spec.field, 'zh-cn': spec.field, 'zh-tw': spec.field };
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

type Writable = {
  add(db: Db, actor: Actor, input: never): Promise<unknown>;
  update(db: Db, actor: Actor, input: never): Promise<unknown>;
  detail(db: Db, actor: Actor, id: number): Promise<Record<string, unknown>>;
};

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
function resourceTarget(options: {
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
}): TargetAdapter {
  const resourceOf = (w: WriteContext) => options.resource(w.dataDir);
  return {
    target: options.target,
    module: options.module,
    fields: fieldsOf(options.target, options.create, options.fields, options.update),
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
    async insert(w, values) {
      await resourceOf(w).add(w.tx as unknown as Db, w.actor, options.create.parse(values) as never);
    },
    async update(w, matched, values) {
      const base = options.partialUpdate ? {} : acceptable(options.update, matched.values);
      const input = { ...base, ...values, id: matched.id, rowVersion: matched.values.rowVersion };
      await resourceOf(w).update(w.tx as unknown as Db, w.actor, options.update.parse(input) as never);
    },
  };
}

/** Dictionary items: a row adds or changes one item of the dictionary its `dictionaryCode` names. */
function dictionaryItemTarget(): TargetAdapter {
  const code = permissionCode('dictionary', 'edit');
  type Item = z.output<typeof dictionaryItemInputSchema>;
  const load = async (tx: Tx, actor: Actor, dictionaryId: number) =>
    present(await dictionaryResource.detail(tx as unknown as Db, actor, dictionaryId)) as Record<string, unknown> & {
      items: (Item & { id: number })[];
      rowVersion: number;
    };
  const save = async (tx: Tx, actor: Actor, dict: Awaited<ReturnType<typeof load>>, items: Item[]) => {
    const input = { ...acceptableDictionary(dict), items, id: dict.id, rowVersion: dict.rowVersion };
    await dictionaryResource.update(tx as unknown as Db, actor, input as never);
  };
  const itemInput = (item: Record<string, unknown>): Item =>
    dictionaryItemInputSchema.parse({
      key: item.key,
      parentKey: item.parentKey ?? null,
      name: item.name,
      value: item.value,
      sort: item.sort ?? 0,
      enable: item.enable ?? true,
    });
  return {
    target: 'DictionaryItem',
    module: 'dictionary',
    permissions: { insert: code, update: code },
    fields: fieldsOf('DictionaryItem', dictionaryItemInputSchema, [
      { field: 'dictionaryCode', ref: 'dictionary', required: true, matchable: true },
      { field: 'key', matchable: true },
      { field: 'name' },
      { field: 'value' },
      { field: 'parentKey' },
      { field: 'sort', type: 'number' },
      { field: 'enable', type: 'boolean' },
    ]),
    async find({ tx }, match) {
      const dictionaryId = match.dictionaryCode as number | undefined;
      if (dictionaryId === undefined) return undefined;
      const conditions: SQL[] = [eq(dictionaryItem.dictionaryId, dictionaryId)];
      if (typeof match.key === 'string') conditions.push(sql`lower(${dictionaryItem.key}) = lower(${match.key})`);
      const [row] = await tx
        .select()
        .from(dictionaryItem)
        .where(and(...conditions))
        .limit(1);
      if (!row) return undefined;
      return { id: row.id, values: { ...row, dictionaryCode: dictionaryId } };
    },
    async insert({ tx, actor }, values) {
      const dict = await load(tx, actor, values.dictionaryCode as number);
      const items = dict.items.map((i) => itemInput(i));
      await save(tx, actor, dict, [...items, itemInput(values)]);
    },
    async update({ tx, actor }, matched, values) {
      const dict = await load(tx, actor, matched.values.dictionaryCode as number);
      const items = dict.items.map((i) => (i.id === matched.id ? itemInput({ ...i, ...values }) : itemInput(i)));
      await save(tx, actor, dict, items);
    },
  };
}

function acceptableDictionary(dict: Record<string, unknown>) {
  const { code, name, category: cat, description, sort, enable } = dict;
  return { code, name, category: cat, description, sort, enable };
}

/** Tickets and open items keep files under the server's `dataDir`: their resources are made per data folder. */
function perDataDir(make: (dataDir: string) => unknown): (dataDir: string) => Writable {
  const made = new Map<string, Writable>();
  return (dataDir) => {
    let resource = made.get(dataDir);
    if (!resource) made.set(dataDir, (resource = make(dataDir) as Writable));
    return resource;
  };
}
const ticketResource = perDataDir(createTicketResource);
const openItemResource = perDataDir(createOpenItemResource);
const fixed = (resource: unknown) => () => resource as Writable;

/** Every target an import can write. */
export const importTargetAdapters: ReadonlyMap<ImportTarget, TargetAdapter> = (() => {
  const list: TargetAdapter[] = [
    resourceTarget({
      target: 'Ticket',
      module: 'ticket',
      table: ticket,
      resource: ticketResource,
      create: ticketCreateSchema,
      update: ticketUpdateSchema,
      partialUpdate: true,
      fields: [
        { field: 'caseNumber', matchable: true, matchOnly: true },
        { field: 'subject' },
        { field: 'content' },
        { field: 'projectId', ref: 'project' },
        { field: 'categoryId', ref: 'category' },
        { field: 'companyId', ref: 'company' },
        { field: 'businessUnit' },
        { field: 'priority' },
        { field: 'ticketType' },
        { field: 'ticketFrom' },
        { field: 'subjectType' },
        { field: 'customer' },
        { field: 'customerEmail' },
        { field: 'telephone' },
        { field: 'firstName' },
        { field: 'lastName' },
        { field: 'emails' },
        { field: 'assignTo', ref: 'user' },
        { field: 'privateTicket', type: 'boolean' },
        { field: 'scheduledDate', type: 'date' },
        { field: 'status' },
      ],
    }),
    resourceTarget({
      target: 'User',
      module: 'user',
      table: appUser,
      resource: fixed(userResource),
      create: userCreateSchema,
      update: userUpdateSchema,
      visible: sql`${appUser.deletedAt} is null`,
      fields: [
        { field: 'loginName', matchable: true },
        { field: 'realName' },
        { field: 'lastName' },
        { field: 'fullName' },
        { field: 'email', matchable: true },
        { field: 'mobile' },
        { field: 'password' },
        { field: 'status' },
        { field: 'deptId', ref: 'dept' },
        { field: 'positionId', ref: 'position' },
        { field: 'roles', ref: 'role', many: true },
        { field: 'projects', ref: 'project', many: true },
        { field: 'userType' },
        { field: 'language' },
        { field: 'timeZone' },
        { field: 'location' },
        { field: 'jobTitle' },
        { field: 'escalation' },
        { field: 'remark' },
        { field: 'privateTicket', type: 'boolean' },
        { field: 'canEmail', type: 'boolean' },
        { field: 'incidentEmailNotify', type: 'boolean' },
        { field: 'needToChangePwd', type: 'boolean' },
      ],
    }),
    resourceTarget({
      target: 'Company',
      module: 'company',
      table: company,
      resource: fixed(companyResource),
      create: companyCreateSchema,
      update: companyUpdateSchema,
      fields: [
        { field: 'code', matchable: true },
        { field: 'name', matchable: true },
        ...[
          'shortName',
          'companyType',
          'userType',
          'businessUnit',
          'scale',
          'linkMan',
          'contact',
          'phone',
          'linkTel',
          'email',
          'fax',
          'region',
          'postCode',
          'address',
          'legalPerson',
          'source',
          'description',
        ].map((field) => ({ field })),
        { field: 'industryId', ref: 'industry' as const },
        { field: 'sort', type: 'number' as const },
        { field: 'status' },
      ],
    }),
    resourceTarget({
      target: 'Vendor',
      module: 'vendor',
      table: vendor,
      resource: fixed(vendorResource),
      create: vendorCreateSchema,
      update: vendorUpdateSchema,
      fields: [
        { field: 'vendorCode', matchable: true },
        { field: 'vendorName', matchable: true },
        { field: 'companyId', ref: 'company' },
        { field: 'emailAddress' },
        { field: 'paymentMethod' },
        { field: 'paymentTerm' },
        { field: 'glAccount' },
        { field: 'description' },
        { field: 'status' },
      ],
    }),
    resourceTarget({
      target: 'Category',
      module: 'category',
      table: category,
      resource: fixed(categoryResource),
      create: categoryCreateSchema,
      update: categoryUpdateSchema,
      fields: [
        { field: 'categoryCode', matchable: true },
        { field: 'categoryDescription' },
        { field: 'categoryStatus' },
        { field: 'newTicketAssignee', ref: 'user' },
        { field: 'projectIds', ref: 'project', many: true },
      ],
    }),
    resourceTarget({
      target: 'Project',
      module: 'project',
      table: project,
      resource: fixed(projectResource),
      create: projectCreateSchema,
      update: projectUpdateSchema,
      fields: [
        { field: 'projectCode', matchable: true },
        { field: 'projectName', matchable: true },
        { field: 'projectDescription' },
        { field: 'projectStatus' },
        { field: 'activeAt', type: 'date' },
        { field: 'inActiveAt', type: 'date' },
        { field: 'businessUnit' },
        { field: 'companyIds', ref: 'company', many: true },
      ],
    }),
    resourceTarget({
      target: 'OpenItem',
      module: 'openItem',
      table: openItem,
      resource: openItemResource,
      create: openItemCreateSchema,
      update: openItemUpdateSchema,
      fields: [
        { field: 'ticketId', ref: 'ticket', required: true },
        { field: 'description' },
        { field: 'priority' },
        { field: 'status' },
        { field: 'taskCategory' },
        { field: 'projectId', ref: 'project' },
        { field: 'pointOfContact', ref: 'user' },
        { field: 'openDate', type: 'date' },
        { field: 'approvedDate', type: 'date' },
        { field: 'loe', type: 'decimal' },
        { field: 'comment' },
      ],
    }),
    resourceTarget({
      target: 'Region',
      module: 'region',
      table: region,
      resource: fixed(regionResource),
      create: regionCreateSchema,
      update: regionUpdateSchema,
      fields: [
        { field: 'code', matchable: true },
        { field: 'name' },
        { field: 'pinyin' },
        { field: 'zipCode' },
        { field: 'parentCode' },
        { field: 'type', type: 'number' },
        { field: 'sort', type: 'number' },
      ],
    }),
    dictionaryItemTarget(),
  ];
  return new Map(list.map((t) => [t.target, t]));
})();

/** The fields of a target (the definition check, the Targets call, the preview's proposed mapping). */
export const targetFields = (target: ImportTarget): TargetField[] => importTargetAdapters.get(target)?.fields ?? [];
