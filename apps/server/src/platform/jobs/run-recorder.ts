import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRunStatus, LogValue } from '@casedesk/shared';
import { rowsOf, type Db } from '../db.js';
import { logMessage, writeSystemLog } from '../logs.js';
import type { JobRunRow, ScheduleJobRow } from './jobs.table.js';

/** How a run ended, as the scheduler hands it over. */
export type FinishedRun = {
  run: JobRunRow;
  job: ScheduleJobRow;
  status: JobRunStatus;
  message: string | null;
  /** Why a failed run failed, for the system log: a refusal by its key. */
  reason?: LogValue | undefined;
  durationMs: number;
  finishedAt: Date;
};

/**
 * Writes the ends of runs in batches: with a thousand runs a second, one transaction per run would queue
 * behind each other for the pool (and keep the claim waiting). `record` resolves once its run is written.
 * A job's `last_result` is only written when it changes, so that a steady job's row is not locked (and
 * skipped by the next claim) after every run.
 */
export function createRunRecorder(db: Db, log: FastifyBaseLogger, options = { maxBatch: 500, delayMs: 20 }) {
  let queue: { finished: FinishedRun; done: () => void }[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: FinishedRun[]) {
    await db.transaction(async (tx) => {
      const ends = batch.map((f) => ({
        id: f.run.id,
        status: f.status,
        message: f.message?.slice(0, 4000) ?? null,
        finished_at: f.finishedAt.toISOString(),
        duration_ms: f.durationMs,
      }));
      // A run another process declared interrupted meanwhile (a stalled heartbeat) keeps that verdict.
      const written = await rowsOf<{ id: string | number }>(
        tx,
        sql`update job_run as r
            set status = v.status, message = v.message, finished_at = v.finished_at, duration_ms = v.duration_ms,
                lease_until = null
            from jsonb_to_recordset(${JSON.stringify(ends)}::jsonb)
              as v(id bigint, status text, message text, finished_at timestamptz, duration_ms integer)
            where r.id = v.id and r.status = 'Running'
            returning r.id`,
      );
      const writtenIds = new Set(written.map((row) => Number(row.id)));
      const kept = batch.filter((f) => writtenIds.has(f.run.id)).sort((a, b) => a.run.id - b.run.id);
      const lastByJob = new Map(kept.map((f) => [f.job.id, f.status]));
      if (lastByJob.size > 0)
        await tx.execute(sql`
          update schedule_job as j set last_result = v.status
          from jsonb_to_recordset(${JSON.stringify([...lastByJob].map(([id, status]) => ({ id, status })))}::jsonb)
            as v(id integer, status text)
          where j.id = v.id and j.last_result is distinct from v.status`);
      for (const f of kept.filter((one) => one.status === 'Failed'))
        await writeSystemLog(tx, {
          level: 'error',
          source: 'job',
          says: logMessage('jobFailed', {
            name: f.job.name,
            className: f.job.className,
            reason: f.reason ?? f.message ?? '',
          }),
          detail: { jobId: f.job.id, runId: f.run.id, fireTime: f.run.fireTime.toISOString(), trigger: f.run.trigger },
        });
    });
  }

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return writing;
    writing = writing
      .then(() => write(batch.map((entry) => entry.finished)))
      .catch((error: unknown) => log.error({ err: error, runs: batch.length }, 'could not record the end of job runs'))
      .finally(() => batch.forEach((entry) => entry.done()));
    return writing;
  }

  return {
    record(finished: FinishedRun): Promise<void> {
      return new Promise((resolve) => {
        queue.push({ finished, done: resolve });
        if (queue.length >= options.maxBatch) void flush();
        else timer ??= setTimeout(() => void flush(), options.delayMs);
      });
    },
    flush,
  };
}
