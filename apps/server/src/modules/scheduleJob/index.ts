// The module's public face. Its tables are the job platform's (the scheduler reads them; the platform
// reads no module table), so they are defined in platform/jobs and only re-exported here.
export { jobRun, scheduleJob } from '../../platform/jobs/jobs.table.js';

import { jobRun, scheduleJob } from '../../platform/jobs/jobs.table.js';
import type { ModuleManifest } from '../../platform/module.js';
import { registerScheduleJobRoutes } from './schedule-job.routes.js';
import { pruneJobRunsDefault, pruneJobRunsHandler, rescheduleJobsInNewZone } from './schedule-job.service.js';

export const scheduleJobModule: ModuleManifest = {
  name: 'scheduleJob',
  tables: { scheduleJob, jobRun },
  register: (app, ctx) => registerScheduleJobRoutes(app, ctx.db, ctx.jobs),
  jobs: { handlers: [pruneJobRunsHandler], defaults: [pruneJobRunsDefault] },
  events: [rescheduleJobsInNewZone],
};
