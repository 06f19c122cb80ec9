import { hostname } from 'node:os';
import { and, asc, eq, inArray, lt, lte, min, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { msg, scheduleJobMessages, type JobRunStatus, type LogValue } from '@casedesk/shared';
import type { Config } from '../config.js';
import { rowsOf, type Db } from '../db.js';
import { describeError, logMessage, reasonOf, writeSystemLog } from '../logs.js';
import type { JobRegistry } from './registry.js';
import { jobRun, scheduleJob, type JobRunRow, type ScheduleJobRow } from './jobs.table.js';
import { createRunRecorder } from './run-recorder.js';
import { nextFireTime } from './schedule.js';

export type SchedulerOptions = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  registry: JobRegistry;
  /** The zone cron hours are read in: the server setting basic.timeZone, injected by the app. */
  timeZone: () => Promise<string>;
  tickMs?: number;
  /** How long a run stays ours without a heartbeat; a Running run past it was interrupted. */
  leaseMs?: number;
  /** Jobs claimed per transaction: short transactions, several per tick when more are due. */
  batchSize?: number;
  /** Who claims (host:pid by default): shown in the run history. */
  instanceId?: string;
};

export type Scheduler = {
  /** Ticks every `tickMs` until `stop`. main.ts calls it after listen, unless SCHEDULER=false. */
  start(): void;
  /** Stops ticking, aborts running handlers' signal, waits for them up to `graceMs`, then gives up on them. */
  stop(graceMs?: number): Promise<void>;
  /** One pass: recover interrupted runs, claim due jobs and start their handlers. Returns the runs started. */
  tick(now?: Date): Promise<number>;
  /** Resolves when every handler this process started has finished (tests). */
  drain(): Promise<void>;
  /** Runs a job once now, on this process, whatever its schedule; null when the job does not exist. */
  runNow(jobId: number, now?: Date): Promise<JobRunRow | null>;
  /** The next fire time of a job as saved, after `now` (Start, Update and the seed set it). */
  nextRunAt(job: ScheduleJobRow, now?: Date): Promise<Date | null>;
};

type ClaimedRun = { run: JobRunRow; job: ScheduleJobRow };

// Interrupted runs are looked for every half lease (at most every 30 s), not every tick: they are rare.
const recoverEveryMs = 30_000;
// A floor between ticks, so that a job due "now" that cannot be claimed (locked elsewhere) is no busy loop.
const minWaitMs = 10;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, config, registry } = options;
  const log = options.log.child({ component: 'scheduler' });
  const tickMs = options.tickMs ?? config.schedulerTickMs;
  const leaseMs = options.leaseMs ?? config.jobLeaseSeconds * 1000;
  const batchSize = options.batchSize ?? 500;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}`;
  const abort = new AbortController();
  const running = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | undefined;
  let lastRecovery = 0;
  let stopped = false;

  const recorder = createRunRecorder(db, log);
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  async function nextRunAt(job: ScheduleJobRow, now = new Date()): Promise<Date | null> {
    return nextFireTime(job, now, await options.timeZone());
  }

  /** Claims up to batchSize due jobs in one short transaction; the handlers run after it committed. */
  async function claimBatch(now: Date, timeZone: string): Promise<{ claimed: ClaimedRun[]; full: boolean }> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select({
          job: scheduleJob,
          // Whether its previous run is still going (one of the few Running rows, by the partial index).
          busy: sql<boolean>`exists (select 1 from job_run as r where r.job_id = "schedule_job"."id" and r.status = 'Running')`,
        })
        .from(scheduleJob)
        .where(and(eq(scheduleJob.isStart, true), lte(scheduleJob.nextRunAt, now)))
        .orderBy(asc(scheduleJob.nextRunAt))
        .limit(batchSize)
        .for('update', { of: scheduleJob, skipLocked: true });
      if (rows.length === 0) return { claimed: [], full: false };
      const due = rows.map((row) => row.job);
      const busy = new Set(rows.filter((row) => row.busy).map((row) => row.job.id));
      const memo = new Map<string, Date | null>();
      const updates = due.map((job) => {
        const fireTime = job.nextRunAt!;
        // A job still running its previous fire skips this one (and it does not count towards the cycle).
        const skipped = busy.has(job.id);
        const runTimes = job.runTimes + (skipped ? 0 : 1);
        // Fires missed while no process ran are not made up one by one: this run stands for them all.
        const next = nextFireTime({ ...job, runTimes }, now, timeZone, fireTime, memo);
        return { job, fireTime, skipped, runTimes, next };
      });
      await tx.execute(sql`
        update schedule_job as j
        set next_run_at = v.next_run_at, run_times = v.run_times, last_run_at = v.fire_time,
            is_start = v.next_run_at is not null
        from jsonb_to_recordset(${JSON.stringify(
          updates.map((u) => ({
            id: u.job.id,
            next_run_at: u.next?.toISOString() ?? null,
            run_times: u.runTimes,
            fire_time: u.fireTime.toISOString(),
          })),
        )}::jsonb) as v(id integer, next_run_at timestamptz, run_times integer, fire_time timestamptz)
        where j.id = v.id`);
      // One statement for the batch (Drizzle's insert builder costs more CPU than the database does here).
      const lease = leaseFrom(now).toISOString();
      const runs = updates.map((u) => ({
        job_id: u.job.id,
        fire_time: u.fireTime.toISOString(),
        status: u.skipped ? 'Skipped' : 'Running',
        message: u.skipped ? scheduleJobMessages.previousStillRunning : null,
        started_at: u.skipped ? null : now.toISOString(),
        finished_at: u.skipped ? now.toISOString() : null,
        lease_until: u.skipped ? null : lease,
      }));
      // The row lock already keeps a second claimer out; the unique key is the last word if it ever did not.
      const inserted = await rowsOf<{ id: string | number; job_id: number; status: string }>(
        tx,
        sql`insert into job_run (job_id, fire_time, status, message, started_at, finished_at, lease_until, claimed_by)
            select v.job_id, v.fire_time, v.status, v.message, v.started_at, v.finished_at, v.lease_until, ${instanceId}
            from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as v(job_id integer, fire_time timestamptz,
              status text, message text, started_at timestamptz, finished_at timestamptz, lease_until timestamptz)
            on conflict do nothing
            returning id, job_id, status`,
      );
      const byJob = new Map(updates.map((u) => [u.job.id, u]));
      const claimed = inserted
        .filter((row) => row.status === 'Running')
        .map((row): ClaimedRun => {
          const { job, fireTime } = byJob.get(row.job_id)!;
          const run: JobRunRow = {
            id: Number(row.id),
            jobId: job.id,
            fireTime,
            attempt: 1,
            trigger: 'Schedule',
            status: 'Running',
            message: null,
            startedAt: now,
            finishedAt: null,
            durationMs: null,
            claimedBy: instanceId,
            leaseUntil: new Date(lease),
          };
          return { run, job };
        });
      return { claimed, full: due.length === batchSize };
    });
  }

  /** Runs found Running past their lease (their process died): Failed, or run once more when the handler asks. */
  async function recoverInterrupted(now: Date): Promise<ClaimedRun[]> {
    return db.transaction(async (tx) => {
      const mine = [...running.keys()];
      const lost = await tx
        .select({ run: jobRun, job: scheduleJob })
        .from(jobRun)
        .innerJoin(scheduleJob, eq(scheduleJob.id, jobRun.jobId))
        .where(
          and(
            eq(jobRun.status, 'Running'),
            lt(jobRun.leaseUntil, now),
            mine.length > 0 ? notInArray(jobRun.id, mine) : undefined,
          ),
        )
        .limit(100)
        .for('update', { of: jobRun, skipLocked: true });
      const retries: ClaimedRun[] = [];
      for (const { run, job } of lost) {
        const message = scheduleJobMessages.interrupted;
        await tx
          .update(jobRun)
          .set({ status: 'Failed', message, finishedAt: now, leaseUntil: null })
          .where(eq(jobRun.id, run.id));
        await tx.update(scheduleJob).set({ lastResult: 'Failed' }).where(eq(scheduleJob.id, job.id));
        await writeSystemLog(tx, {
          level: 'error',
          source: 'job',
          says: logMessage('jobInterrupted', {
            name: job.name,
            className: job.className,
            reason: msg(scheduleJobMessages, 'interrupted'),
          }),
          detail: { jobId: job.id, runId: run.id, fireTime: run.fireTime.toISOString(), claimedBy: run.claimedBy },
        });
        if (registry.get(job.className)?.onInterrupted !== 'retry' || run.attempt > 1) continue;
        const [retry] = await tx
          .insert(jobRun)
          .values({
            jobId: job.id,
            fireTime: run.fireTime,
            attempt: run.attempt + 1,
            trigger: 'Retry',
            status: 'Running',
            startedAt: now,
            claimedBy: instanceId,
            leaseUntil: leaseFrom(now),
          })
          .onConflictDoNothing()
          .returning();
        if (retry) retries.push({ run: retry, job });
      }
      return retries;
    });
  }

  async function execute(claimed: ClaimedRun): Promise<void> {
    const { run, job } = claimed;
    const started = performance.now();
    let status: JobRunStatus = 'Succeeded';
    let message: string | null;
    let reason: LogValue | undefined;
    try {
      const handler = registry.get(job.className);
      if (!handler) throw new Error(scheduleJobMessages.unknownHandler);
      const params = handler.params.parse(job.jobParams);
      const result = await handler.run(
        {
          db,
          config,
          log: log.child({ job: job.name, runId: run.id }),
          fireTime: run.fireTime,
          jobId: job.id,
          signal: abort.signal,
        },
        params,
      );
      message = result?.message ?? null;
    } catch (error) {
      status = 'Failed';
      message = describeError(error);
      reason = reasonOf(error);
    }
    const durationMs = Math.round(performance.now() - started);
    await recorder.record({ run, job, status, message, reason, durationMs, finishedAt: new Date() });
  }

  function launch(claimed: ClaimedRun[]) {
    // Also for RunNow on a process that does not tick (SCHEDULER=false): its runs keep their lease too.
    if (claimed.length > 0 && !heartbeat && !stopped) {
      heartbeat = setInterval(
        () => void renewLeases().catch((error: unknown) => log.warn({ err: error }, 'job lease renewal failed')),
        Math.max(1000, Math.floor(leaseMs / 3)),
      );
      heartbeat.unref();
    }
    for (const one of claimed) {
      const id = one.run.id;
      running.set(
        id,
        execute(one).finally(() => running.delete(id)),
      );
    }
  }

  async function renewLeases() {
    if (running.size === 0) return;
    await db
      .update(jobRun)
      .set({ leaseUntil: leaseFrom(new Date()) })
      .where(and(inArray(jobRun.id, [...running.keys()]), eq(jobRun.status, 'Running')));
  }

  /** The earliest fire time of any started job: the loop sleeps until then (at most tickMs). */
  async function nextDue(): Promise<Date | null> {
    const [row] = await db
      .select({ at: min(scheduleJob.nextRunAt) })
      .from(scheduleJob)
      .where(eq(scheduleJob.isStart, true));
    return row?.at ?? null;
  }

  async function tickOnce(now: Date, recover: boolean, claim = true): Promise<number> {
    let started = 0;
    if (recover) {
      const retries = await recoverInterrupted(now);
      launch(retries);
      started += retries.length;
    }
    if (!claim) return started;
    const timeZone = await options.timeZone();
    for (;;) {
      const { claimed, full } = await claimBatch(now, timeZone);
      launch(claimed);
      started += claimed.length;
      if (!full || stopped) return started;
    }
  }

  const scheduler: Scheduler = {
    start() {
      if (timer || stopped) return;
      // The earliest fire time seen at the last tick: undefined before the first, null when none is started.
      let dueAt: Date | null | undefined;
      const loop = () => {
        let wait = tickMs;
        const now = new Date();
        const recover = now.getTime() - lastRecovery >= Math.min(recoverEveryMs, leaseMs / 2);
        if (recover) lastRecovery = now.getTime();
        // Idle ticks cost one indexed read: the claim's transaction only runs when something is due.
        const claim = dueAt === undefined || (dueAt !== null && dueAt <= now);
        ticking = tickOnce(now, recover, claim)
          .then(async (started) => {
            // Woken just after the next fire time rather than on a fixed beat: lateness stays small. A job
            // saved meanwhile (here or on another process) with an earlier time is seen within tickMs.
            dueAt = await nextDue();
            if (dueAt) wait = Math.min(tickMs, Math.max(minWaitMs, dueAt.getTime() - Date.now() + 2));
            return started;
          })
          .catch((error: unknown) => {
            log.error({ err: error }, 'scheduler tick failed');
            return 0;
          })
          .finally(() => {
            if (!stopped) timer = setTimeout(loop, wait);
          });
      };
      timer = setTimeout(loop, 0);
    },

    async stop(graceMs = 10_000) {
      stopped = true;
      clearTimeout(timer);
      await ticking?.catch(() => undefined);
      if (running.size > 0) {
        abort.abort();
        let bound: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(running.values()),
          new Promise((resolve) => (bound = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(bound);
      }
      clearInterval(heartbeat);
      // What did not stop in time is recorded now: the next start must not find it Running for a whole lease.
      if (running.size > 0) {
        await db
          .update(jobRun)
          .set({ status: 'Failed', message: scheduleJobMessages.interrupted, finishedAt: new Date(), leaseUntil: null })
          .where(and(inArray(jobRun.id, [...running.keys()]), eq(jobRun.status, 'Running')))
          .catch((error: unknown) => log.error({ err: error }, 'could not record the runs cut short'));
      }
    },

    tick(now = new Date()) {
      return tickOnce(now, true);
    },

    async drain() {
      while (running.size > 0) await Promise.allSettled(running.values());
    },

    async runNow(jobId, now = new Date()) {
      const claimed = await db.transaction(async (tx) => {
        const [job] = await tx.select().from(scheduleJob).where(eq(scheduleJob.id, jobId));
        if (!job) return null;
        const [run] = await tx
          .insert(jobRun)
          .values({
            jobId,
            fireTime: now,
            trigger: 'RunNow',
            status: 'Running',
            startedAt: now,
            claimedBy: instanceId,
            leaseUntil: leaseFrom(now),
          })
          .returning();
        await tx.update(scheduleJob).set({ lastResult: 'Running', lastRunAt: now }).where(eq(scheduleJob.id, jobId));
        return { run: run!, job };
      });
      if (!claimed) return null;
      launch([claimed]);
      return claimed.run;
    },

    nextRunAt,
  };
  return scheduler;
}
