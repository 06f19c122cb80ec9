// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './trigger.table.js';
export { runScheduledTriggers, triggerScheduleHandler } from './trigger-schedule.service.js';

import type { ModuleManifest } from '../../platform/module.js';
import { onDomainEvent } from './trigger-engine.service.js';
import { triggerScheduleDefault, triggerScheduleHandler } from './trigger-schedule.service.js';
import { registerTriggerRoutes } from './trigger.routes.js';
import { webhookHeldByTrigger } from './trigger.service.js';
import * as tables from './trigger.table.js';

/**
 * Triggers (contract section 23): above the ticket, e-mail, notification and webhook modules, which it drives.
 * Its handler hears the ticket's events inside the change's transaction (trigger-engine.service.ts).
 */
export const triggerModule: ModuleManifest = {
  name: 'trigger',
  tables: { ...tables },
  register: (app, ctx) => registerTriggerRoutes(app, ctx.db),
  events: [onDomainEvent],
  jobs: { handlers: [triggerScheduleHandler], defaults: [triggerScheduleDefault] },
  // A trigger's `webhookId` action holds its webhook: the webhook's delete is refused naming the trigger.
  references: [webhookHeldByTrigger],
};
