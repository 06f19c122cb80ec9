import { asc, eq, or, sql } from 'drizzle-orm';
import type { PersonalDataHolder } from '../../platform/personal-data.js';
import { openTicketsRefusal } from './ticket-references.service.js';
import { ticket, ticketComment } from './ticket.table.js';

/** Tickets a user raised or is assigned, and the comments they wrote; erasing waits for their open assignments. */
export const ticketPersonalData: PersonalDataHolder = {
  async rows(q, userId) {
    const [tickets, comments] = await Promise.all([
      q
        .select({
          id: ticket.id,
          caseNumber: ticket.caseNumber,
          subject: ticket.subject,
          content: ticket.content,
          status: ticket.status,
          priority: ticket.priority,
          openDate: ticket.openDate,
          closeDate: ticket.closeDate,
          customer: ticket.customer,
          customerEmail: ticket.customerEmail,
          telephone: ticket.telephone,
          raised: sql<boolean>`${ticket.openedBy} is not distinct from ${userId} or ${ticket.createdBy} = ${userId}`,
          assigned: sql<boolean>`${ticket.assignTo} is not distinct from ${userId} or ${ticket.delegateTo} is not distinct from ${userId}`,
        })
        .from(ticket)
        .where(
          or(
            eq(ticket.openedBy, userId),
            eq(ticket.createdBy, userId),
            eq(ticket.assignTo, userId),
            eq(ticket.delegateTo, userId),
          ),
        )
        .orderBy(asc(ticket.id)),
      q
        .select({
          id: ticketComment.id,
          ticketId: ticketComment.ticketId,
          caseNumber: sql<string>`(select t.case_number from ${ticket} t where t.id = ${ticketComment.ticketId})`,
          comment: ticketComment.comment,
          public: ticketComment.public,
          createdAt: ticketComment.createdAt,
        })
        .from(ticketComment)
        .where(eq(ticketComment.createdBy, userId))
        .orderBy(asc(ticketComment.id)),
    ]);
    return { tickets, comments };
  },
  eraseRefusal: (tx, userId) => openTicketsRefusal(tx, [userId]),
};
