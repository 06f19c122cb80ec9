import { eq, sql } from 'drizzle-orm';
import {
  msg,
  ticketBatchCap,
  ticketBatchMessages,
  type TicketBatchQuery,
  type TicketBatchSet,
  type TicketBatchUpdate,
  type TicketOutcome,
} from '@casedesk/shared';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { AppError, badRequest, forbidden, notFound, refusalWords } from '../../platform/errors.js';
import type { Language } from '../../platform/translator.js';
import { readSettings } from '../setting/index.js';
import { applyChange } from './ticket-change.service.js';
import { checkPrivateAllowed } from './ticket-references.service.js';
import { visibleSql } from './ticket.policy.js';
import { ticketListSql, ticketRecordColumns } from './ticket.queries.js';
import { checkDateRange, findVisible, type Changes, type TicketRecord } from './ticket.service.js';
import { ticket } from './ticket.table.js';

type SettingValues = Awaited<ReturnType<typeof readSettings>>;

/** What one ticket's work gets: its transaction and the row as it is now, locked. */
export type TicketWork = (tx: Tx, before: TicketRecord, settings: SettingValues) => Promise<void>;

/**
 * Runs `work` on each ticket in its own transaction, in the order asked (a ticket named twice is worked once),
 * and answers an outcome per ticket: a refused ticket rolls back alone, the others keep their change. The row is
 * read and locked inside the transaction, so the change builds on its current rowVersion (bulk edits carry none).
 * A ticket the caller may not see is "not found" with no case number, as if it did not exist.
 */
export async function workOnEachTicket(
  db: Db,
  actor: Actor,
  ids: readonly number[],
  language: Language,
  work: TicketWork,
): Promise<TicketOutcome[]> {
  const settings = await readSettings(db);
  const outcomes: TicketOutcome[] = [];
  for (const ticketId of new Set(ids)) {
    let caseNumber: string | null = null;
    try {
      await db.transaction(async (tx) => {
        const before = await findVisible(tx, actor, ticketId, true);
        if (!before) throw notFound();
        caseNumber = before.caseNumber;
        // The route may let in a caller without ticket:edit (Macro/Apply needs macro:view): each ticket says no.
        if (!hasPermission(actor, 'ticket:edit')) throw forbidden();
        await work(tx, before, settings);
      });
      outcomes.push({ ticketId, caseNumber, ok: true, message: null });
    } catch (error) {
      // Only refusals are per ticket; anything unexpected stops the batch (the tickets before it stay changed).
      if (!(error instanceof AppError)) throw error;
      outcomes.push({ ticketId, caseNumber, ok: false, ...refusalWords(error, language) });
    }
  }
  return outcomes;
}

/** The change of `set` to a ticket in hand, through Update's own path (checks, clock, history, events). */
export async function changeTicketIn(
  tx: Tx,
  actor: Actor,
  before: TicketRecord,
  set: TicketBatchSet,
  settings: SettingValues,
  /** Why, written into the same history entry (a trigger names itself). */
  why: Changes = {},
): Promise<TicketRecord> {
  checkPrivateAllowed(settings, before.privateTicket, set.privateTicket);
  const { value, removedFiles } = await applyChange(tx, actor, before, set, undefined, why);
  // Bulk fields name no files; a change that dropped one would leave it on disk unseen.
  if (removedFiles.length > 0) throw new Error('a bulk change dropped files');
  return value;
}

/**
 * The ids of the tickets a filter finds under the caller's visibility, newest first, at most the cap: more is a
 * 400 (the caller narrows the filter) rather than a change to the first thousand of an unknown number.
 */
export async function idsOfQuery(db: Db, actor: Actor, query: TicketBatchQuery): Promise<number[]> {
  checkDateRange(query);
  const built = ticketListSql(actor, query);
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select ${ticket.id} as "id" from ${ticket} ${built.where ? sql`where ${built.where}` : sql``}
         order by ${sql.join(built.order, sql`, `)} limit ${ticketBatchCap + 1}`,
  );
  if (rows.length > ticketBatchCap) throw badRequest(msg(ticketBatchMessages, 'tooMany', { cap: ticketBatchCap }));
  return rows.map((row) => Number(row.id));
}

/**
 * How many tickets each filter finds, under the caller's visibility, in one statement: each filter is the list's
 * own WHERE (`ticketListSql`, as Ticket/Query builds it), counted with `count(*) filter (...)` over the tickets
 * the caller sees. Saved ticket views count their lists with it (contract section 20).
 */
export async function countsOfQueries(db: Db, actor: Actor, queries: TicketBatchQuery[]): Promise<number[]> {
  if (queries.length === 0) return [];
  // Read row by row (not through the search index): every filter looks at the same visible rows.
  const filters = queries.map((query, index) => {
    const where = ticketListSql(actor, query, { drivenBy: 'visibility' }).where ?? sql`true`;
    return sql`count(*) filter (where ${where})::integer as ${sql.identifier(`c${index}`)}`;
  });
  const visible = visibleSql(actor);
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select ${sql.join(filters, sql`, `)} from ${ticket} ${visible ? sql`where ${visible}` : sql``}`,
  );
  return queries.map((_, index) => Number(row?.[`c${index}`] ?? 0));
}

/** `Ticket/BatchUpdate`: the same change on each ticket named or found, one transaction each. */
export async function batchUpdate(
  db: Db,
  actor: Actor,
  input: TicketBatchUpdate,
  language: Language,
): Promise<TicketOutcome[]> {
  const ids = input.ids ?? (await idsOfQuery(db, actor, input.query ?? {}));
  return workOnEachTicket(db, actor, ids, language, async (tx, before, settings) => {
    await changeTicketIn(tx, actor, before, input.set, settings);
  });
}

/** A ticket's record, locked, whoever may see it: work done for the desk (triggers) rather than for a caller. */
export async function lockedTicketRecord(tx: Tx, ticketId: number): Promise<TicketRecord | undefined> {
  const [row] = await tx.select(ticketRecordColumns).from(ticket).where(eq(ticket.id, ticketId)).for('update');
  return row;
}
