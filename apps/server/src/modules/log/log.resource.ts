import { eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  holidayReminderLogQuerySchema,
  holidayReminderLogSchema,
  loginLogQuerySchema,
  loginLogSchema,
  pageOf,
  requestLogQuerySchema,
  requestLogSchema,
  sqlLogQuerySchema,
  sqlLogSchema,
  systemLogQuerySchema,
  systemLogSchema,
} from '@casedesk/shared';
import { z } from 'zod';
import { loginLog, requestLog, sqlLog, systemLog } from '../../platform/platform.table.js';
import { wordedLogMessage } from '../../platform/logs.js';
import type { Actor } from '../../platform/actor.js';
import { defineResource } from '../../platform/resource.js';
import { languageFrom } from '../../platform/translator.js';
import { holidayReminderLog } from '../setting/index.js';

/** A list total counts at most this many rows: a log may hold millions, and the page must not wait for them. */
const logCountCap = 10_000;
const logOrder = [{ field: 'logTime', desc: true }];

type TimeAndUser = { from?: string | undefined; to?: string | undefined; user?: string | undefined };

/** The filters every log has: time range (`to` exclusive) and the sign-in name, in any case. */
function timeAndUser(columns: { logTime: PgColumn; loginName?: PgColumn }, query: TimeAndUser): (SQL | undefined)[] {
  return [
    query.from ? gte(columns.logTime, new Date(query.from)) : undefined,
    query.to ? lt(columns.logTime, new Date(query.to)) : undefined,
    query.user && columns.loginName ? sql`lower(${columns.loginName}) = ${query.user.toLowerCase()}` : undefined,
  ];
}

const readerLanguage = (actor: Actor) => languageFrom(actor.language) ?? 'en';

const logPage = <T extends z.ZodType>(row: T) => pageOf(row).extend({ totalExact: z.boolean().optional() });

// ---- sign-in log ----

export const loginLogResource = defineResource({
  name: 'LoginLog',
  module: 'log',
  label: 'sign-in log entry',
  readOnly: true,
  table: loginLog,
  schemas: { record: loginLogSchema, query: loginLogQuerySchema, page: logPage(loginLogSchema) },
  keywordColumns: [loginLog.loginName, loginLog.ip, loginLog.message, loginLog.userAgent],
  defaultOrder: logOrder,
  countCap: logCountCap,
  filters: (query) => [...timeAndUser(loginLog, query), query.result ? eq(loginLog.result, query.result) : undefined],
  rowOf: (row, actor) => ({
    id: row.id,
    loginName: row.loginName,
    userId: row.userId,
    ip: row.ip,
    userAgent: row.userAgent,
    result: row.result,
    message: wordedLogMessage(readerLanguage(actor), row),
    logTime: row.logTime,
  }),
  exportColumns: [
    { field: 'logTime', width: 22 },
    { field: 'loginName', width: 20 },
    { field: 'userId', width: 10 },
    { field: 'result', values: 'loginResult', width: 12 },
    { field: 'message', width: 30 },
    { field: 'ip', width: 16 },
    { field: 'userAgent', width: 40 },
  ],
});

// ---- request log (the spec's operation log) ----

export const requestLogResource = defineResource({
  name: 'RequestLog',
  module: 'log',
  label: 'request log entry',
  readOnly: true,
  table: requestLog,
  schemas: { record: requestLogSchema, query: requestLogQuerySchema, page: logPage(requestLogSchema) },
  keywordColumns: [requestLog.url, requestLog.loginName, requestLog.controller, requestLog.action],
  defaultOrder: logOrder,
  countCap: logCountCap,
  filters: (query) => [
    ...timeAndUser(requestLog, query),
    query.result === 'ok' ? lt(requestLog.status, 400) : undefined,
    query.result === 'error' ? gte(requestLog.status, 400) : undefined,
  ],
  rowOf: (row) => ({
    id: row.id,
    requestId: row.requestId,
    area: row.area,
    controller: row.controller,
    action: row.action,
    method: row.method,
    path: row.url,
    status: row.status,
    durationMs: row.durationMs,
    ip: row.ip,
    accessUrl: row.accessUrl,
    loginName: row.loginName,
    userId: row.userId,
    description: row.controller && row.action ? `${row.controller} ${row.action}` : null,
    logTime: row.logTime,
  }),
  exportColumns: [
    { field: 'logTime', width: 22 },
    { field: 'loginName', width: 20 },
    { field: 'method', width: 8 },
    { field: 'path', width: 40 },
    { field: 'status', width: 8 },
    { field: 'durationMs', width: 12 },
    { field: 'area', width: 14 },
    { field: 'controller', width: 16 },
    { field: 'action', width: 16 },
    { field: 'accessUrl', width: 30 },
    { field: 'ip', width: 16 },
    { field: 'requestId', width: 38 },
  ],
});

// ---- slow SQL log ----

export const sqlLogResource = defineResource({
  name: 'SqlLog',
  module: 'log',
  label: 'SQL log entry',
  readOnly: true,
  table: sqlLog,
  schemas: { record: sqlLogSchema, query: sqlLogQuerySchema, page: logPage(sqlLogSchema) },
  keywordColumns: [sqlLog.statement],
  defaultOrder: logOrder,
  countCap: logCountCap,
  filters: (query) => [
    ...timeAndUser(sqlLog, query),
    query.minDurationMs !== undefined ? gte(sqlLog.durationMs, query.minDurationMs) : undefined,
  ],
  exportColumns: [
    { field: 'logTime', width: 22 },
    { field: 'durationMs', width: 12 },
    { field: 'rows', width: 8 },
    { field: 'statement', width: 80 },
    { field: 'requestId', width: 38 },
  ],
});

// ---- system log ----

export const systemLogResource = defineResource({
  name: 'SystemLog',
  module: 'log',
  label: 'system log entry',
  readOnly: true,
  table: systemLog,
  schemas: { record: systemLogSchema, query: systemLogQuerySchema, page: logPage(systemLogSchema) },
  keywordColumns: [systemLog.message, systemLog.source],
  defaultOrder: logOrder,
  countCap: logCountCap,
  filters: (query) => timeAndUser(systemLog, query),
  // The server's own messages in the reader's language (list, detail and export alike).
  rowOf: ({ messageValues, ...row }, actor) => ({
    ...row,
    message: wordedLogMessage(readerLanguage(actor), { ...row, messageValues }),
  }),
  exportColumns: [
    { field: 'logTime', width: 22 },
    { field: 'level', values: 'logLevel', width: 8 },
    { field: 'source', values: 'logSource', width: 12 },
    { field: 'message', width: 60 },
    { field: 'userId', width: 10 },
    { field: 'requestId', width: 38 },
    { field: 'detail', width: 60 },
  ],
});

// ---- holiday reminder log ----

export const holidayReminderLogResource = defineResource({
  name: 'HolidayReminderLog',
  module: 'log',
  label: 'holiday reminder log entry',
  readOnly: true,
  table: holidayReminderLog,
  schemas: {
    record: holidayReminderLogSchema,
    query: holidayReminderLogQuerySchema,
    page: logPage(holidayReminderLogSchema),
  },
  keywordColumns: [holidayReminderLog.holidayName, holidayReminderLog.toAddress],
  defaultOrder: logOrder,
  countCap: logCountCap,
  filters: (query) => timeAndUser(holidayReminderLog, query),
  exportColumns: [
    { field: 'logTime', width: 22 },
    { field: 'holidayDay', width: 12 },
    { field: 'holidayName', label: 'name', width: 24 },
    { field: 'loginName', width: 20 },
    { field: 'toAddress', label: 'to', width: 30 },
    { field: 'language', values: 'language', width: 10 },
  ],
});

export const logResources = [
  loginLogResource,
  requestLogResource,
  sqlLogResource,
  systemLogResource,
  holidayReminderLogResource,
];
