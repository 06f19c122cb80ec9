import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  appliesToCategory,
  msg,
  requestTypeMessages,
  type RequestTypeCreate,
  type RequestTypeUpdate,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Queryable, Tx } from '../../platform/db.js';
import { fieldRefusal } from '../../platform/errors.js';
import { languageFrom } from '../../platform/translator.js';
import { category } from '../category/index.js';
import { customFieldDefinitions } from '../customField/index.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { userGroup } from '../userGroup/index.js';
import { workflow } from '../workflow/index.js';
import { requestType } from './request-type.table.js';

/**
 * A workflow a request type may start: published, not disabled, for tickets. Answers its code, or undefined.
 * The registry is not asked: the type names its workflow itself.
 */
export async function startableWorkflow(q: Queryable, code: string) {
  const [row] = await q
    .select({ code: workflow.code, version: workflow.version, status: workflow.status, type: workflow.type })
    .from(workflow)
    .where(eq(workflow.code, code));
  return row && row.version > 0 && row.status !== 'Disabled' && row.type === 'Ticket' ? row.code : undefined;
}

/**
 * The rules of a save beyond its schema (the stored type's values fill what an update leaves out): the category,
 * projects, workflow, people and groups exist and are active; each field is an active ticket custom field that
 * applies to the category, once. A refusal names a field by its label in the caller's language.
 */
export async function checkRequestType(
  tx: Tx,
  input: RequestTypeCreate | RequestTypeUpdate,
  id: number | undefined,
  actor: Actor,
): Promise<void> {
  const [stored] = id ? await tx.select().from(requestType).where(eq(requestType.id, id)) : [];
  const categoryId = input.categoryId ?? stored?.categoryId;
  const fields = input.fields ?? stored?.fields ?? [];
  const [cat] = categoryId
    ? await tx.select({ status: category.categoryStatus }).from(category).where(eq(category.id, categoryId))
    : [];
  if (cat?.status !== 'Active') throw fieldRefusal('categoryId', msg(requestTypeMessages, 'categoryUnknown'));
  if (input.projectIds?.length) {
    const ids = [...new Set(input.projectIds)];
    const found = await tx
      .select({ id: project.id })
      .from(project)
      .where(and(inArray(project.id, ids), eq(project.projectStatus, 'Active')));
    if (found.length !== ids.length) throw fieldRefusal('projectIds', msg(requestTypeMessages, 'projectUnknown'));
  }
  if (input.workflowCode && !(await startableWorkflow(tx, input.workflowCode)))
    throw fieldRefusal('workflowCode', msg(requestTypeMessages, 'workflowUnknown'));
  await checkFields(tx, fields, categoryId!, languageFrom(actor.language) ?? 'en');
  if (input.fulfilment) await checkFulfilment(tx, input.fulfilment);
}

async function checkFields(
  tx: Tx,
  fields: { key: string }[],
  categoryId: number,
  language: 'en' | 'zh-cn' | 'zh-tw',
): Promise<void> {
  const keys = fields.map((f) => f.key);
  if (new Set(keys).size !== keys.length) throw fieldRefusal('fields', msg(requestTypeMessages, 'fieldTwice'));
  if (keys.length === 0) return;
  const definitions = new Map((await customFieldDefinitions(tx, 'Ticket')).map((d) => [d.key, d]));
  for (const key of keys) {
    const def = definitions.get(key);
    const field = def ? def.label[language] : key;
    if (!def || def.status !== 'Active')
      throw fieldRefusal('fields', msg(requestTypeMessages, 'fieldUnknown', { field }));
    if (!appliesToCategory(def, categoryId))
      throw fieldRefusal('fields', msg(requestTypeMessages, 'fieldNotForCategory', { field }));
  }
}

async function checkFulfilment(tx: Tx, items: { assigneeId?: number | null; groupId?: number | null }[]) {
  const userIds = [...new Set(items.flatMap((item) => (item.assigneeId ? [item.assigneeId] : [])))];
  if (userIds.length) {
    const found = await tx
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(inArray(appUser.id, userIds), eq(appUser.status, 'Active'), isNull(appUser.deletedAt)));
    if (found.length !== userIds.length) throw fieldRefusal('fulfilment', msg(requestTypeMessages, 'assigneeUnknown'));
  }
  const groupIds = [...new Set(items.flatMap((item) => (item.groupId ? [item.groupId] : [])))];
  if (groupIds.length) {
    const found = await tx
      .select({ id: userGroup.id })
      .from(userGroup)
      .where(and(inArray(userGroup.id, groupIds), eq(userGroup.status, 'Active')));
    if (found.length !== groupIds.length) throw fieldRefusal('fulfilment', msg(requestTypeMessages, 'groupUnknown'));
  }
}
