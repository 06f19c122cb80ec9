import { eq, getTableColumns, getTableName, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  nextFireTimes,
  pageOf,
  triggerCreateSchema,
  triggerQuerySchema,
  triggerRunQuerySchema,
  triggerRunSchema,
  triggerSchema,
  triggerUpdateSchema,
  type Trigger,
} from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { wordedLogMessage } from '../../platform/logs.js';
import { defineResource } from '../../platform/resource.js';
import { languageFrom } from '../../platform/translator.js';
import { readSettings } from '../setting/index.js';
import { ticket } from '../ticket/index.js';
import { checkTrigger } from './trigger.service.js';
import { trigger, triggerRun } from './trigger.table.js';

/** `"trigger"."column"`: the subqueries below must not bind a same-named column of their own tables. */
const own = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
const runsSince = (failed: boolean) =>
  sql<number>`(select count(*)::integer from trigger_run r where r.trigger_id = ${own(trigger.id)}
    and r.created_at >= now() - interval '24 hours' ${failed ? sql`and r.outcome = 'Failed'` : sql``})`;

const schemas = {
  record: triggerSchema,
  create: triggerCreateSchema,
  update: triggerUpdateSchema,
  query: triggerQuerySchema,
};
type TriggerRow = typeof trigger.$inferSelect & Omit<Trigger, keyof typeof trigger.$inferSelect>;

/** A scheduled trigger's next fire after now, in Settings → Basic's time zone (as scheduled jobs): null otherwise. */
export async function nextRunOf(
  tx: Tx,
  rule: { event: string; cron: string | null; status: string },
  after = new Date(),
): Promise<Date | null> {
  if (rule.event !== 'schedule' || !rule.cron || rule.status !== 'Active') return null;
  const { timeZone } = (await readSettings(tx)).basic;
  return nextFireTimes(rule.cron, 1, { from: after, timeZone })[0] ?? null;
}

/** Triggers, in the order they run (`order`, then id); the list's health from the last day's runs. */
export const triggerResource = defineResource<typeof trigger, typeof schemas, TriggerRow>({
  name: 'Trigger',
  module: 'trigger',
  label: 'trigger',
  table: trigger,
  schemas,
  columns: { ...getTableColumns(trigger), runsToday: runsSince(false), failuresToday: runsSince(true) },
  keywordColumns: [trigger.name, trigger.description],
  sortable: {
    order: trigger.order,
    name: trigger.name,
    event: trigger.event,
    status: trigger.status,
    nextRunAt: trigger.nextRunAt,
    lastRunAt: trigger.lastRunAt,
    modifiedAt: trigger.modifiedAt,
  },
  defaultOrder: [
    { field: 'order', desc: false },
    { field: 'name', desc: false },
  ],
  filters: (query) => [
    query.event ? eq(trigger.event, query.event) : undefined,
    query.status ? eq(trigger.status, query.status) : undefined,
  ],
  check: (tx, input, id, actor) => checkTrigger(tx, input, id, actor),
  // The next fire of a scheduled trigger is worked out on every save (its cron, status or the event may change).
  saveChildren: async (tx, id, input) => {
    await tx
      .update(trigger)
      .set({ nextRunAt: await nextRunOf(tx, input) })
      .where(eq(trigger.id, id));
  },
  exportColumns: [
    { field: 'order', width: 8 },
    { field: 'name', width: 30 },
    { field: 'event', values: 'automationEvent', width: 18 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'runsToday', width: 10 },
    { field: 'failuresToday', width: 10 },
    { field: 'lastRunAt' },
    { field: 'modifiedAt' },
  ],
});

const runColumns = {
  ...getTableColumns(triggerRun),
  // The trigger's name now, or the one the run kept when it was deleted (the screen words that); the same for the
  // ticket's case number once it was archived or deleted.
  triggerName: sql<string>`coalesce(${trigger.name}, ${triggerRun.triggerName})`,
  triggerDeleted: sql<boolean>`(${trigger.id} is null)`,
  caseNumber: sql<string | null>`coalesce(${ticket.caseNumber}, ${triggerRun.caseNumber})`,
};

/** The trigger log: read only, newest first; keyed messages in the reader's language. */
export const triggerRunResource = defineResource({
  name: 'TriggerRun',
  module: 'trigger',
  label: 'trigger run',
  readOnly: true,
  table: triggerRun,
  schemas: {
    record: triggerRunSchema,
    query: triggerRunQuerySchema,
    page: pageOf(triggerRunSchema).extend({ totalExact: z.boolean().optional() }),
  },
  columns: runColumns,
  join: (select) =>
    select.leftJoin(trigger, eq(trigger.id, triggerRun.triggerId)).leftJoin(ticket, eq(ticket.id, triggerRun.ticketId)),
  keywordColumns: [triggerRun.message],
  sortable: { createdAt: triggerRun.createdAt },
  defaultOrder: [{ field: 'createdAt', desc: true }],
  countCap: 10_000,
  filters: (query) => [
    query.triggerId ? eq(triggerRun.triggerId, query.triggerId) : undefined,
    query.ticketId ? eq(triggerRun.ticketId, query.ticketId) : undefined,
    query.outcome ? eq(triggerRun.outcome, query.outcome) : undefined,
    query.from ? gte(triggerRun.createdAt, new Date(query.from)) : undefined,
    query.to ? lt(triggerRun.createdAt, new Date(query.to)) : undefined,
  ],
  rowOf: (row, actor) => {
    const shown = row as typeof row & { triggerName: string; triggerDeleted: boolean; caseNumber: string | null };
    return {
      ...shown,
      message: wordedLogMessage(languageFrom(actor.language) ?? 'en', shown),
    };
  },
  exportColumns: [
    { field: 'createdAt', width: 22 },
    { field: 'triggerName', width: 30 },
    { field: 'caseNumber', width: 16 },
    { field: 'outcome', values: 'triggerRunOutcome', width: 12 },
    { field: 'message', width: 60 },
  ],
});
