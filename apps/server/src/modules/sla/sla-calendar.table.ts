import { date, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { WorkingHours } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';

/** A service-level calendar (contract section 19): when the clock of a ticket under it runs. */
export const slaCalendar = pgTable(
  'sla_calendar',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    timeZone: text('time_zone').notNull(),
    // Read whole with the calendar and never queried inside: jsonb, in the shape the API gives.
    workingHours: jsonb('working_hours').$type<WorkingHours[]>().notNull(),
    // A date array, so "from this day on" is one comparison per element when the clock merges them.
    extraHolidays: date('extra_holidays', { mode: 'string' }).array().notNull().default([]),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    /** Set on the calendars the seed writes (`standard`), so their names read in each language. */
    seedCode: text('seed_code'),
  },
  (t) => [
    uniqueIndex('sla_calendar_name_uq').on(t.name),
    uniqueIndex('sla_calendar_seed_code_uq').on(t.seedCode),
    ...authorKeys('sla_calendar', t),
  ],
);
