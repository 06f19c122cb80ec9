import { z } from 'zod';
import { defineMessages } from '../platform/message-keys.js';
import { idSchema } from '../platform/paging.js';

/** What the service-level report groups tickets by: their project (the team), category, or month opened. */
export const slaReportGroups = ['project', 'category', 'month'] as const;
export type SlaReportGroup = (typeof slaReportGroups)[number];

/**
 * `POST Ticket/SlaReport` (and `Ticket/SlaReport/Export`): tickets opened from `from` to `to` (whole days in
 * Settings → Basic's time zone) that a policy counts, among those the caller may see.
 */
export const slaReportQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    groupBy: z.enum(slaReportGroups).default('project'),
    projectId: idSchema.optional(),
  })
  .strict();
export type SlaReportQuery = z.infer<typeof slaReportQuerySchema>;

/**
 * One group's service: tickets, how many met each target of those measured (answered or resolved, or already
 * past due), the desk's own working minutes (pauses left out) at the median and the 90th percentile, and the
 * working minutes the tickets waited on the customer and on approvers.
 */
export const slaReportRowSchema = z.object({
  /** The project's or category's id, or the month (`YYYY-MM`); null in the total, `none` for no category. */
  key: z.string().nullable(),
  name: z.string().nullable(),
  tickets: z.number().int(),
  firstResponseMeasured: z.number().int(),
  firstResponseMet: z.number().int(),
  /** met ÷ measured, 0–1; null when nothing was measured. */
  firstResponseRate: z.number().nullable(),
  resolutionMeasured: z.number().int(),
  resolutionMet: z.number().int(),
  resolutionRate: z.number().nullable(),
  firstResponseMedianMinutes: z.number().nullable(),
  firstResponseP90Minutes: z.number().nullable(),
  resolutionMedianMinutes: z.number().nullable(),
  resolutionP90Minutes: z.number().nullable(),
  customerHeldMinutes: z.number(),
  approverHeldMinutes: z.number(),
});
export type SlaReportRow = z.infer<typeof slaReportRowSchema>;

export const slaReportSchema = z.object({
  rows: z.array(slaReportRowSchema),
  total: slaReportRowSchema,
});
export type SlaReport = z.infer<typeof slaReportSchema>;

export const slaReportMessages = defineMessages('slaReport', {
  endBeforeStart: 'The last day cannot be before the first day.',
  tooLong: 'A report covers at most 366 days.',
});

/** A report's longest period (days, both ends counted); the web's period picker says the same. */
export const slaReportMaxDays = 366;
