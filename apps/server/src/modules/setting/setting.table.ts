import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../platform/columns.js';
import { recordColumns } from '../../platform/columns.js';
import { appUser, authorKeys } from '../user/user.table.js';

/** One row per settings group (basic, toggles, token, upload); each tab saves its group with `rowVersion`. */
export const appSetting = pgTable(
  'app_setting',
  {
    ...recordColumns(),
    groupName: text('group_name').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('app_setting_group_uq').on(t.groupName), ...authorKeys('app_setting', t)],
);

/** The holiday calendar (Settings → Holiday): days the service desk is closed. */
export const holiday = pgTable(
  'holiday',
  {
    ...recordColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('holiday_day_uq').on(t.day), ...authorKeys('holiday', t)],
);

/**
 * Each holiday reminder sent: one per holiday day and user (the unique key makes a second send impossible,
 * whichever server runs the job). Day and name are copied so that the row outlives an edited holiday.
 */
export const holidayReminderLog = pgTable(
  'holiday_reminder_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    holidayDay: date('holiday_day', { mode: 'string' }).notNull(),
    holidayName: text('holiday_name').notNull(),
    userId: integer('user_id').notNull(),
    loginName: text('login_name').notNull(),
    toAddress: text('to_address').notNull(),
    language: text('language').notNull(),
    /** The queued `email` row (no key: the e-mail module comes later; a pruned mail leaves a dangling id). */
    emailId: integer('email_id'),
    logTime: timestamptz('log_time').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('holiday_reminder_log_day_user_uq').on(t.holidayDay, t.userId),
    index('holiday_reminder_log_time_idx').on(t.logTime),
    index('holiday_reminder_log_user_idx').on(t.userId, t.logTime),
    index('holiday_reminder_log_name_idx').on(sql`lower(${t.loginName})`, t.logTime),
    foreignKey({ name: 'holiday_reminder_log_user_fk', columns: [t.userId], foreignColumns: [appUser.id] }).onDelete(
      'cascade',
    ),
  ],
);
