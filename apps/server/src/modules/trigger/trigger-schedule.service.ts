import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { msg, triggerMessages, type TriggerCondition } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { defineJobHandler, type DefaultJob } from '../../platform/jobs/job-handler.js';
import { lockedTicketRecord, ticket } from '../ticket/index.js';
import { conditionHolds } from './trigger-conditions.js';
import { runTrigger, ticketFields, type TriggerFiring } from './trigger-engine.service.js';
import { nextRunOf } from './trigger.resource.js';
import { trigger, triggerRun } from './trigger.table.js';

/** The most tickets one scheduled run works; more is logged and left for the next run. */
export const scheduleCap = 500;

const columns = {
  status: ticket.status,
  priority: ticket.priority,
  projectId: ticket.projectId,
  categoryId: ticket.categoryId,
  companyId: ticket.companyId,
  assignTo: ticket.assignTo,
} as const;

/** The conditions SQL can answer (equality and lists on fixed columns, hours since); the rest are judged in memory. */
function conditionSql(condition: TriggerCondition): SQL | undefined {
  const { field, op, value } = condition;
  if (field === 'hoursSinceCreated' || field === 'hoursSinceUpdated') {
    const column = field === 'hoursSinceCreated' ? ticket.createdAt : ticket.modifiedAt;
    const hours = Number(value);
    // "At least n hours": created at or before now − n hours; the exact test runs in memory too.
    if (op === 'ge' || op === 'gt') return lte(column, sql`now() - make_interval(hours => ${hours})`);
    return undefined;
  }
  const column = columns[field as keyof typeof columns];
  if (!column) return undefined;
  if (op === 'eq' && value !== undefined && !Array.isArray(value)) return eq(column, value as never);
  if (op === 'in' && Array.isArray(value)) return inArray(column, value as never[]);
  return undefined;
}

/** Claims the due scheduled triggers (once across processes) and moves each to its next fire time. */
async function claimDue(db: Db, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(trigger)
      .where(and(eq(trigger.event, 'schedule'), eq(trigger.status, 'Active'), lte(trigger.nextRunAt, now)))
      .orderBy(asc(trigger.order), asc(trigger.id))
      .for('update', { skipLocked: true });
    for (const row of due)
      await tx
        .update(trigger)
        .set({ lastRunAt: now, nextRunAt: await nextRunOf(tx, row, now) })
        .where(eq(trigger.id, row.id));
    return due;
  });
}

/**
 * Runs each due scheduled trigger over the tickets its conditions find: SQL narrows by the fixed fields, memory
 * judges the rest; one transaction per ticket (a refused ticket rolls back alone), at most `scheduleCap` tickets.
 */
export async function runScheduledTriggers(db: Db, now = new Date()): Promise<{ triggers: number; tickets: number }> {
  let tickets = 0;
  const due = await claimDue(db, now);
  for (const row of due) {
    const where = row.conditions.map(conditionSql).filter((part): part is SQL => part !== undefined);
    const found = await db
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(sql`${ticket.status} not in ('Closed', 'Cancelled', 'Merged')`, ...where))
      .orderBy(asc(ticket.id))
      .limit(scheduleCap + 1);
    for (const { id } of found.slice(0, scheduleCap)) {
      const firing: TriggerFiring = { event: 'schedule', ticketId: id, eventFields: {}, changes: undefined };
      await db.transaction(async (tx) => {
        const record = await lockedTicketRecord(tx, id);
        if (!record) return;
        const fields = await ticketFields(tx, record, row.conditions, now);
        if (row.conditions.every((condition) => conditionHolds(condition, fields, undefined) === true)) {
          await runTrigger(tx, row, firing, 0);
          tickets += 1;
        }
      });
    }
    if (found.length > scheduleCap) {
      const message = msg(triggerMessages, 'scheduleCapped', { cap: scheduleCap });
      await db.insert(triggerRun).values({
        triggerId: row.id,
        triggerName: row.name,
        event: 'schedule',
        outcome: 'NoChange',
        message: message.text,
        messageKey: message.key,
        messageValues: message.values ?? {},
      });
    }
  }
  return { triggers: due.length, tickets };
}

/** The trigger log keeps this many days; the schedule job clears older rows, a bounded batch a minute. */
export const triggerRunRetentionDays = 90;

async function pruneRuns(db: Db): Promise<void> {
  await db.execute(sql`delete from ${triggerRun} where ${triggerRun.id} in (select ${triggerRun.id} from ${triggerRun}
    where ${triggerRun.createdAt} < now() - make_interval(days => ${triggerRunRetentionDays}) limit 5000)`);
}

export const triggerScheduleHandler = defineJobHandler({
  className: 'trigger.schedule',
  title: { en: 'Scheduled triggers', 'zh-cn': '定时触发器', 'zh-tw': '排程觸發器' },
  params: z.object({}).strict(),
  // A run that died left its triggers moved on; the next fire runs them again.
  onInterrupted: 'fail',
  async run(ctx) {
    const done = await runScheduledTriggers(ctx.db, new Date());
    await pruneRuns(ctx.db);
    return { message: `${done.triggers} trigger(s) run on ${done.tickets} ticket(s)` };
  },
});

export const triggerScheduleDefault: DefaultJob = {
  name: 'Scheduled triggers',
  jobGroup: 'ticket',
  className: triggerScheduleHandler.className,
  cron: '0 * * * * ?',
  isStart: true,
  remark: 'Runs each scheduled trigger when due over the tickets its conditions find.',
};
