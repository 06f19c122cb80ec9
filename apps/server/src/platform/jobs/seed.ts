import { inArray } from 'drizzle-orm';
import type { Db } from '../db.js';
import type { DefaultJob } from './job-handler.js';
import { scheduleJob } from './jobs.table.js';
import { nextFireTime } from './schedule.js';

/**
 * The jobs every database gets (log retention, run-history pruning ...): a row is created when no job of
 * that name exists, and never touched afterwards, so an admin's edit or delete stands.
 */
export async function seedDefaultJobs(db: Db, defaults: readonly DefaultJob[], timeZone: string, now = new Date()) {
  if (defaults.length === 0) return;
  const names = defaults.map((job) => job.name);
  if (new Set(names).size !== names.length) throw new Error(`Two default jobs share a name: ${names.join(', ')}`);
  const existing = new Set(
    (await db.select({ name: scheduleJob.name }).from(scheduleJob).where(inArray(scheduleJob.name, names))).map(
      (row) => row.name,
    ),
  );
  const rows = defaults
    .filter((job) => !existing.has(job.name))
    .map((job) => {
      const trigger = {
        triggerType: 'Cron' as const,
        cron: job.cron,
        intervalSecond: null,
        beginTime: null,
        endTime: null,
        cycleRunTimes: 0,
        runTimes: 0,
      };
      return {
        name: job.name,
        jobGroup: job.jobGroup,
        className: job.className,
        jobParams: job.jobParams ?? {},
        cron: job.cron,
        isStart: job.isStart,
        remark: job.remark ?? null,
        nextRunAt: job.isStart ? nextFireTime(trigger, now, timeZone) : null,
      };
    });
  // Another instance starting at the same moment may insert the same name: the unique name keeps one.
  if (rows.length > 0) await db.insert(scheduleJob).values(rows).onConflictDoNothing();
}
