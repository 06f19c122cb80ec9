import type { FastifyBaseLogger } from 'fastify';
import type { JobTitle, seededJobGroups } from '@casedesk/shared';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db.js';

/** A title in each language the product speaks (shared: `GET ScheduleJob/Handlers` returns it). */
export type { JobTitle };

/** What a handler is handed for one run. */
export type JobRunContext = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** The fire time this run is for (not the moment it started). */
  fireTime: Date;
  /** The schedule_job row that fired; null when a handler is run outside the scheduler (tests). */
  jobId: number | null;
  /** Aborted when the server shuts down: long handlers stop between units of work. */
  signal: AbortSignal;
};

/** What a handler may say about its run; it becomes the run's message. Throwing marks the run Failed. */
export type JobRunResult = { message?: string } | void;

/**
 * A job the scheduler can run: the `className` a ScheduleJob row names (contract section 12).
 * `params` checks the row's `jobParams` when the job is saved and again before each run.
 */
export type JobHandler<P extends z.ZodType = z.ZodType> = {
  className: string;
  title: JobTitle;
  params: P;
  /**
   * What happens to a run found "Running" after a crash (kill -9): `fail` marks it Failed (default),
   * `retry` marks it Failed and runs it once more at the next tick.
   */
  onInterrupted?: 'fail' | 'retry';
  // Method syntax: a handler with a narrower parameter type still fits a JobHandler[] list.
  run(ctx: JobRunContext, params: z.output<P>): Promise<JobRunResult>;
};

/** Identity, so that `run` sees the parsed parameter type. */
export const defineJobHandler = <P extends z.ZodType>(handler: JobHandler<P>): JobHandler<P> => handler;

/**
 * A schedule_job row a module wants on every database (log retention, the holiday reminder ...): created by
 * the system seed when no row with this `name` exists yet, never overwritten afterwards (an admin may edit it).
 */
export type DefaultJob = {
  name: string;
  /** One of the groups the web names in the user's language. */
  jobGroup: (typeof seededJobGroups)[number];
  className: string;
  jobParams?: Record<string, unknown>;
  cron: string;
  isStart: boolean;
  remark?: string;
};
