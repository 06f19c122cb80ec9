import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  changeOps,
  conditionFault,
  customKeyOf,
  emailMessages,
  msg,
  triggerMessages,
  webhookMessages,
  type Condition,
  type FieldError,
  type Message,
  type TriggerAction,
  type TriggerCondition,
  type TriggerCreate,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import type { RecordReference } from '../../platform/references.js';
import { languageFrom } from '../../platform/translator.js';
import { category } from '../category/index.js';
import { company } from '../company/index.js';
import { recordFieldDefinitions } from '../customField/index.js';
import { checkTemplateSyntax, emailTemplate } from '../email/index.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { activeGroupIds } from '../userGroup/index.js';
import { webhook } from '../webhook/index.js';
import { trigger } from './trigger.table.js';

type TriggerInput = Pick<TriggerCreate, 'name' | 'event' | 'conditions' | 'actions' | 'status'>;
type Fault = (field: string, message: Message) => void;

const idTables = { projectId: project, categoryId: category, companyId: company } as const;
const idList = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map(Number);

async function missingIds(q: Queryable, table: (typeof idTables)[keyof typeof idTables], ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return false;
  const [row] = await rowsOf<{ n: number }>(
    q,
    sql`select count(*)::integer as n from ${table} where ${table.id} in (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return Number(row?.n ?? 0) !== unique.length;
}

async function inactiveUsers(q: Queryable, ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return false;
  const found = await q
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(inArray(appUser.id, unique), eq(appUser.status, 'Active'), sql`${appUser.deletedAt} is null`));
  return found.length !== unique.length;
}

/** Custom fields against the ticket definitions, and the records the fixed conditions name by id. */
async function checkConditions(tx: Tx, input: TriggerInput, actor: Actor | undefined, fault: Fault) {
  const custom = input.conditions.some((condition) => customKeyOf(condition.field) !== null);
  const context = {
    customFields: custom ? await recordFieldDefinitions(tx, 'Ticket') : [],
    language: languageFrom(actor?.language) ?? 'en',
  };
  for (const [index, condition] of input.conditions.entries()) {
    const { field, op } = condition;
    const key = customKeyOf(field);
    if (key !== null) {
      // A change operator only needs the field to exist; the others are judged as the SLA policy's conditions.
      const isChange = (changeOps as readonly string[]).includes(op);
      const wrong = isChange
        ? context.customFields.some((definition) => definition.key === key)
          ? null
          : 'unknownField'
        : conditionFault(condition as Condition, 'Ticket', context);
      if (wrong === 'unknownField')
        fault(`conditions.${index}.field`, msg(triggerMessages, 'unknownCustomField', { field }));
      else if (wrong) fault(`conditions.${index}.value`, msg(triggerMessages, 'badValue'));
      continue;
    }
    if (condition.value === undefined) continue;
    if (field in idTables && (await missingIds(tx, idTables[field as keyof typeof idTables], idList(condition.value))))
      fault(`conditions.${index}.value`, msg(triggerMessages, 'recordUnknown'));
    if (field === 'assignTo' && (await inactiveUsers(tx, idList(condition.value))))
      fault(`conditions.${index}.value`, msg(triggerMessages, 'userUnknown'));
  }
}

/** The records the actions name: people, groups, a template, a webhook, the records a `set` names. */
async function checkActions(tx: Tx, actions: TriggerAction[], fault: Fault) {
  for (const [index, action] of actions.entries()) {
    const at = `actions.${index}`;
    const { set, mail, notify, comment } = action;
    if (set?.assignTo && (await inactiveUsers(tx, [set.assignTo])))
      fault(`${at}.set.assignTo`, msg(triggerMessages, 'userUnknown'));
    for (const key of ['projectId', 'categoryId', 'companyId'] as const) {
      const id = set?.[key];
      if (id && (await missingIds(tx, idTables[key], [id])))
        fault(`${at}.set.${key}`, msg(triggerMessages, 'recordUnknown'));
    }
    if (comment) {
      try {
        checkTemplateSyntax('body', comment.body);
      } catch {
        fault(`${at}.comment.body`, msg(emailMessages, 'templateSyntax'));
      }
    }
    if (mail) {
      const [template] = await tx
        .select({ id: emailTemplate.id })
        .from(emailTemplate)
        .where(and(eq(emailTemplate.id, mail.templateId), eq(emailTemplate.status, 'Active')));
      if (!template) fault(`${at}.mail.templateId`, msg(triggerMessages, 'templateUnknown'));
      if (Array.isArray(mail.to) && (await inactiveUsers(tx, mail.to)))
        fault(`${at}.mail.to`, msg(triggerMessages, 'userUnknown'));
    }
    if (notify) {
      if (await inactiveUsers(tx, notify.userIds)) fault(`${at}.notify.userIds`, msg(triggerMessages, 'userUnknown'));
      const groups = [...new Set(notify.groupIds)];
      if ((await activeGroupIds(tx, groups)).size !== groups.length)
        fault(`${at}.notify.groupIds`, msg(triggerMessages, 'groupUnknown'));
    }
    if (action.webhookId !== undefined) {
      const [found] = await tx.select({ id: webhook.id }).from(webhook).where(eq(webhook.id, action.webhookId));
      if (!found) fault(`${at}.webhookId`, msg(triggerMessages, 'webhookUnknown'));
    }
  }
}

/** The fixed fields a trigger's `set` actions write, with the value each writes. */
const setsOf = (actions: readonly TriggerAction[]) =>
  actions.flatMap((action, index) =>
    Object.entries(action.set ?? {})
      .filter(([field, value]) => field !== 'customFields' && field !== 'tags' && value !== undefined)
      .map(([field, value]) => ({ index, field, value: value as unknown })),
  );

/** Whether a trigger's conditions would take a change of `field` to `value` (the ones that fire on it). */
const listensTo = (conditions: readonly TriggerCondition[], field: string, value: unknown) =>
  conditions.some(
    (c) =>
      c.field === field &&
      (c.op === 'changed' ||
        ((c.op === 'eq' || c.op === 'changedTo') && c.value === value) ||
        (c.op === 'in' && Array.isArray(c.value) && (c.value as unknown[]).includes(value))),
  );

/**
 * Loops between active "ticket updated" triggers: this one sets f=a where the other listens to f=a, and the other
 * sets f=b (b ≠ a) where this one listens to f=b (the other may be this trigger itself). Sound and simple: what it
 * misses, the runtime depth limit stops.
 */
async function checkLoops(tx: Tx, input: TriggerInput, id: number | undefined, fault: Fault) {
  if (input.event !== 'ticket.updated' || input.status !== 'Active') return;
  const mine = setsOf(input.actions);
  if (mine.length === 0) return;
  const others = await tx
    .select({ name: trigger.name, conditions: trigger.conditions, actions: trigger.actions })
    .from(trigger)
    .where(
      and(
        eq(trigger.event, 'ticket.updated'),
        eq(trigger.status, 'Active'),
        id === undefined ? undefined : ne(trigger.id, id),
      ),
    );
  const candidates = [{ name: input.name, conditions: input.conditions, actions: input.actions }, ...others];
  for (const set of mine)
    for (const other of candidates) {
      if (!listensTo(other.conditions, set.field, set.value)) continue;
      const back = setsOf(other.actions).find(
        (theirs) =>
          theirs.field === set.field &&
          theirs.value !== set.value &&
          listensTo(input.conditions, set.field, theirs.value),
      );
      if (back) return fault(`actions.${set.index}`, msg(triggerMessages, 'loop', { other: other.name }));
    }
}

/**
 * What the schema cannot know: a free name, `custom.<key>` against the ticket's custom fields, the records and
 * people named by id, and loops between triggers. Every problem on its own field, all in one 400.
 */
export async function checkTrigger(tx: Tx, input: TriggerInput, id: number | undefined, actor?: Actor): Promise<void> {
  const faults: FieldError[] = [];
  let first: Message | undefined;
  const fault: Fault = (field, message) => {
    first ??= message;
    faults.push(fieldError(field, message));
  };
  const [taken] = await tx
    .select({ id: trigger.id })
    .from(trigger)
    .where(and(sql`lower(${trigger.name}) = lower(${input.name})`, id === undefined ? undefined : ne(trigger.id, id)));
  if (taken) fault('name', msg(triggerMessages, 'nameTaken'));
  await checkConditions(tx, input, actor, fault);
  await checkActions(tx, input.actions, fault);
  if (!first) await checkLoops(tx, input, id, fault);
  if (first) throw badRequest(first, faults);
}

/** The webhooks a trigger's action sends to may not be deleted (contract 23): refused naming the first trigger. */
export const webhookHeldByTrigger: RecordReference = {
  record: 'webhook',
  refusal: async (tx, ids) => {
    const [holder] = await tx
      .select({ name: trigger.name })
      .from(trigger)
      .where(
        sql`exists (select 1 from jsonb_array_elements(${trigger.actions}) as action
          where (action ->> 'webhookId')::int in (${sql.join(ids, sql`, `)}))`,
      )
      .orderBy(asc(trigger.name))
      .limit(1);
    return holder && msg(webhookMessages, 'inUse', { trigger: holder.name });
  },
};
