import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  msg,
  slaCalendarCreateSchema,
  slaCalendarMessages,
  slaCalendarQuerySchema,
  slaCalendarSchema,
  slaCalendarUpdateSchema,
} from '@casedesk/shared';
import { fieldRefusal } from '../../platform/errors.js';
import { defineResource } from '../../platform/resource.js';
import { slaCalendar } from './sla-calendar.table.js';
import { slaPolicy } from './sla-policy.table.js';

export const slaCalendarResource = defineResource({
  name: 'SlaCalendar',
  module: 'slaCalendar',
  label: 'slaCalendar',
  table: slaCalendar,
  schemas: {
    record: slaCalendarSchema,
    create: slaCalendarCreateSchema,
    update: slaCalendarUpdateSchema,
    query: slaCalendarQuerySchema,
  },
  keywordColumns: [slaCalendar.name],
  sortable: { name: slaCalendar.name, status: slaCalendar.status, modifiedAt: slaCalendar.modifiedAt },
  defaultOrder: [{ field: 'name', desc: false }],
  // The unique index would answer a generic "same code"; the name is what the person typed.
  async check(tx, input, id) {
    const sameName = eq(slaCalendar.name, input.name);
    const [taken] = await tx
      .select({ id: slaCalendar.id })
      .from(slaCalendar)
      .where(id === undefined ? sameName : and(sameName, ne(slaCalendar.id, id)));
    if (taken) throw fieldRefusal('name', msg(slaCalendarMessages, 'nameTaken'));
  },
  // A policy counts in its calendar: the delete is refused naming the policy, not by the foreign key's count.
  async referencedBy(tx, ids) {
    const [user] = await tx
      .select({ name: slaPolicy.name })
      .from(slaPolicy)
      .where(inArray(slaPolicy.calendarId, ids))
      .orderBy(asc(slaPolicy.name))
      .limit(1);
    return user && msg(slaCalendarMessages, 'usedByPolicy', { policy: user.name });
  },
  exportColumns: [
    { field: 'name', width: 30 },
    { field: 'timeZone', width: 22 },
    { field: 'status', values: 'activeStatus', width: 10 },
    { field: 'modifiedAt' },
  ],
});
