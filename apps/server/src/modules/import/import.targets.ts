import { and, eq, sql, type SQL } from 'drizzle-orm';
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
  type ImportTarget,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { present } from '../../platform/envelope.js';
import { company, companyResource } from '../company/index.js';
import { customFieldDefinitions } from '../customField/index.js';
import { dictionaryItem, dictionaryResource } from '../dictionary/index.js';
import { category, categoryResource } from '../category/index.js';
import { createOpenItemResource, openItem } from '../openItem/index.js';
import { project, projectResource } from '../project/index.js';
import { region, regionResource } from '../region/index.js';
import { createTicketResource, ticket } from '../ticket/index.js';
import { appUser, preparePassword, userResource } from '../user/index.js';
import { vendor, vendorResource } from '../vendor/index.js';
import {
  customTargetFields,
  fieldsOf,
  resourceTarget,
  type TargetAdapter,
  type TargetField,
  type Writable,
} from './import-target.adapter.js';

/**
 * The targets an import can write, each through its own module's calls (how a target is described and written:
 * `import-target.adapter.ts`).
 */

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
      nameZhCn: item.nameZhCn ?? null,
      nameZhTw: item.nameZhTw ?? null,
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
      { field: 'nameZhCn' },
      { field: 'nameZhTw' },
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
      customFields: 'Ticket',
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
      prepare: async (text) => preparePassword(text('password')),
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

/**
 * The fields of a target (the definition check, the Targets call, the preview's proposed mapping, a run), its
 * active custom fields last.
 */
export async function targetFields(q: Queryable, target: ImportTarget): Promise<TargetField[]> {
  const adapter = importTargetAdapters.get(target);
  if (!adapter) return [];
  if (!adapter.customFields) return adapter.fields;
  return [...adapter.fields, ...customTargetFields(await customFieldDefinitions(q, adapter.customFields))];
}
