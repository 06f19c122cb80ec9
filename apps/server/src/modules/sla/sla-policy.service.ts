import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  conditionFault,
  conditionFieldName,
  customKeyOf,
  msg,
  slaIdConditionFields,
  slaPolicyMessages,
  type FieldError,
  type Message,
  type SlaPolicyCreate,
  type SlaPolicyPreview,
  type SlaPolicyPreviewInput,
  userGroupMessages,
  userMessages,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Queryable, Tx } from '../../platform/db.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import { languageFrom } from '../../platform/translator.js';
import { dayIn } from '../../platform/zoned-time.js';
import { category } from '../category/index.js';
import { company } from '../company/index.js';
import { recordFieldDefinitions } from '../customField/index.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { userGroup } from '../userGroup/index.js';
import { workingCalendarOf } from './sla-calendar.service.js';
import { slaCalendar } from './sla-calendar.table.js';
import { policyFor } from './sla-policy-match.js';
import { slaPolicy } from './sla-policy.table.js';
import { addWorkingMinutes } from './working-time.js';

type PolicyInput = Pick<SlaPolicyCreate, 'name' | 'calendarId' | 'conditions' | 'escalation'>;

const idTables = { projectId: project, categoryId: category, companyId: company } as const;

/** The ids of `wanted` that are not among the rows found. */
const missing = (wanted: readonly number[], found: readonly { id: number }[]) =>
  wanted.filter((id) => !found.some((row) => row.id === id));

/**
 * What the schema cannot know: a free name, an existing active calendar, existing active people and groups to
 * escalate to, records the conditions name. Every problem on its own field, all in one 400.
 */
export async function checkSlaPolicy(tx: Tx, input: PolicyInput, id: number | undefined, actor?: Actor): Promise<void> {
  const faults: FieldError[] = [];
  let first: Message | undefined;
  const fault = (field: string, message: Message) => {
    first ??= message;
    faults.push(fieldError(field, message));
  };
  const sameName = eq(slaPolicy.name, input.name);
  const [taken] = await tx
    .select({ id: slaPolicy.id })
    .from(slaPolicy)
    .where(id === undefined ? sameName : and(sameName, ne(slaPolicy.id, id)));
  if (taken) fault('name', msg(slaPolicyMessages, 'nameTaken'));

  const [calendar] = await tx
    .select({ status: slaCalendar.status })
    .from(slaCalendar)
    .where(eq(slaCalendar.id, input.calendarId));
  if (!calendar) fault('calendarId', msg(slaPolicyMessages, 'calendarUnknown'));
  else if (calendar.status !== 'Active') fault('calendarId', msg(slaPolicyMessages, 'calendarInactive'));

  // `custom.<key>`: a ticket custom field, its value fitting its type; refusals name it by its label.
  const customConditions = input.conditions.filter((condition) => customKeyOf(condition.field) !== null);
  const context = {
    customFields: customConditions.length > 0 ? await recordFieldDefinitions(tx, 'Ticket') : [],
    language: languageFrom(actor?.language) ?? 'en',
  };
  for (const [index, condition] of input.conditions.entries()) {
    const key = customKeyOf(condition.field);
    if (key === null) continue;
    const wrong = conditionFault(condition, 'Ticket', context);
    const name = conditionFieldName(condition.field, 'Ticket', context);
    if (wrong === 'unknownField')
      fault(`conditions.${index}.field`, msg(slaPolicyMessages, 'unknownCustomField', { field: condition.field }));
    else if (wrong) fault(`conditions.${index}.value`, msg(slaPolicyMessages, 'customBadValue', { field: name }));
  }
  for (const [index, condition] of input.conditions.entries()) {
    const field = condition.field as (typeof slaIdConditionFields)[number];
    if (!slaIdConditionFields.includes(field)) continue;
    const ids = (Array.isArray(condition.value) ? condition.value : [condition.value]).map(Number);
    const table = idTables[field];
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (missing(ids, found).length > 0) fault(`conditions.${index}.value`, msg(slaPolicyMessages, 'unknownRecord'));
  }

  const { notifyUserIds, notifyGroupIds, assignToId } = input.escalation;
  const people = [...new Set([...notifyUserIds, ...(assignToId ? [assignToId] : [])])];
  const activeUsers =
    people.length === 0
      ? []
      : await tx
          .select({ id: appUser.id })
          .from(appUser)
          .where(and(inArray(appUser.id, people), eq(appUser.status, 'Active')));
  for (const [index, userId] of notifyUserIds.entries())
    if (missing([userId], activeUsers).length > 0)
      fault(`escalation.notifyUserIds.${index}`, msg(slaPolicyMessages, 'userUnknownOrInactive'));
  if (assignToId && missing([assignToId], activeUsers).length > 0)
    fault('escalation.assignToId', msg(slaPolicyMessages, 'userUnknownOrInactive'));
  const activeGroups =
    notifyGroupIds.length === 0
      ? []
      : await tx
          .select({ id: userGroup.id })
          .from(userGroup)
          .where(and(inArray(userGroup.id, notifyGroupIds), eq(userGroup.status, 'Active')));
  for (const [index, groupId] of notifyGroupIds.entries())
    if (missing([groupId], activeGroups).length > 0)
      fault(`escalation.notifyGroupIds.${index}`, msg(slaPolicyMessages, 'groupUnknownOrInactive'));

  if (first) throw badRequest(first, faults);
}

/** The first policy by name whose escalation names one of `ids` in `list` (or as its assignee). */
async function escalatingPolicy(tx: Tx, list: 'notifyUserIds' | 'notifyGroupIds', ids: number[], assignee: boolean) {
  if (ids.length === 0) return undefined;
  // The escalation is jsonb read whole (sla-policy.table.ts): its ids are looked for inside here, never elsewhere.
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const listed = sql`jsonb_array_elements_text(${slaPolicy.escalation} -> ${list}::text)`;
  const named: SQL[] = [sql`exists (select 1 from ${listed} as e(id) where e.id::int in (${idList}))`];
  if (assignee) named.push(sql`(${slaPolicy.escalation} ->> 'assignToId')::int in (${idList})`);
  const [policy] = await tx
    .select({ name: slaPolicy.name })
    .from(slaPolicy)
    .where(sql.join(named, sql` or `))
    .orderBy(asc(slaPolicy.name))
    .limit(1);
  return policy;
}

/** A user a policy escalates to (notified or assigned) may not be deleted: the user module asks before. */
export async function escalationUsersRefusal(tx: Tx, userIds: number[]): Promise<Message | undefined> {
  const policy = await escalatingPolicy(tx, 'notifyUserIds', userIds, true);
  return policy && msg(userMessages, 'inSlaPolicyEscalation', { policy: policy.name });
}

/** A group a policy notifies on escalation may not be deleted: the user group module asks before. */
export async function escalationGroupsRefusal(tx: Tx, groupIds: number[]): Promise<Message | undefined> {
  const policy = await escalatingPolicy(tx, 'notifyGroupIds', groupIds, false);
  return policy && msg(userGroupMessages, 'inSlaPolicyEscalation', { policy: policy.name });
}

type Targets = {
  policyId: number | null;
  policyName: string | null;
  policySeedCode: string | null;
  calendarId: number;
  firstResponseMinutes: number;
  nextUpdateMinutes: number | null;
  resolutionMinutes: number;
};

/** The active policies in the order they are tried, each with what the preview needs of it. */
const activePolicies = (q: Queryable) =>
  q
    .select({
      id: slaPolicy.id,
      name: slaPolicy.name,
      seedCode: slaPolicy.seedCode,
      priority: slaPolicy.priority,
      status: slaPolicy.status,
      conditions: slaPolicy.conditions,
      calendarId: slaPolicy.calendarId,
      firstResponseMinutes: slaPolicy.firstResponseMinutes,
      nextUpdateMinutes: slaPolicy.nextUpdateMinutes,
      resolutionMinutes: slaPolicy.resolutionMinutes,
    })
    .from(slaPolicy)
    .where(eq(slaPolicy.status, 'Active'))
    .orderBy(asc(slaPolicy.priority), asc(slaPolicy.id));

/** The targets a ticket with these fields would get: the editor's draft as given, else the policy that applies. */
async function targetsFor(q: Queryable, input: SlaPolicyPreviewInput): Promise<Targets | undefined> {
  const { draft } = input;
  if (draft)
    return {
      policyId: draft.id ?? null,
      policyName: draft.name ?? null,
      policySeedCode: null,
      calendarId: draft.calendarId,
      firstResponseMinutes: draft.firstResponseMinutes,
      nextUpdateMinutes: draft.nextUpdateMinutes ?? null,
      resolutionMinutes: draft.resolutionMinutes,
    };
  const policy = policyFor(await activePolicies(q), input);
  return policy && { ...policy, policyId: policy.id, policyName: policy.name, policySeedCode: policy.seedCode };
}

/**
 * `SlaPolicy/Preview`: when a ticket with these fields, created at `at` (default now), would be due, counted in
 * working minutes of its policy's calendar with the Settings holidays and the calendar's own.
 */
export async function previewSlaPolicy(q: Queryable, input: SlaPolicyPreviewInput): Promise<SlaPolicyPreview> {
  const at = input.at ? new Date(input.at) : new Date();
  const targets = await targetsFor(q, input);
  if (!targets) return { at: at.toISOString(), due: null };
  const [calendar] = await q
    .select({ name: slaCalendar.name, seedCode: slaCalendar.seedCode, timeZone: slaCalendar.timeZone })
    .from(slaCalendar)
    .where(eq(slaCalendar.id, targets.calendarId));
  if (!calendar) {
    const message = msg(slaPolicyMessages, 'calendarUnknown');
    throw badRequest(message, [fieldError('draft.calendarId', message)]);
  }
  const working = await workingCalendarOf(q, targets.calendarId, dayIn(calendar.timeZone, at));
  const due = (minutes: number) => addWorkingMinutes(working, at, minutes).toISOString();
  return {
    at: at.toISOString(),
    due: {
      policyId: targets.policyId,
      policyName: targets.policyName,
      policySeedCode: targets.policySeedCode,
      calendarName: calendar.name,
      calendarSeedCode: calendar.seedCode,
      firstResponseDueAt: due(targets.firstResponseMinutes),
      nextUpdateDueAt: targets.nextUpdateMinutes === null ? null : due(targets.nextUpdateMinutes),
      resolutionDueAt: due(targets.resolutionMinutes),
    },
  };
}
