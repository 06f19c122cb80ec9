// The module's public face: its tables first (other modules may read them), then the manifest.
export * from './ticket.table.js';
export * from './ticket-archive.table.js';
export { ticketNumbering, ticketSearchDoc } from './ticket.service.js';
// What scheduled tickets use: the create itself, its reference checks, and who sees a ticket.
export { createTicket, createTicketIn } from './ticket-create.service.js';
export { addCommentIn, type CommentInput } from './ticket-comment.service.js';
// Mail to ticket: tickets and comments the e-mail fetch writes (no user actor), and moves of them.
export {
  addCommentFromEmail,
  createTicketFromEmail,
  moveEmailComment,
  removeEmailComment,
  ticketParticipants,
} from './ticket-email.service.js';
export { getTicket, ticketVisible } from './ticket.service.js';
export { checkNewTicketReferences } from './ticket-references.service.js';
export { visibleSql } from './ticket.policy.js';
// Open items: deleting one cancels its ticket through the ticket's own status change.
export { cancelTicketForOpenItem } from './ticket-change.service.js';
// Macros (a module above) change tickets through the bulk edit's path, one transaction per ticket.
export { changeTicketIn, idsOfQuery, workOnEachTicket, type TicketWork } from './ticket-batch.service.js';
// Triggers (a module above) read and change a ticket for the desk, whoever fired them, and read its custom values.
export { lockedTicketRecord } from './ticket-batch.service.js';
export type { TicketRecord } from './ticket.service.js';
// Saved ticket views (a module above) count their lists under the caller's visibility, and check a saved filter.
export { countsOfQueries } from './ticket-batch.service.js';
export { checkDateRange } from './ticket.service.js';
export { tagsOfTicket } from './ticket-tag.service.js';
export { customTextsOf, customValuesOfTicket } from './ticket-custom.service.js';
export { checkProject, checkUsers } from './ticket-references.service.js';
// Data Management's retention rule: the archive job and its tables (ticket-archive.table.ts).
export { archiveClosedTickets, archiveCutoff, ticketArchiveHandler } from './ticket-archive.service.js';
// The service-level job (its worker: tests run it with their own `now`).
export { checkSlaClocks, slaCheckHandler } from './ticket-sla-check.service.js';

// Data import writes tickets through the same calls.
export { createTicketResource } from './ticket.resource.js';
import type { ModuleManifest } from '../../platform/module.js';
import { ticketPersonalData } from './ticket-personal-data.queries.js';
import { ticketWorkflowType } from './ticket-approval.service.js';
import { ticketArchiveHandler } from './ticket-archive.service.js';
import { slaCheckDefault, slaCheckHandler } from './ticket-sla-check.service.js';
import { openTicketsRefusal } from './ticket-references.service.js';
import { registerTicketArchiveRoutes } from './ticket-archive.routes.js';
import { registerTicketMergeRoutes } from './ticket-merge.routes.js';
import * as archiveTables from './ticket-archive.table.js';
import { registerTicketRoutes } from './ticket.routes.js';
import * as tables from './ticket.table.js';

export const ticketModule: ModuleManifest = {
  name: 'ticket',
  tables: { ...tables, ...archiveTables },
  register: (app, ctx) => {
    registerTicketRoutes(app, ctx.db, ctx.config.dataDir);
    registerTicketArchiveRoutes(app, ctx.db);
    registerTicketMergeRoutes(app, ctx.db);
  },
  jobs: {
    handlers: [ticketArchiveHandler, slaCheckHandler],
    defaults: [
      {
        name: 'Archive closed tickets',
        jobGroup: 'ticket',
        className: ticketArchiveHandler.className,
        cron: '0 30 2 * * ?',
        isStart: true,
        remark: 'Moves tickets closed longer ago than Data Management → retention says to the archive (0 = off).',
      },
      slaCheckDefault,
    ],
  },
  workflowTypes: [ticketWorkflowType],
  references: [{ record: 'user', refusal: openTicketsRefusal }],
  personalData: ticketPersonalData,
};
// The notification stream carries live rows and presence (contract section 20, "Live").
export { createTicketLiveFeed, type TicketLiveFeed } from './ticket-live.service.js';
