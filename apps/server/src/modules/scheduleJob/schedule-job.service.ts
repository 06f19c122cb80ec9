import { and, count, desc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  msg,
  scheduleJobMessages,
  type JobRun,
  type JobRunQuery,
  type Page,
  type ScheduleJobCreate,
  type ScheduleJobUpdate,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { nextVersion } from '../../platform/columns.js';
import type { Db } from '../../platform/db.js';
import type { DomainEventHandler } from '../../platform/events.js';
import { present } from '../../platform/envelope.js';
import { badRequest, fieldRefusal, invalidInput, notFound } from '../../platform/errors.js';
import { defineJobHandler, type DefaultJob } from '../../platform/jobs/job-handler.js';
import { jobRun, scheduleJob, type ScheduleJobRow } from '../../platform/jobs/jobs.table.js';
import type { JobRegistry } from '../../platform/jobs/registry.js';
import { nextFireTime } from '../../platform/jobs/schedule.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';

export type Jobs = { registry: JobRegistry; scheduler: Scheduler };

/** The handler must exist on this server and take the job's parameters: else 400 naming the field. */
export function checkHandler(registry: JobRegistry, input: { className: string; jobParams: unknown }) {
  const handler = registry.get(input.className);
  if (!handler) throw fieldRefusal('className', msg(scheduleJobMessages, 'unknownHandler'));
  const parsed = handler.params.safeParse(input.jobParams);
  // A parameter is named by what the administrator typed in the JSON (the web shows it before the message).
  if (!parsed.success)
    throw invalidInput(
      parsed.error.issues.map((issue) => ({
        field: ['jobParams', ...issue.path.map(String)].join('.'),
        label: issue.path.length > 0 ? issue.path.map(String).join('.') : 'jobParams',
        issue,
      })),
    );
}

type TriggerInput = Pick<
  ScheduleJobCreate,
  'triggerType' | 'cron' | 'intervalSecond' | 'cycleRunTimes' | 'beginTime' | 'endTime' | 'isStart'
>;

const dateOf = (text: string | null | undefined) => (text ? new Date(text) : null);

/**
 * The columns a save writes beyond the input: dates as dates, and the next fire time of the trigger as
 * saved (null when stopped). The scheduler's counters are left alone unless the trigger changed.
 */
export async function savedTrigger(scheduler: Scheduler, input: TriggerInput, before?: ScheduleJobRow) {
  const trigger = {
    triggerType: input.triggerType,
    cron: input.triggerType === 'Cron' ? input.cron : null,
    intervalSecond: input.triggerType === 'Interval' ? input.intervalSecond : null,
    cycleRunTimes: input.cycleRunTimes,
    beginTime: dateOf(input.beginTime),
    endTime: dateOf(input.endTime),
  };
  const changed =
    !before ||
    (Object.keys(trigger) as (keyof typeof trigger)[]).some(
      (key) => String(before[key] ?? null) !== String(trigger[key] ?? null),
    );
  // A new trigger starts a new cycle; an unchanged one keeps counting.
  const runTimes = changed ? 0 : before.runTimes;
  const next = input.isStart
    ? await scheduler.nextRunAt({ ...(before ?? ({} as ScheduleJobRow)), ...trigger, runTimes })
    : null;
  return { ...trigger, runTimes, nextRunAt: next, isStart: input.isStart && next !== null };
}

export type JobSave = ScheduleJobCreate | ScheduleJobUpdate;

/** Start or Stop: one write with its audit entry; Start refuses a job that would never fire again. */
export async function setJobStarted(db: Db, scheduler: Scheduler, actor: Actor, id: number, start: boolean) {
  const [before] = await db.select().from(scheduleJob).where(eq(scheduleJob.id, id));
  if (!before) throw notFound();
  // Start begins a new cycle: the cycle count is counted again from zero.
  const next = start ? await scheduler.nextRunAt({ ...before, runTimes: 0 }) : null;
  if (start && !next)
    throw badRequest(msg(scheduleJobMessages, 'noFireTimeLeft'), [
      { field: before.triggerType === 'Cron' ? 'cron' : 'endTime', message: scheduleJobMessages.noFireTimeLeft },
    ]);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(scheduleJob)
      .set({ isStart: start, nextRunAt: next, ...(start ? { runTimes: 0 } : {}), ...nextVersion(scheduleJob, actor) })
      .where(eq(scheduleJob.id, id))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, {
      entity: 'ScheduleJob',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: { isStart: { from: before.isStart, to: start } },
    });
    return row;
  });
}

/** `POST Runs`: a job's run history, newest first. */
export async function queryJobRuns(db: Db, query: JobRunQuery): Promise<Page<JobRun>> {
  const [job] = await db.select({ id: scheduleJob.id }).from(scheduleJob).where(eq(scheduleJob.id, query.jobId));
  if (!job) throw notFound();
  const where = and(eq(jobRun.jobId, query.jobId), query.status ? eq(jobRun.status, query.status) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: jobRun.id,
        jobId: jobRun.jobId,
        fireTime: jobRun.fireTime,
        startedAt: jobRun.startedAt,
        finishedAt: jobRun.finishedAt,
        status: jobRun.status,
        message: jobRun.message,
        durationMs: jobRun.durationMs,
      })
      .from(jobRun)
      .where(where)
      .orderBy(desc(jobRun.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(jobRun).where(where),
  ]);
  return { items: items.map((row) => present(row)), total: total?.total ?? 0 };
}

/** Run history older than `keepDays` goes, in chunks (short statements); a run still Running stays. */
export const pruneJobRunsHandler = defineJobHandler({
  className: 'jobs.pruneRuns',
  title: { en: 'Prune job run history', 'zh-cn': '清理任务运行记录', 'zh-tw': '清理任務執行紀錄' },
  params: z.object({ keepDays: z.number().int().min(1).max(3650).default(30) }).strict(),
  async run(ctx, params) {
    const before = new Date(ctx.fireTime.getTime() - params.keepDays * 24 * 3600 * 1000);
    const chunk = 5000;
    let removed = 0;
    while (!ctx.signal.aborted) {
      const old = ctx.db
        .select({ id: jobRun.id })
        .from(jobRun)
        .where(and(lt(jobRun.fireTime, before), ne(jobRun.status, 'Running')))
        .limit(chunk);
      const deleted = await ctx.db.delete(jobRun).where(inArray(jobRun.id, old)).returning({ id: jobRun.id });
      removed += deleted.length;
      if (deleted.length < chunk) break;
    }
    return { message: `${removed} run(s) older than ${params.keepDays} days removed.` };
  },
});

/** Every database gets the pruning job, started, at 03:30 each night (an admin may change or stop it). */
export const pruneJobRunsDefault: DefaultJob = {
  name: 'Prune job run history',
  jobGroup: 'system',
  className: pruneJobRunsHandler.className,
  jobParams: { keepDays: 30 },
  cron: '0 30 3 * * ?',
  isStart: true,
  remark: 'Removes run history older than keepDays.',
};

/**
 * Settings → Basic's time zone changed: each started cron job's next fire is worked out again in the new zone, in
 * the settings' transaction. A fire already due keeps its time (the scheduler runs it and counts the next one in
 * the new zone); interval jobs do not depend on the zone. Bookkeeping, like the scheduler's: no new row version.
 */
export const rescheduleJobsInNewZone: DomainEventHandler = async (tx, event) => {
  if (event.type !== 'setting.timeZoneChanged') return;
  const now = new Date();
  const jobs = await tx
    .select()
    .from(scheduleJob)
    .where(and(eq(scheduleJob.isStart, true), eq(scheduleJob.triggerType, 'Cron'), gt(scheduleJob.nextRunAt, now)));
  const memo = new Map<string, Date | null>();
  for (const job of jobs) {
    const next = nextFireTime(job, now, event.timeZone, null, memo);
    if (next?.getTime() === job.nextRunAt?.getTime()) continue;
    await tx
      .update(scheduleJob)
      .set({ nextRunAt: next, isStart: next !== null })
      .where(eq(scheduleJob.id, job.id));
  }
};
