import type { SlaCalendar } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';

export const slaCalendarApi = resourceApi<SlaCalendar>('SlaCalendar');
