import {
  scheduleJobCreateSchema,
  scheduleJobQuerySchema,
  scheduleJobSchema,
  scheduleJobUpdateSchema,
  type ScheduleJobCreate,
  type ScheduleJobUpdate,
} from '@casedesk/shared';
import { scheduleJob, type ScheduleJobRow } from '../../platform/jobs/jobs.table.js';
import { defineResource } from '../../platform/resource.js';
import { checkHandler, savedTrigger, type Jobs } from './schedule-job.service.js';

/**
 * The ScheduleJob resource. Built when the app registers the module: its checks need the job handlers
 * the app collected, and its saves the scheduler's next fire time (in the server's time zone).
 */
export function createScheduleJobResource(jobs: Jobs) {
  const resource = defineResource({
    name: 'ScheduleJob',
    module: 'scheduleJob',
    label: 'scheduled job',
    table: scheduleJob,
    schemas: {
      record: scheduleJobSchema,
      create: scheduleJobCreateSchema,
      update: scheduleJobUpdateSchema,
      query: scheduleJobQuerySchema,
    },
    keywordColumns: [scheduleJob.name, scheduleJob.jobGroup, scheduleJob.className, scheduleJob.remark],
    defaultOrder: [
      { field: 'jobGroup', desc: false },
      { field: 'name', desc: false },
    ],
    // Inside the save's transaction: the handler named must exist here and take the parameters.
    async check(_tx, input) {
      checkHandler(jobs.registry, input);
    },
    operations: {
      // The trigger's dates and next fire time are worked out before the generic save writes them.
      async add(db, actor, input): Promise<ScheduleJobRow> {
        const trigger = await savedTrigger(jobs.scheduler, input);
        return resource.generic.add(db, actor, { ...input, ...trigger } as unknown as ScheduleJobCreate);
      },
      async update(db, actor, input): Promise<ScheduleJobRow> {
        const before = await resource.generic.get(db, actor, input.id);
        const trigger = await savedTrigger(jobs.scheduler, input, before);
        return resource.generic.update(db, actor, { ...input, ...trigger } as unknown as ScheduleJobUpdate);
      },
    },
    exportColumns: [
      { field: 'name', seeded: { kind: 'job', code: 'className' }, width: 30 },
      { field: 'jobGroup', values: 'jobGroup' },
      { field: 'className', width: 30 },
      { field: 'triggerType', values: 'triggerType', width: 10 },
      { field: 'cron', width: 20 },
      { field: 'intervalSecond', width: 12 },
      { field: 'isStart', values: 'boolean', width: 10 },
      { field: 'runTimes', label: 'runCount', width: 8 },
      { field: 'nextRunAt', width: 22 },
      { field: 'lastRunAt', width: 22 },
      { field: 'lastResult', values: 'jobRunStatus', width: 12 },
      { field: 'remark', seeded: { kind: 'jobRemark', code: 'className' }, width: 40 },
    ],
  });
  return resource;
}
