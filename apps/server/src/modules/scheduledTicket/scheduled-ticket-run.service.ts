import { and, eq, gt, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  msg,
  scheduledTicketMessages,
  ticketCreateSchema,
  type ScheduledTicketResult,
  type ScheduledTicketRunResult,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { noSessionId } from '../../platform/actor.js';
import { rowsOf, type Db } from '../../platform/db.js';
import type { DomainEventHandler } from '../../platform/events.js';
import { AppError, badRequest } from '../../platform/errors.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { logMessage, reasonOf, writeSystemLog } from '../../platform/logs.js';
import { actorColumns, actorOf, refuseUser, type UserRow } from '../auth/index.js';
import { readSettings } from '../setting/index.js';
import { createTicket } from '../ticket/index.js';
import { nextCronTime, templateOf, type ScheduledTicketRow } from './scheduled-ticket.service.js';
import { scheduledTicket, scheduledTicketRun } from './scheduled-ticket.table.js';

/** A fire time claimed for one scheduled ticket: its run row is written, the ticket is still to be made. */
type Claim = { scheduledTicketId: number; fireTime: Date; runId: number };
type Outcome = {
  result: ScheduledTicketResult;
  ticketId: number | null;
  caseNumber: string | null;
  message: string | null;
  error?: unknown;
  subject: string;
};

/** A run still "Running" this long after it started belongs to a process that died: it is marked Failed. */
const interruptedAfter = sql`interval '10 minutes'`;
const interruptedMessage = 'Interrupted: the server stopped before the ticket was made.';

/**
 * Claims the due scheduled tickets in one short transaction: rows locked with SKIP LOCKED (another process
 * takes the others), the next fire time computed from now (missed fires after downtime make one ticket, not
 * one per missed time), one-offs switched off, and a run row per fire time, unique, so that no fire time
 * makes two tickets.
 */
export async function claimDue(db: Db, timeZone: string, limit: number): Promise<Claim[]> {
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx
      .update(scheduledTicketRun)
      .set({ status: 'Failed', message: interruptedMessage, finishedAt: sql`now()` })
      .where(
        and(
          eq(scheduledTicketRun.status, 'Running'),
          lt(scheduledTicketRun.startedAt, sql`now() - ${interruptedAfter}`),
        ),
      );
    const due = await tx
      .select({ id: scheduledTicket.id, cron: scheduledTicket.cron, nextRunAt: scheduledTicket.nextRunAt })
      .from(scheduledTicket)
      .where(and(eq(scheduledTicket.enabled, true), lte(scheduledTicket.nextRunAt, sql`now()`)))
      .orderBy(scheduledTicket.nextRunAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claims: Claim[] = [];
    for (const row of due) {
      const fireTime = row.nextRunAt!;
      if (row.cron) {
        let next: Date | null = null;
        try {
          next = nextCronTime(row.cron, timeZone, now);
        } catch {
          // A cron the current rules refuse (saved under older ones) stops; this run still makes its ticket.
        }
        await tx.update(scheduledTicket).set({ nextRunAt: next }).where(eq(scheduledTicket.id, row.id));
      } else
        await tx
          .update(scheduledTicket)
          .set({ nextRunAt: null, enabled: false, rowVersion: sql`${scheduledTicket.rowVersion} + 1` })
          .where(eq(scheduledTicket.id, row.id));
      const [run] = await tx
        .insert(scheduledTicketRun)
        .values({ scheduledTicketId: row.id, fireTime, status: 'Running' })
        .onConflictDoNothing()
        .returning({ id: scheduledTicketRun.id });
      if (run) claims.push({ scheduledTicketId: row.id, fireTime, runId: run.id });
    }
    return claims;
  });
}

/** The owner as the ticket create sees them now: their roles, scope and permission to create tickets. */
async function ownerActor(db: Db, userId: number | null): Promise<Actor> {
  const refused = () => badRequest(msg(scheduledTicketMessages, 'ownerInactive'));
  if (userId === null) throw refused();
  const [row] = await rowsOf<UserRow>(db, sql`select ${actorColumns} from app_user u where u.id = ${userId}`);
  if (!row) throw refused();
  refuseUser(row, refused);
  const actor = actorOf(row, noSessionId, 0);
  if (!hasPermission(actor, 'ticket:create')) throw refused();
  return actor;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Makes the ticket of one claimed fire time, as its owner, and records the outcome on the run and the template. */
async function makeTicket(db: Db, claim: Claim): Promise<Outcome | undefined> {
  const [template] = await db.select().from(scheduledTicket).where(eq(scheduledTicket.id, claim.scheduledTicketId));
  // Deleted meanwhile: its run went with it.
  if (!template) return undefined;
  let outcome: Outcome;
  try {
    const actor = await ownerActor(db, template.createdBy);
    const input = ticketCreateSchema.parse({
      ...templateOf(template),
      ticketFrom: 'Scheduled',
      scheduledDate: claim.fireTime.toISOString(),
    });
    const made = await createTicket(db, actor, input);
    outcome = {
      result: 'Succeeded',
      ticketId: made.id,
      caseNumber: made.caseNumber,
      message: made.caseNumber,
      subject: template.subject,
    };
  } catch (error) {
    outcome = {
      result: 'Failed',
      ticketId: null,
      caseNumber: null,
      message: describe(error),
      error,
      subject: template.subject,
    };
  }
  await recordOutcome(db, claim, template, outcome);
  return outcome;
}

/** The run's result, the template's last result and, on failure, a system log entry: one short transaction. */
async function recordOutcome(db: Db, claim: Claim, template: ScheduledTicketRow, outcome: Outcome) {
  await db.transaction(async (tx) => {
    await tx
      .update(scheduledTicketRun)
      .set({ status: outcome.result, ticketId: outcome.ticketId, message: outcome.message, finishedAt: sql`now()` })
      .where(eq(scheduledTicketRun.id, claim.runId));
    await tx
      .update(scheduledTicket)
      .set({
        lastRunAt: claim.fireTime,
        lastResult: outcome.result,
        lastMessage: outcome.message,
        runCount: sql`${scheduledTicket.runCount} + 1`,
        ...(outcome.ticketId !== null ? { lastTicketId: outcome.ticketId } : {}),
      })
      .where(eq(scheduledTicket.id, claim.scheduledTicketId));
    if (outcome.result === 'Failed')
      await writeSystemLog(tx, {
        level: 'error',
        source: 'scheduledTicket',
        says: logMessage('scheduledTicketFailed', {
          id: template.id,
          subject: template.subject,
          reason: outcome.error === undefined ? (outcome.message ?? '') : reasonOf(outcome.error),
        }),
        userId: template.createdBy,
        detail: { scheduledTicketId: template.id, fireTime: claim.fireTime.toISOString(), runId: claim.runId },
      });
  });
}

/** Batches one handler run claims at most (then it claims again, until nothing is due). */
const maxBatches = 20;

/**
 * `scheduledTicket.createDue`: makes the tickets of every due scheduled ticket. A template that fails is
 * recorded and logged, the others are still made, and the run then fails naming the failed ones, so that
 * the job's run history shows it.
 */
export const createDueTickets = defineJobHandler({
  className: 'scheduledTicket.createDue',
  title: { en: 'Create due scheduled tickets', 'zh-cn': '创建到期的计划工单', 'zh-tw': '建立到期的排程工單' },
  params: z.object({ batchSize: z.number().int().min(1).max(1000).default(100) }).strict(),
  async run(ctx, params) {
    const { timeZone } = (await readSettings(ctx.db)).basic;
    const failed: string[] = [];
    let made = 0;
    for (let batch = 0; batch < maxBatches && !ctx.signal.aborted; batch++) {
      const claims = await claimDue(ctx.db, timeZone, params.batchSize);
      // A claimed batch is finished even on shutdown: its fire times are taken and would be lost.
      for (const claim of claims) {
        const outcome = await makeTicket(ctx.db, claim);
        if (outcome?.result === 'Succeeded') made++;
        else if (outcome) failed.push(`#${claim.scheduledTicketId} "${outcome.subject}": ${outcome.message ?? ''}`);
      }
      if (claims.length < params.batchSize) break;
    }
    if (failed.length > 0) throw new Error(scheduledTicketMessages.runFailed(failed.length, failed.join('; ')));
    return { message: `${made} ticket(s) created` };
  },
});

/**
 * `POST RunNow/{id}`: makes the template's ticket now, as the scheduler would, without moving its schedule.
 * A refusal answers as the ticket create's would (after it is recorded and logged).
 */
export async function runNow(db: Db, scheduledTicketId: number): Promise<ScheduledTicketRunResult> {
  const fireTime = new Date();
  const [run] = await db
    .insert(scheduledTicketRun)
    .values({ scheduledTicketId, fireTime, status: 'Running' })
    .returning({ id: scheduledTicketRun.id });
  const outcome = await makeTicket(db, { scheduledTicketId, fireTime, runId: run!.id });
  if (!outcome) throw new Error('the scheduled ticket went away during its run');
  if (outcome.result === 'Failed' && outcome.error instanceof AppError) throw outcome.error;
  const { result, ticketId, caseNumber, message } = outcome;
  return { result, ticketId, caseNumber, message };
}

/**
 * Settings → Basic's time zone changed: each enabled cron recurrence's next run is worked out again in the new
 * zone, in the settings' transaction (one statement per distinct cron). A run already due keeps its time; one-off
 * dates are instants and do not move.
 */
export const rescheduleInNewZone: DomainEventHandler = async (tx, event) => {
  if (event.type !== 'setting.timeZoneChanged') return;
  const now = new Date();
  const waiting = and(
    eq(scheduledTicket.enabled, true),
    gt(scheduledTicket.nextRunAt, now),
    isNotNull(scheduledTicket.cron),
  );
  const crons = await tx.selectDistinct({ cron: scheduledTicket.cron }).from(scheduledTicket).where(waiting);
  for (const { cron } of crons) {
    let next: Date | null = null;
    try {
      next = nextCronTime(cron!, event.timeZone, now);
    } catch {
      // A cron the current rules refuse (saved under older ones) stops, as it would at its next run.
    }
    await tx
      .update(scheduledTicket)
      .set({ nextRunAt: next })
      .where(and(waiting, eq(scheduledTicket.cron, cron!)));
  }
};
