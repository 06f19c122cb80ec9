import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { activeStatusSchema, auditFieldsSchema, queryBaseSchema, updateKeySchema } from '../platform/paging.js';
import { settingRuleMessages } from '../setting/setting.schemas.js';
import { calendarProblem, type CalendarProblemCode } from './sla-working-hours.js';
export * from './sla-working-hours.js';

/** Why a calendar is refused, one text per problem `calendarProblem` finds, and the calendar's own rules. */
export const slaCalendarMessages = defineMessages('slaCalendar', {
  noWorkingHours: 'Give at least one day working hours.',
  badDay: 'The day must be 0 (Sunday) to 6 (Saturday).',
  badTime: 'Enter a time of day from 00:00 to 24:00 (hh:mm).',
  endBeforeStart: 'The hours must end after they start.',
  overlap: 'These hours overlap other hours of the same day.',
  holidaysOnce: 'List each extra holiday once.',
  nameTaken: 'A calendar with this name already exists.',
  usedByPolicy: 'The service level policy "{policy}" uses this calendar; choose another calendar there first.',
} as const satisfies Record<CalendarProblemCode | 'holidaysOnce' | 'nameTaken' | 'usedByPolicy', string>);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** One span of one weekday; the times are checked by `calendarProblem` with the rest of the week. */
export const workingHoursSchema = z
  .object({
    day: z.number().int().min(0).max(6),
    from: z.string().max(5),
    to: z.string().max(5),
  })
  .strict();

const slaCalendarFields = z.object({
  name: z.string().trim().min(1).max(100),
  timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, settingRuleMessages.unknownTimeZone),
  /** Spans of wall-clock time per weekday (0 = Sunday); several a day are allowed (9-12, 13-18). */
  workingHours: z.array(workingHoursSchema).max(70),
  /** Days closed besides Settings → Holiday, which every calendar observes. */
  extraHolidays: z
    .array(z.iso.date())
    .max(366)
    .refine((days) => new Set(days).size === days.length, slaCalendarMessages.holidaysOnce)
    .default([]),
  status: activeStatusSchema.default('Active'),
});

/** The week as a whole: the problem lands on its span's field (`workingHours.3.to`), so the 400 names it. */
function checkWeek(calendar: { workingHours: { day: number; from: string; to: string }[] }, ctx: z.RefinementCtx) {
  const problem = calendarProblem(calendar.workingHours);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: slaCalendarMessages[problem.code] });
}

export const slaCalendarCreateSchema = slaCalendarFields.strict().superRefine(checkWeek);
export const slaCalendarUpdateSchema = slaCalendarFields.extend(updateKeySchema.shape).strict().superRefine(checkWeek);
export const slaCalendarSchema = slaCalendarFields.extend({
  ...auditFieldsSchema.shape,
  /** The seeded calendar's code (`standard`), which names it in the reader's language; null for the others. */
  seedCode: z.string().nullable(),
});
export const slaCalendarQuerySchema = queryBaseSchema.extend({ status: activeStatusSchema.optional() });
export type SlaCalendar = z.infer<typeof slaCalendarSchema>;
export type SlaCalendarCreate = z.infer<typeof slaCalendarCreateSchema>;
export type SlaCalendarUpdate = z.infer<typeof slaCalendarUpdateSchema>;
