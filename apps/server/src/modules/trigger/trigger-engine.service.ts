import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  customFieldEntries,
  msg,
  triggerMaxDepth,
  triggerMessages,
  type Message,
  type TriggerEvent,
  type TriggerRunOutcome,
} from '@casedesk/shared';
import { actorsOfUsers, type Actor } from '../../platform/actor.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { DomainEvent } from '../../platform/events.js';
import { readSettings } from '../setting/index.js';
import { customValuesOfTicket, lockedTicketRecord, tagsOfTicket, ticket, type TicketRecord } from '../ticket/index.js';
import { runAction, type ActionRun } from './trigger-actions.service.js';
import { conditionHolds, type Changes } from './trigger-conditions.js';
import { trigger, triggerRun } from './trigger.table.js';

/**
 * How deep the change being told was made: undefined (0) for a person's or a job's change, n + 1 inside the actions
 * of a trigger that ran at depth n. Per async call chain, so concurrent requests in one process never mix.
 */
const depthNow = new AsyncLocalStorage<number>();

/** What a domain event is to triggers: its trigger event, its ticket, the fields it brings and an update's change. */
export type TriggerFiring = {
  event: TriggerEvent;
  ticketId: number;
  eventFields: Record<string, unknown>;
  changes: Changes | undefined;
};

export function firingOf(event: DomainEvent): TriggerFiring | undefined {
  switch (event.type) {
    case 'ticket.created':
      return { event: 'ticket.created', ticketId: event.ticketId, eventFields: {}, changes: undefined };
    case 'ticket.updated':
      return { event: 'ticket.updated', ticketId: event.ticketId, eventFields: {}, changes: event.changes };
    case 'ticket.commented':
      return {
        event: 'comment.added',
        ticketId: event.ticketId,
        // A comment from a mail or from no user is the customer's (the desk's replies by mail are written by a user).
        eventFields: {
          'comment.public': event.public,
          'comment.byCustomer': event.actorId === null || event.viaEmailId !== undefined,
        },
        changes: undefined,
      };
    case 'sla.warning':
    case 'sla.breached':
      return {
        event: event.type,
        ticketId: event.ticketId,
        eventFields: { 'sla.target': event.target },
        changes: undefined,
      };
    case 'workflow.finished':
      return event.businessType === 'Ticket'
        ? {
            event: 'approval.finished',
            ticketId: event.businessId,
            eventFields: { 'approval.status': event.status },
            changes: undefined,
          }
        : undefined;
    default:
      return undefined;
  }
}

type TriggerRow = typeof trigger.$inferSelect;

/** The fields a trigger's conditions read of a ticket (custom values only when a condition names one). */
export async function ticketFields(
  tx: Tx,
  record: TicketRecord,
  conditions: readonly { field: string }[],
  now = new Date(),
): Promise<Record<string, unknown>> {
  const hours = (at: Date) => Math.floor((now.getTime() - at.getTime()) / 3_600_000);
  const fields: Record<string, unknown> = {
    ...record,
    hoursSinceCreated: hours(record.createdAt),
    hoursSinceUpdated: hours(record.modifiedAt),
  };
  if (conditions.some((c) => c.field === 'tags')) fields.tags = await tagsOfTicket(tx, record.id);
  if (conditions.some((c) => c.field.startsWith('custom.')))
    Object.assign(fields, customFieldEntries(await customValuesOfTicket(tx, record.id)));
  return fields;
}

/**
 * Who a trigger's change is made by: the trigger's author (who last saved it), seeing every ticket. Not the person
 * whose change fired it: a customer's new ticket must not get a public reply in the customer's name, nor a change
 * they could not make. The ticket's history names the trigger (`why: { trigger }`) in the same entry.
 */
async function actorOf(tx: Tx, row: TriggerRow): Promise<Actor | undefined> {
  const authorId = row.modifiedBy ?? row.createdBy;
  if (authorId === null) return undefined;
  const [author] = await actorsOfUsers(tx, [authorId]);
  if (!author) return undefined;
  const permissions = new Set([...author.permissions, 'ticket:view', 'ticket:edit', 'ticket:private']);
  return { ...author, permissions, dataScope: 'all' };
}

type RunRow = {
  outcome: TriggerRunOutcome;
  depth: number;
  message?: Message | { text: string; key?: undefined; values?: undefined };
  changes?: Changes;
};
async function logRun(tx: Tx, row: TriggerRow, firing: TriggerFiring, run: RunRow) {
  await tx.insert(triggerRun).values({
    triggerId: row.id,
    // The names as they are now: the log reads them after the trigger is deleted or the ticket archived.
    triggerName: row.name,
    ticketId: firing.ticketId,
    caseNumber: sql`(select ${ticket.caseNumber} from ${ticket} where ${ticket.id} = ${firing.ticketId})`,
    event: firing.event,
    outcome: run.outcome,
    depth: run.depth,
    message: run.message?.text ?? '',
    messageKey: run.message?.key ?? null,
    messageValues: run.message?.values ?? null,
    changes: run.changes ?? {},
  });
}

const watched = [
  'status',
  'priority',
  'projectId',
  'categoryId',
  'companyId',
  'assignTo',
  'ticketType',
  'businessUnit',
  'privateTicket',
  'subject',
] as const;
/** What a trigger changed of the fields a person reads in its log. */
function changedFields(before: TicketRecord, after: TicketRecord): Changes {
  const changes: Changes = {};
  for (const key of watched)
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  return changes;
}

const failureOf = (error: unknown): RunRow['message'] => {
  if (error instanceof AppError) {
    const first = error.errors?.[0];
    const ref = first?.messageKey
      ? { key: first.messageKey, values: first.messageValues ?? {} }
      : (error.messageRef ?? undefined);
    return ref
      ? { key: ref.key, values: (ref.values ?? {}) as Message['values'], text: error.message }
      : { text: error.message };
  }
  // Not a refusal of ours (a database error, a bug): worded as such, the error's own text kept as its detail.
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  return msg(triggerMessages, 'unexpected', { detail });
};

/**
 * Runs one trigger on one ticket whose conditions hold, inside the change's transaction: its actions in a savepoint
 * (a throw rolls back this trigger only and logs Failed), at the depth the change was made; logs the run.
 */
export async function runTrigger(tx: Tx, row: TriggerRow, firing: TriggerFiring, depth: number): Promise<void> {
  if (depth > triggerMaxDepth)
    return logRun(tx, row, firing, {
      outcome: 'DepthLimit',
      depth,
      message: msg(triggerMessages, 'depthLimit', { depth }),
    });
  const actor = await actorOf(tx, row);
  if (!actor) return logRun(tx, row, firing, { outcome: 'Failed', depth, message: msg(triggerMessages, 'noActor') });
  try {
    const result = await tx.transaction(async (savepoint) => {
      const before = await lockedTicketRecord(savepoint, firing.ticketId);
      if (!before) return undefined;
      const tagsBefore = row.actions.some((action) => action.addTags || action.removeTags)
        ? await tagsOfTicket(savepoint, before.id)
        : undefined;
      const run: ActionRun = {
        actor,
        trigger: { id: row.id, name: row.name },
        event: firing.event,
        changes: firing.changes,
        settings: await readSettings(savepoint),
        current: before,
        sent: 0,
      };
      // The events the actions cause are told one level deeper.
      await depthNow.run(depth + 1, async () => {
        for (const action of row.actions) await runAction(savepoint, run, action);
      });
      const changes = changedFields(before, run.current);
      if (tagsBefore) {
        const tagsNow = await tagsOfTicket(savepoint, before.id);
        if (tagsNow.join() !== tagsBefore.join()) changes.tags = { from: tagsBefore, to: tagsNow };
      }
      return { changes, sent: run.sent };
    });
    if (!result) return;
    const did = Object.keys(result.changes).length > 0 || result.sent > 0;
    await logRun(tx, row, firing, { outcome: did ? 'Applied' : 'NoChange', depth, changes: result.changes });
  } catch (error) {
    await logRun(tx, row, firing, { outcome: 'Failed', depth, message: failureOf(error) });
  }
}

/** The active triggers of an event, in their order: one indexed read per event (no cache across processes). */
export const activeTriggers = (tx: Tx, event: TriggerEvent) =>
  tx
    .select()
    .from(trigger)
    .where(and(eq(trigger.event, event), eq(trigger.status, 'Active')))
    .orderBy(asc(trigger.order), asc(trigger.id));

/**
 * The domain-event handler: each active trigger of the event, in order, on the ticket as the triggers before it
 * left it; those whose conditions hold run. A trigger that fails never fails the change that fired it.
 */
export async function onDomainEvent(tx: Tx, event: DomainEvent): Promise<void> {
  const firing = firingOf(event);
  if (!firing) return;
  const triggers = await activeTriggers(tx, firing.event);
  if (triggers.length === 0) return;
  const depth = depthNow.getStore() ?? 0;
  // The ticket is read again only after a trigger ran (its actions may have changed it).
  let record = await lockedTicketRecord(tx, firing.ticketId);
  for (const row of triggers) {
    if (!record) return;
    const fields = { ...(await ticketFields(tx, record, row.conditions)), ...firing.eventFields };
    if (row.conditions.every((condition) => conditionHolds(condition, fields, firing.changes) === true)) {
      await runTrigger(tx, row, firing, depth);
      record = await lockedTicketRecord(tx, firing.ticketId);
    }
  }
}
