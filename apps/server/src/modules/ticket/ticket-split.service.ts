import { and, eq, inArray, sql } from 'drizzle-orm';
import { msg, ticketMergeable, ticketMergeMessages, type TicketSplit, type TicketSplitResult } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import { rowsOf, type Db } from '../../platform/db.js';
import { conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { translate, type Language } from '../../platform/translator.js';
import { readSettings } from '../setting/index.js';
import { createSplitTicketIn } from './ticket-create.service.js';
import { moveTicketRows, noteOnTickets, rebuildSearchComments } from './ticket-merge.service.js';
import { findVisible } from './ticket.service.js';
import { ticket, ticketComment } from './ticket.table.js';

/**
 * `Ticket/Split`: the chosen comments (with the mails that made them, and so their files) go to a new ticket for
 * the same customer, project, category, company, assignee and privacy; the new ticket hangs under the source (its
 * parent), so each names the other. Its subject says where it came from, in the caller's language. One transaction.
 */
export async function splitTicket(
  db: Db,
  actor: Actor,
  input: TicketSplit,
  language: Language,
): Promise<TicketSplitResult> {
  const settings = await readSettings(db);
  const commentIds = [...new Set(input.commentIds)].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const source = await findVisible(tx, actor, input.id, true);
    if (!source) throw notFound();
    if (!ticketMergeable(source.status)) throw conflict(msg(ticketMergeMessages, 'notSplittable'));
    const own = await tx
      .select({ id: ticketComment.id })
      .from(ticketComment)
      .where(and(inArray(ticketComment.id, commentIds), eq(ticketComment.ticketId, source.id)));
    if (own.length !== commentIds.length) throw fieldRefusal('commentIds', msg(ticketMergeMessages, 'commentUnknown'));

    const subjectRef = msg(ticketMergeMessages, 'splitSubject', {
      caseNumber: source.caseNumber,
      subject: source.subject,
    });
    const subject = (translate(language, subjectRef) ?? subjectRef.text).slice(0, 200);
    const made = await createSplitTicketIn(
      tx,
      actor,
      {
        subject,
        content: '',
        projectId: source.projectId,
        categoryId: source.categoryId,
        companyId: source.companyId,
        businessUnit: source.businessUnit,
        priority: source.priority,
        ticketType: source.ticketType,
        ticketFrom: source.ticketFrom,
        subjectType: source.subjectType,
        customer: source.customer,
        customerEmail: source.customerEmail,
        telephone: source.telephone,
        firstName: source.firstName,
        lastName: source.lastName,
        emails: source.emails,
        assignTo: source.assignTo,
        parentTicket: source.id,
        privateTicket: source.privateTicket,
        grantAccess: source.grantAccess,
        attachments: [],
      },
      settings,
    );
    // The mails that made the moved comments go with them.
    const mails = await rowsOf<{ id: number }>(
      tx,
      sql`select id from email
           where comment_id = any(${`{${commentIds.join(',')}}`}::int[]) and ticket_id = ${source.id} order by id`,
    );
    const emailIds = mails.map((m) => Number(m.id));
    await moveTicketRows(tx, { commentIds, emailIds }, source.id, made.id);
    await rebuildSearchComments(tx, source.id);
    await rebuildSearchComments(tx, made.id);
    await tx
      .update(ticket)
      .set({ rowVersion: sql`${ticket.rowVersion} + 1`, modifiedAt: sql`now()`, modifiedBy: actor.userId })
      .where(eq(ticket.id, source.id));
    await noteOnTickets(tx, actor.userId, [
      [source.id, { splitTo: { from: null, to: made.caseNumber } }],
      [made.id, { splitFrom: { from: null, to: source.caseNumber } }],
    ]);
    await writeAudit(tx, {
      entity: 'Ticket',
      entityId: made.id,
      action: 'create',
      actorId: actor.userId,
      changes: {
        splitFrom: { from: null, to: source.id },
        moved: { from: null, to: { comments: commentIds, emails: emailIds } },
      },
    });
    return { id: made.id, caseNumber: made.caseNumber };
  });
}
