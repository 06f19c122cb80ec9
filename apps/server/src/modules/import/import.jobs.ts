import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { defineJobHandler, type DefaultJob } from '../../platform/jobs/job-handler.js';
import { scheduleJob } from '../../platform/jobs/jobs.table.js';
import type { Scheduler } from '../../platform/jobs/scheduler.js';
import { workImports } from './import-work.service.js';

/**
 * `import.work`: works queued import runs, and runs whose worker died (their lease ran out), until none is
 * left. `Run` kicks it at once; the default job also sweeps every minute.
 */
export const importWork = defineJobHandler({
  className: 'import.work',
  title: { en: 'Data import', 'zh-cn': '数据导入', 'zh-tw': '資料匯入' },
  params: z.object({}).strict(),
  // A run resumes by its own lease, after its last committed batch: the job run itself is not retried.
  onInterrupted: 'fail',
  async run(ctx) {
    const worked = await workImports(ctx.db, {
      dataDir: ctx.config.dataDir,
      leaseMs: ctx.config.jobLeaseSeconds * 1000,
      signal: ctx.signal,
    });
    return { message: `${worked} import run(s) worked` };
  },
});

export const importWorkDefault: DefaultJob = {
  name: 'Data import',
  jobGroup: 'import',
  className: importWork.className,
  cron: '0 * * * * ?',
  isStart: true,
  remark: 'Works queued imports (Run starts them at once; this picks up runs a stopped server left).',
};

/** Starts the import job now on this process (a started job of the class; none: the run waits for a sweep). */
export async function kickImportWork(db: Db, scheduler: Scheduler): Promise<void> {
  const [job] = await db
    .select({ id: scheduleJob.id })
    .from(scheduleJob)
    .where(and(eq(scheduleJob.className, importWork.className), eq(scheduleJob.isStart, true)))
    .orderBy(asc(scheduleJob.id))
    .limit(1);
  if (job) await scheduler.runNow(job.id);
}
