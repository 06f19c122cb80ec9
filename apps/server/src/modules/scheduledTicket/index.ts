// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './scheduled-ticket.table.js';

import type { ModuleManifest } from '../../platform/module.js';
import { createDueTickets, rescheduleInNewZone } from './scheduled-ticket-run.service.js';
import { registerScheduledTicketRoutes } from './scheduled-ticket.routes.js';
import * as tables from './scheduled-ticket.table.js';

export const scheduledTicketModule: ModuleManifest = {
  name: 'scheduledTicket',
  tables: { ...tables },
  register: (app, ctx) => registerScheduledTicketRoutes(app, ctx.db),
  events: [rescheduleInNewZone],
  jobs: {
    handlers: [createDueTickets],
    defaults: [
      {
        name: 'Scheduled tickets',
        jobGroup: 'ticket',
        className: createDueTickets.className,
        cron: '*/5 * * * * ?',
        isStart: true,
        remark: 'Creates the tickets of the scheduled tickets that are due.',
      },
    ],
  },
};
