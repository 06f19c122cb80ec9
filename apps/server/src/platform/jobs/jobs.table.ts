import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns, timestamptz } from '../columns.js';

/**
 * A scheduled job (contract section 12). The scheduler owns `next_run_at`, `run_times`, `last_run_at` and
 * `last_result`: it sets them without touching `row_version`, so an admin editing a job that fires every
 * second is not refused as stale.
 */
export const scheduleJob = pgTable(
  'schedule_job',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    jobGroup: text('job_group').notNull().default('default'),
    className: text('class_name').notNull(),
    jobParams: jsonb('job_params').$type<Record<string, unknown>>().notNull().default({}),
    triggerType: text('trigger_type', { enum: ['Cron', 'Interval'] })
      .notNull()
      .default('Cron'),
    cron: text('cron'),
    intervalSecond: integer('interval_second'),
    cycleRunTimes: integer('cycle_run_times').notNull().default(0),
    beginTime: timestamptz('begin_time'),
    endTime: timestamptz('end_time'),
    isStart: boolean('is_start').notNull().default(false),
    remark: text('remark'),
    runTimes: integer('run_times').notNull().default(0),
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
    lastResult: text('last_result', { enum: ['Running', 'Succeeded', 'Failed', 'Skipped'] }),
  },
  (t) => [
    uniqueIndex('schedule_job_name_uq').on(t.name),
    // The scheduler's claim: started jobs by due time.
    index('schedule_job_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.isStart}`),
  ],
);

/**
 * One run of a job. (job_id, fire_time, attempt) is unique: however many processes claim at once, a fire
 * time runs once (attempt 2 is the retry of an interrupted run, for handlers that ask for it).
 */
export const jobRun = pgTable(
  'job_run',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id').notNull(),
    fireTime: timestamptz('fire_time').notNull(),
    attempt: integer('attempt').notNull().default(1),
    trigger: text('trigger', { enum: ['Schedule', 'RunNow', 'Retry'] })
      .notNull()
      .default('Schedule'),
    status: text('status', { enum: ['Running', 'Succeeded', 'Failed', 'Skipped'] }).notNull(),
    message: text('message'),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    durationMs: integer('duration_ms'),
    /** host:pid of the process running it. */
    claimedBy: text('claimed_by'),
    /** The running process pushes this forward while it works; a Running run past it was interrupted. */
    leaseUntil: timestamptz('lease_until'),
  },
  (t) => [
    uniqueIndex('job_run_fire_uq').on(t.jobId, t.fireTime, t.attempt),
    index('job_run_job_idx').on(t.jobId, t.id),
    // The few runs in flight: which jobs are busy, and whose lease ran out.
    index('job_run_running_idx')
      .on(t.jobId, t.leaseUntil)
      .where(sql`${t.status} = 'Running'`),
    index('job_run_fire_time_idx').on(t.fireTime),
    foreignKey({ name: 'job_run_job_fk', columns: [t.jobId], foreignColumns: [scheduleJob.id] }).onDelete('cascade'),
  ],
);

export type ScheduleJobRow = typeof scheduleJob.$inferSelect;
export type JobRunRow = typeof jobRun.$inferSelect;
