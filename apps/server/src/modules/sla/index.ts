// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './sla-calendar.table.js';
export { workingCalendarOf } from './sla-calendar.service.js';
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
import * as tables from './sla-calendar.table.js';

export const slaModule: ModuleManifest = {
  name: 'sla',
  tables: { ...tables },
  register: (app, ctx) => registerSlaCalendarRoutes(app, ctx.db),
  seed: { system: seedSlaCalendars },
};
