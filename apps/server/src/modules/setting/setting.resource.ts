import { sql } from 'drizzle-orm';
import { holidayCreateSchema, holidayQuerySchema, holidaySchema, holidayUpdateSchema } from '@casedesk/shared';
import { defineResource } from '../../platform/resource.js';
import { holiday } from './setting.table.js';

export const holidayResource = defineResource({
  name: 'Holiday',
  module: 'settings',
  label: 'holiday',
  table: holiday,
  schemas: {
    record: holidaySchema,
    create: holidayCreateSchema,
    update: holidayUpdateSchema,
    query: holidayQuerySchema,
  },
  keywordColumns: [holiday.name],
  defaultOrder: [{ field: 'day', desc: false }],
  filters: (query) => [
    typeof query.year === 'number' ? sql`extract(year from ${holiday.day}) = ${query.year}` : undefined,
  ],
  exportColumns: [
    { field: 'day', width: 14 },
    { field: 'name', width: 40 },
  ],
});
