import { hostname } from 'node:os';
import { and, asc, eq, inArray, lte, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { scheduleJobMessages, type JobRunStatus } from '@casedesk/shared';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db.js';
import { describeError, writeSystemLog } from '../logs.js';
import type { JobRegistry } from './registry.js';
import { jobRun, scheduleJob, type JobRunRow, type ScheduleJobRow } from './jobs.table.js';
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

// Interrupted runs are looked for every few ticks, not every tick: they are rare and the lease is long.
const recoverEveryTicks = 5;

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { db, config, registry } = options;
  const log = options.log.child({ component: 'scheduler' });
  const tickMs = options.tickMs ?? config.schedulerTickMs;
  const leaseMs = options.leaseMs ?? config.jobLeaseSeconds * 1000;
  const batchSize = options.batchSize ?? 200;
  const instanceId = options.instanceId ?? `${hostname()}:${process.pid}`;
  const abort = new AbortController();
  const running = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let ticking: Promise<number> | undefined;
  let ticks = 0;
  let stopped = false;

  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);

  async function nextRunAt(job: ScheduleJobRow, now = new Date()): Promise<Date | null> {
    return nextFireTime(job, now, await options.timeZone());
  }

  /** Claims up to batchSize due jobs in one short transaction; the handlers run after it committed. */
  async function claimBatch(now: Date, timeZone: string): Promise<{ claimed: ClaimedRun[]; full: boolean }> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(scheduleJob)
        .where(and(eq(scheduleJob.isStart, true), lte(scheduleJob.nextRunAt, now)))
        .orderBy(asc(scheduleJob.nextRunAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return { claimed: [], full: false };
      const busy = new Set(
        (
          await tx
            .select({ jobId: jobRun.jobId })
            .from(jobRun)
            .where(
              and(
                eq(jobRun.status, 'Running'),
                inArray(
                  jobRun.jobId,
                  due.map((job) => job.id),
                ),
              ),
            )
        ).map((row) => row.jobId),
      );
      const updates = due.map((job) => {
        const fireTime = job.nextRunAt!;
        // A job still running its previous fire skips this one (and it does not count towards the cycle).
        const skipped = busy.has(job.id);
        const runTimes = job.runTimes + (skipped ? 0 : 1);
        // Fires missed while no process ran are not made up one by one: this run stands for them all.
        const next = nextFireTime({ ...job, runTimes }, now, timeZone, fireTime);
        return { job, fireTime, skipped, runTimes, next };
      });
      await tx.execute(sql`
        update schedule_job as j
        set next_run_at = v.next_run_at, run_times = v.run_times, last_run_at = v.fire_time,
            is_start = v.next_run_at is not null,
            last_result = case when v.skipped then 'Skipped' else 'Running' end
        from jsonb_to_recordset(${JSON.stringify(
          updates.map((u) => ({
            id: u.job.id,
            next_run_at: u.next?.toISOString() ?? null,
            run_times: u.runTimes,
            fire_time: u.fireTime.toISOString(),
            skipped: u.skipped,
          })),
        )}::jsonb) as v(id integer, next_run_at timestamptz, run_times integer, fire_time timestamptz, skipped boolean)
        where j.id = v.id`);
      const inserted = await tx
        .insert(jobRun)
        .values(
          updates.map((u) =>
            u.skipped
              ? {
                  jobId: u.job.id,
                  fireTime: u.fireTime,
                  status: 'Skipped' as const,
                  message: scheduleJobMessages.previousStillRunning,
                  finishedAt: now,
                  claimedBy: instanceId,
                }
              : {
                  jobId: u.job.id,
                  fireTime: u.fireTime,
                  status: 'Running' as const,
                  startedAt: now,
                  claimedBy: instanceId,
                  leaseUntil: leaseFrom(now),
                },
          ),
        )
        // The row lock already keeps a second claimer out; the unique key is the last word if it ever did not.
        .onConflictDoNothing()
        .returning();
      const jobs = new Map(due.map((job) => [job.id, job]));
      const claimed = inserted
        .filter((run) => run.status === 'Running')
        .map((run) => ({ run, job: jobs.get(run.jobId)! }));
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
          message: `Job "${job.name}" (${job.className}): ${message}`,
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
        if (retry) {
          await tx.update(scheduleJob).set({ lastResult: 'Running' }).where(eq(scheduleJob.id, job.id));
          retries.push({ run: retry, job });
        }
      }
      return retries;
    });
  }

  async function finish(tx: Tx, claimed: ClaimedRun, status: JobRunStatus, message: string | null, ms: number) {
    const { run, job } = claimed;
    const [updated] = await tx
      .update(jobRun)
      .set({
        status,
        message: message?.slice(0, 4000) ?? null,
        finishedAt: new Date(),
        durationMs: ms,
        leaseUntil: null,
      })
      // Another process may have declared it interrupted meanwhile (a stalled heartbeat): its word stands.
      .where(and(eq(jobRun.id, run.id), eq(jobRun.status, 'Running')))
      .returning({ id: jobRun.id });
    if (!updated) return;
    await tx.update(scheduleJob).set({ lastResult: status }).where(eq(scheduleJob.id, job.id));
    if (status === 'Failed')
      await writeSystemLog(tx, {
        level: 'error',
        source: 'job',
        message: `Job "${job.name}" (${job.className}) failed: ${message ?? ''}`,
        detail: { jobId: job.id, runId: run.id, fireTime: run.fireTime.toISOString(), trigger: run.trigger },
      });
  }

  async function execute(claimed: ClaimedRun): Promise<void> {
    const { run, job } = claimed;
    const started = performance.now();
    let status: JobRunStatus = 'Succeeded';
    let message: string | null = null;
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
    }
    const ms = Math.round(performance.now() - started);
    try {
      await db.transaction((tx) => finish(tx, claimed, status, message, ms));
    } catch (error) {
      log.error({ err: error, runId: run.id }, 'could not record the end of a job run');
    }
  }

  function launch(claimed: ClaimedRun[]) {
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

  async function tickOnce(now: Date, recover: boolean): Promise<number> {
    let started = 0;
    if (recover) {
      const retries = await recoverInterrupted(now);
      launch(retries);
      started += retries.length;
    }
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
      const loop = () => {
        ticking = tickOnce(new Date(), ticks++ % recoverEveryTicks === 0)
          .catch((error: unknown) => {
            log.error({ err: error }, 'scheduler tick failed');
            return 0;
          })
          .finally(() => {
            if (!stopped) timer = setTimeout(loop, tickMs);
          });
      };
      timer = setTimeout(loop, 0);
      heartbeat = setInterval(
        () => void renewLeases().catch((error: unknown) => log.warn({ err: error }, 'job lease renewal failed')),
        Math.max(1000, Math.floor(leaseMs / 3)),
      );
      heartbeat.unref();
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
