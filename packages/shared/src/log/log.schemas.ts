import { z } from 'zod';
import { idTextSchema, queryBaseSchema } from '../platform/paging.js';
import { loginResults, systemLogLevels } from './log.values.js';
export * from './log.values.js';

export type LoginResult = (typeof loginResults)[number];
export type SystemLogLevel = (typeof systemLogLevels)[number];

const timeText = z.iso.datetime({ offset: true });

/** Filters every log list has: a time range (ISO date-times, `from` inclusive, `to` exclusive) and a user. */
const logQueryBase = queryBaseSchema.extend({
  from: timeText.optional(),
  to: timeText.optional(),
  userId: idTextSchema.optional(),
  /** A sign-in name, exact in any case (`loginName` would be compared case by case as a column). */
  user: z.string().trim().min(1).max(100).optional(),
});

export const loginLogQuerySchema = logQueryBase.extend({
  ip: z.string().trim().min(1).max(100).optional(),
  result: z.enum(loginResults).optional(),
});
export const requestLogQuerySchema = logQueryBase.extend({
  ip: z.string().trim().min(1).max(100).optional(),
  /** `ok`: status below 400; `error`: 400 and above. */
  result: z.enum(['ok', 'error']).optional(),
  status: z.coerce.number().int().min(100).max(599).optional(),
  requestId: z.string().trim().min(1).max(100).optional(),
});
export const sqlLogQuerySchema = logQueryBase.extend({
  requestId: z.string().trim().min(1).max(100).optional(),
  minDurationMs: z.coerce.number().int().min(0).max(86_400_000).optional(),
});
export const systemLogQuerySchema = logQueryBase.extend({
  level: z.enum(systemLogLevels).optional(),
  source: z.string().trim().min(1).max(50).optional(),
  requestId: z.string().trim().min(1).max(100).optional(),
});
export const holidayReminderLogQuerySchema = logQueryBase;

export const loginLogSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  userId: z.number().int().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.enum(loginResults),
  message: z.string().nullable(),
  logTime: z.string(),
});
export const requestLogSchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  area: z.string().nullable(),
  controller: z.string().nullable(),
  action: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  ip: z.string().nullable(),
  accessUrl: z.string().nullable(),
  loginName: z.string().nullable(),
  userId: z.number().int().nullable(),
  description: z.string().nullable(),
  logTime: z.string(),
});
export const sqlLogSchema = z.object({
  id: z.number().int(),
  statement: z.string(),
  durationMs: z.number().int(),
  rows: z.number().int().nullable(),
  requestId: z.string().nullable(),
  logTime: z.string(),
});
export const systemLogSchema = z.object({
  id: z.number().int(),
  level: z.enum(systemLogLevels),
  source: z.string(),
  /** In the reader's language when the server wrote it by key (`messageKey`); else as it was written. */
  message: z.string(),
  messageKey: z.string().nullable(),
  requestId: z.string().nullable(),
  userId: z.number().int().nullable(),
  detail: z.unknown(),
  logTime: z.string(),
});
export const holidayReminderLogSchema = z.object({
  id: z.number().int(),
  holidayDay: z.string(),
  holidayName: z.string(),
  userId: z.number().int(),
  loginName: z.string(),
  toAddress: z.string(),
  language: z.string(),
  emailId: z.number().int().nullable(),
  logTime: z.string(),
});

export type LoginLog = z.infer<typeof loginLogSchema>;
export type RequestLog = z.infer<typeof requestLogSchema>;
export type SqlLog = z.infer<typeof sqlLogSchema>;
export type SystemLog = z.infer<typeof systemLogSchema>;
export type HolidayReminderLog = z.infer<typeof holidayReminderLogSchema>;
export type LoginLogQuery = z.infer<typeof loginLogQuerySchema>;
export type RequestLogQuery = z.infer<typeof requestLogQuerySchema>;
export type SqlLogQuery = z.infer<typeof sqlLogQuerySchema>;
export type SystemLogQuery = z.infer<typeof systemLogQuerySchema>;
export type HolidayReminderLogQuery = z.infer<typeof holidayReminderLogQuerySchema>;
