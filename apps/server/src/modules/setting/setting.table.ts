import { date, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordColumns } from '../../platform/columns.js';

/** One row per settings group (basic, toggles, token, upload); each tab saves its group with `rowVersion`. */
export const appSetting = pgTable(
  'app_setting',
  {
    ...recordColumns(),
    groupName: text('group_name').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('app_setting_group_uq').on(t.groupName)],
);

/** The holiday calendar (Settings → Holiday): days the service desk is closed. */
export const holiday = pgTable(
  'holiday',
  {
    ...recordColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('holiday_day_uq').on(t.day)],
);
