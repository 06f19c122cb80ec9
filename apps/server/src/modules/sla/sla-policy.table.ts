import { boolean, foreignKey, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Condition, SlaEscalation, TicketStatus } from '@casedesk/shared';
import { recordColumns } from '../../platform/columns.js';
import { authorKeys } from '../user/user.table.js';
import { slaCalendar } from './sla-calendar.table.js';

/** A service-level policy (contract section 19): which tickets it takes, its targets and who hears of a breach. */
export const slaPolicy = pgTable(
  'sla_policy',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(100),
    // Read whole when a policy is chosen and never queried inside: jsonb, in the shape the API gives.
    conditions: jsonb('conditions').$type<Condition[]>().notNull().default([]),
    calendarId: integer('calendar_id').notNull(),
    firstResponseMinutes: integer('first_response_minutes').notNull(),
    nextUpdateMinutes: integer('next_update_minutes'),
    resolutionMinutes: integer('resolution_minutes').notNull(),
    pauseStatuses: text('pause_statuses').array().$type<TicketStatus[]>().notNull().default([]),
    pauseDuringApproval: boolean('pause_during_approval').notNull().default(false),
    warnBeforeMinutes: integer('warn_before_minutes').notNull().default(0),
    escalation: jsonb('escalation')
      .$type<SlaEscalation>()
      .notNull()
      .default({ notifyUserIds: [], notifyGroupIds: [], assignToId: null }),
    status: text('status', { enum: ['Active', 'Inactive'] })
      .notNull()
      .default('Active'),
    /** Set on the demo's policies, so their names read in each language while unchanged. */
    seedCode: text('seed_code'),
  },
  (t) => [
    uniqueIndex('sla_policy_name_uq').on(t.name),
    uniqueIndex('sla_policy_seed_code_uq').on(t.seedCode),
    index('sla_policy_calendar_idx').on(t.calendarId),
    // The calendar's delete asks first (a keyed refusal naming the policy); the key keeps a racing delete out.
    foreignKey({ name: 'sla_policy_calendar_fk', columns: [t.calendarId], foreignColumns: [slaCalendar.id] }),
    ...authorKeys('sla_policy', t),
  ],
);
