import type { HolidayReminderLog, LoginLog, RequestLog, SqlLog, SystemLog } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

// Read-only resources (contract 12): Query, Detail and Export only.
export const loginLogApi = resourceApi<LoginLog>('LoginLog');
export const requestLogApi = resourceApi<RequestLog>('RequestLog');
export const sqlLogApi = resourceApi<SqlLog>('SqlLog');
export const systemLogApi = resourceApi<SystemLog>('SystemLog');
export const holidayReminderLogApi = resourceApi<HolidayReminderLog>('HolidayReminderLog');
