// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './sla-calendar.table.js';
export * from './sla-policy.table.js';
export { workingCalendarOf } from './sla-calendar.service.js';
export { policiesReadCustom, policyFor, policyHolds } from './sla-policy-match.js';
export { clockAfter, openTargets, nextCheckAfter, stoppedClock, type Clock, type ClockPolicy } from './sla-clock.js';
export {
  activePoliciesJson,
  choosablePolicies,
  loadChoosablePolicies,
  type ChoosablePolicy,
} from './sla-clock.service.js';
export {
  addWorkingMinutes,
  isWorkingTime,
  workingMinutesBetween,
  type WorkingCalendar,
  type WorkingHours,
} from './working-time.js';

import type { ModuleManifest } from '../../platform/module.js';
import { registerSlaCalendarRoutes } from './sla-calendar.routes.js';
import { seedSlaCalendars } from './sla-calendar.seed.js';
import * as calendarTables from './sla-calendar.table.js';
import { registerSlaPolicyRoutes } from './sla-policy.routes.js';
import { seedDemoSlaPolicies } from './sla-policy.seed.js';
import { escalationGroupsRefusal, escalationUsersRefusal } from './sla-policy.service.js';
import * as policyTables from './sla-policy.table.js';

export const slaModule: ModuleManifest = {
  name: 'sla',
  tables: { ...calendarTables, ...policyTables },
  register: (app, ctx) => {
    registerSlaCalendarRoutes(app, ctx.db);
    registerSlaPolicyRoutes(app, ctx.db);
  },
  seed: { system: seedSlaCalendars, demo: seedDemoSlaPolicies },
  // A policy's escalation names users and groups (jsonb, no foreign key): their deletes ask here first.
  references: [
    { record: 'user', refusal: escalationUsersRefusal },
    { record: 'userGroup', refusal: escalationGroupsRefusal },
  ],
};
