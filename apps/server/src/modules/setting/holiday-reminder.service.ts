import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../platform/db.js';
import { emitDomainEvent } from '../../platform/events.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { appUser } from '../user/index.js';
import { dayIn } from '../../platform/zoned-time.js';
import { readSettings } from './setting.service.js';
import { holiday, holidayReminderLog } from './setting.table.js';

type HolidayRow = { id: number; day: string; name: string };

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** One reminder, once: the log row's unique key (day, user) decides, so a second run or server sends nothing. */
async function remindOnce(
  tx: Tx,
  h: HolidayRow,
  user: { id: number; loginName: string; email: string; language: string },
): Promise<boolean> {
  const [logged] = await tx
    .insert(holidayReminderLog)
    .values({
      holidayDay: h.day,
      holidayName: h.name,
      userId: user.id,
      loginName: user.loginName,
      toAddress: user.email,
      language: user.language,
    })
    .onConflictDoNothing()
    .returning({ id: holidayReminderLog.id });
  if (!logged) return false;
  // The e-mail module renders the holidayReminder template in the user's language and queues it here.
  await emitDomainEvent(tx, {
    type: 'user.mail',
    event: 'holidayReminder',
    userId: user.id,
    values: { 'holiday.name': h.name, 'holiday.day': h.day },
    onQueued: async (q, emailId) => {
      await q.update(holidayReminderLog).set({ emailId }).where(eq(holidayReminderLog.id, logged.id));
    },
  });
  return true;
}

/**
 * `setting.holidayReminder`: each chosen user gets one mail per holiday that starts within the next
 * "days before" days (in the settings' time zone), queued as e-mail (the `holidayReminder` template) and listed in the holiday reminder log.
 * A run that was missed catches up, since every holiday inside the window counts, not only the one N days ahead.
 */
export const holidayReminder = defineJobHandler({
  className: 'setting.holidayReminder',
  title: { en: 'Holiday reminder', 'zh-cn': '假期提醒', 'zh-tw': '假期提醒' },
  params: z.object({}).strict().default({}),
  async run(ctx) {
    const settings = await readSettings(ctx.db);
    const options = settings.holidayReminder;
    if (!options.enabled || options.userIds.length === 0) return { message: 'Holiday reminders are off.' };
    const today = dayIn(settings.basic.timeZone, ctx.fireTime);
    const holidays = await ctx.db
      .select({ id: holiday.id, day: holiday.day, name: holiday.name })
      .from(holiday)
      .where(and(gt(holiday.day, today), lte(holiday.day, addDays(today, options.daysBefore))))
      .orderBy(asc(holiday.day));
    const users = await ctx.db
      .select({ id: appUser.id, loginName: appUser.loginName, email: appUser.email, language: appUser.language })
      .from(appUser)
      .where(
        and(
          inArray(appUser.id, options.userIds),
          isNull(appUser.deletedAt),
          eq(appUser.status, 'Active'),
          isNotNull(appUser.email),
        ),
      );
    let sent = 0;
    for (const h of holidays)
      for (const user of users) {
        if (ctx.signal.aborted) break;
        const email = user.email?.trim();
        if (!email) continue;
        if (await ctx.db.transaction((tx) => remindOnce(tx, h, { ...user, email }))) sent += 1;
      }
    return { message: `${sent} reminder(s) queued for ${holidays.length} holiday(s).` };
  },
});
