// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './ticket-view.table.js';

import { msg, ticketViewMessages } from '@casedesk/shared';
import type { ModuleManifest } from '../../platform/module.js';
import { sharedWithGroups } from '../../platform/references.js';
import { registerTicketViewRoutes } from './ticket-view.routes.js';
import * as tables from './ticket-view.table.js';

/** Saved ticket views (contract section 20): above the ticket module, whose list filter they save and count. */
export const ticketViewModule: ModuleManifest = {
  name: 'ticketView',
  tables: { ...tables },
  register: (app, ctx) => registerTicketViewRoutes(app, ctx.db),
  // A shared view names groups (an array, no foreign key): their deletes ask here first.
  references: [
    sharedWithGroups(tables.ticketView, tables.ticketView, (name) =>
      msg(ticketViewMessages, 'sharedWithGroup', { name }),
    ),
  ],
};
