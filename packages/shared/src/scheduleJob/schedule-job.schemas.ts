import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { auditFieldsSchema, idSchema, idTextSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { defaultCron, validateQuartzCron } from './cron.js';
import { jobRunStatuses, scheduleJobTriggerTypes } from './schedule-job.values.js';
export * from './schedule-job.values.js';

export const scheduleJobMessages = defineMessages('scheduleJob', {
  unknownHandler: 'The server offers no job handler with this class name.',
  cronRequired: 'A cron trigger needs a cron expression.',
  intervalRequired: 'An interval trigger needs the interval in seconds.',
  endBeforeBegin: 'The end time cannot be earlier than the begin time.',
  noFireTimeLeft: 'The job would never fire: its end time has passed, or its cron has no fire time left.',
  interrupted: 'The run was interrupted (the server stopped during it).',
  previousStillRunning: 'Skipped: the previous run of this job was still running.',
  notFound: 'The scheduled job does not exist.',
} as const);

export const scheduleJobTriggerTypeSchema = z.enum(scheduleJobTriggerTypes);
export type ScheduleJobTriggerType = z.infer<typeof scheduleJobTriggerTypeSchema>;

/** A run's state in the run history (contract section 12). */
export const jobRunStatusSchema = z.enum(jobRunStatuses);
export type JobRunStatus = z.infer<typeof jobRunStatusSchema>;

/** A job handler's title in each language the product speaks. */
export const jobTitleSchema = z.object({ en: z.string(), 'zh-cn': z.string(), 'zh-tw': z.string() });
export type JobTitle = z.infer<typeof jobTitleSchema>;

const dateTime = z.iso.datetime({ offset: true });
// A whole month of seconds is plenty; longer waits are what cron expressions are for.
const maxIntervalSeconds = 31 * 24 * 3600;

const scheduleJobFields = z.object({
  name: z.string().trim().min(1).max(100),
  jobGroup: z.string().trim().min(1).max(100).default('default'),
  /** The job handler to run: one of `GET /api/ScheduleJob/Handlers`. */
  className: z.string().trim().min(1).max(200),
  /** Checked against the handler's parameter schema by the server. */
  jobParams: z.record(z.string(), z.unknown()).default({}),
  triggerType: scheduleJobTriggerTypeSchema.default('Cron'),
  /** Quartz cron with seconds (6 or 7 parts); used when triggerType is Cron. */
  cron: z.string().trim().max(200).nullable().default(defaultCron),
  /** Seconds between runs; used when triggerType is Interval. */
  intervalSecond: z.number().int().min(1).max(maxIntervalSeconds).nullable().default(null),
  /** How many runs in all; 0 = unbounded. */
  cycleRunTimes: z.number().int().min(0).max(2_147_483_647).default(0),
  beginTime: dateTime.nullable().default(null),
  endTime: dateTime.nullable().default(null),
  isStart: z.boolean().default(false),
  remark: z.string().trim().max(500).nullable().default(null),
});
type TriggerInput = {
  triggerType?: ScheduleJobTriggerType;
  cron?: string | null;
  intervalSecond?: number | null;
  beginTime?: string | null;
  endTime?: string | null;
};

/** The rules across fields: each problem lands on its field, so the 400 names it. */
function checkTrigger(job: TriggerInput, ctx: z.RefinementCtx) {
  if ((job.triggerType ?? 'Cron') === 'Cron') {
    if (!job.cron) ctx.addIssue({ code: 'custom', path: ['cron'], message: scheduleJobMessages.cronRequired });
    else {
      const problem = validateQuartzCron(job.cron);
      if (problem) ctx.addIssue({ code: 'custom', path: ['cron'], message: problem.message });
    }
  } else if (job.intervalSecond == null)
    ctx.addIssue({ code: 'custom', path: ['intervalSecond'], message: scheduleJobMessages.intervalRequired });
  if (job.beginTime && job.endTime && Date.parse(job.endTime) < Date.parse(job.beginTime))
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: scheduleJobMessages.endBeforeBegin });
}

export const scheduleJobCreateSchema = scheduleJobFields.strict().superRefine(checkTrigger);
export const scheduleJobUpdateSchema = scheduleJobFields
  .extend(updateKeySchema.shape)
  .strict()
  .superRefine(checkTrigger);

/** What the server keeps about a job's runs; read-only for clients. */
export const scheduleJobStateSchema = z.object({
  runTimes: z.number().int(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastResult: jobRunStatusSchema.nullable(),
});
export const scheduleJobSchema = scheduleJobFields.extend(scheduleJobStateSchema.shape).extend(auditFieldsSchema.shape);

export const scheduleJobQuerySchema = queryBaseSchema.extend({
  jobGroup: z.string().trim().max(100).optional(),
  className: z.string().trim().max(200).optional(),
  triggerType: scheduleJobTriggerTypeSchema.optional(),
  isStart: z.union([z.boolean(), z.stringbool()]).optional(),
});

/** `POST Start/{id}`, `Stop/{id}`, `RunNow/{id}`. */
export const scheduleJobIdParamSchema = z.object({ id: idTextSchema });

/** `POST Runs`: one job's run history, newest first. */
export const jobRunQuerySchema = z
  .object({
    jobId: idSchema,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(20),
    status: jobRunStatusSchema.optional(),
  })
  .strict();
export const jobRunSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  /** The fire time the run is for (a run-now run: when it was asked for). */
  fireTime: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  status: jobRunStatusSchema,
  message: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});

/** `GET Handlers`: what the server can run; `paramsSchema` is the handler's parameters as JSON Schema. */
export const jobHandlerInfoSchema = z.object({
  className: z.string(),
  title: jobTitleSchema,
  paramsSchema: z.record(z.string(), z.unknown()),
});

export type ScheduleJob = z.infer<typeof scheduleJobSchema>;
export type ScheduleJobCreate = z.infer<typeof scheduleJobCreateSchema>;
export type ScheduleJobUpdate = z.infer<typeof scheduleJobUpdateSchema>;
export type ScheduleJobQuery = z.infer<typeof scheduleJobQuerySchema>;
export type JobRunQuery = z.infer<typeof jobRunQuerySchema>;
export type JobRun = z.infer<typeof jobRunSchema>;
export type JobHandlerInfo = z.infer<typeof jobHandlerInfoSchema>;
