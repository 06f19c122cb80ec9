import { and, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../platform/db.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { loginLog, requestLog, sqlLog, systemLog } from '../../platform/platform.table.js';
import { holidayReminderLog, readSettings } from '../setting/index.js';

type LogTable = PgTable & { id: PgColumn; logTime: PgColumn };

/** The logs retention empties, and what else must hold before a row may go. */
const retained: { name: string; table: LogTable; alsoWhen?: SQL }[] = [
  { name: 'login_log', table: loginLog },
  { name: 'request_log', table: requestLog },
  { name: 'sql_log', table: sqlLog },
  { name: 'system_log', table: systemLog },
  // A reminder row is what stops a second send: it stays until its holiday is over.
  {
    name: 'holiday_reminder_log',
    table: holidayReminderLog,
    alsoWhen: sql`${holidayReminderLog.holidayDay} < current_date`,
  },
];

/**
 * Deletes the rows of `table` older than `cutoff`, `batchSize` at a time (each batch a short statement, so a
 * big backlog never holds locks long or bloats one transaction); stops between batches when aborted.
 */
async function deleteOlderThan(
  db: Db,
  entry: (typeof retained)[number],
  cutoff: Date,
  batchSize: number,
  signal: AbortSignal,
): Promise<number> {
  const { table } = entry;
  let deleted = 0;
  while (!signal.aborted) {
    const oldest = db
      .select({ id: table.id })
      .from(table)
      .where(and(lt(table.logTime, cutoff), entry.alsoWhen))
      .orderBy(table.logTime)
      .limit(batchSize);
    const gone = await db
      .delete(table)
      .where(sql`${table.id} in (${oldest})`)
      .returning({ id: table.id });
    deleted += gone.length;
    if (gone.length < batchSize) break;
  }
  return deleted;
}

export const logRetentionParams = z
  .object({ batchSize: z.number().int().min(100).max(100_000).default(5000) })
  .strict()
  .default({ batchSize: 5000 });

/** `log.retention`: log rows older than Settings → Logs "days to keep" are deleted in bounded batches. */
export const logRetention = defineJobHandler({
  className: 'log.retention',
  title: { en: 'Log retention', 'zh-cn': '日志保留', 'zh-tw': '日誌保留' },
  params: logRetentionParams,
  async run(ctx, params) {
    const { daysToKeep } = (await readSettings(ctx.db)).log;
    const cutoff = new Date(ctx.fireTime.getTime() - daysToKeep * 86_400_000);
    const counts: string[] = [];
    for (const entry of retained) {
      const n = await deleteOlderThan(ctx.db, entry, cutoff, params.batchSize, ctx.signal);
      counts.push(`${entry.name} ${n}`);
    }
    return { message: `Deleted rows older than ${daysToKeep} days: ${counts.join(', ')}.` };
  },
});
