import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { tagSuggestionLimit, type TagCount, type TagQuery, type TagsMode } from '@casedesk/shared';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { escapeLike, likePattern } from '../../platform/resource.js';
import { visibleSql } from './ticket.policy.js';
import { ticket, ticketTag } from './ticket.table.js';

// Ticket tags (contract section 20): read with their tickets, written inside the ticket's own change, counted for
// autocomplete. The shared schemas have normalized, deduplicated and sorted every tag before it gets here.

/**
 * The list filter: tickets with any of `tags`, or with all of them. A semi-join the tag's index drives, so it
 * composes with the visibility and the other filters as one more condition.
 */
export function tagsCondition(tags: string[] | undefined, mode: TagsMode = 'any'): SQL | undefined {
  const wanted = [...new Set(tags ?? [])];
  if (wanted.length === 0) return undefined;
  const carrying = sql`select ${ticketTag.ticketId} from ${ticketTag} where ${inArray(ticketTag.tag, wanted)}`;
  // The key (ticket_id, tag) holds a tag once per ticket: all = as many rows as tags asked for.
  if (mode === 'all' && wanted.length > 1)
    return sql`${ticket.id} in (${carrying} group by ${ticketTag.ticketId} having count(*) = ${wanted.length})`;
  return sql`${ticket.id} in (${carrying})`;
}

/** The tags of several tickets in one statement (a list page), each sorted; tickets without tags are absent. */
export async function tagsOf(q: Queryable, ticketIds: number[]): Promise<Map<number, string[]>> {
  const byTicket = new Map<number, string[]>();
  if (ticketIds.length === 0) return byTicket;
  const rows = await q
    .select({ ticketId: ticketTag.ticketId, tag: ticketTag.tag })
    .from(ticketTag)
    .where(inArray(ticketTag.ticketId, ticketIds))
    .orderBy(asc(ticketTag.ticketId), asc(ticketTag.tag));
  for (const row of rows) byTicket.set(row.ticketId, [...(byTicket.get(row.ticketId) ?? []), row.tag]);
  return byTicket;
}

export const tagsOfTicket = async (q: Queryable, ticketId: number) => (await tagsOf(q, [ticketId])).get(ticketId) ?? [];

/** Writes a ticket's new tag set inside the caller's transaction (its history entry is the caller's). */
export async function replaceTicketTags(tx: Tx, ticketId: number, before: string[], after: string[]) {
  const removed = before.filter((tag) => !after.includes(tag));
  const added = after.filter((tag) => !before.includes(tag));
  if (removed.length > 0)
    await tx.delete(ticketTag).where(and(eq(ticketTag.ticketId, ticketId), inArray(ticketTag.tag, removed)));
  if (added.length > 0)
    await tx
      .insert(ticketTag)
      .values(added.map((tag) => ({ ticketId, tag })))
      .onConflictDoNothing();
}

/**
 * Tag/Query: the tags containing the keyword, with the number of the caller's visible tickets carrying each; a
 * ticket the caller may not see adds nothing (and its tags do not appear). Prefix matches first, then the most used.
 */
export async function queryTags(q: Queryable, actor: Actor, query: TagQuery): Promise<TagCount[]> {
  const keyword = query.keyword;
  const visible = visibleSql(actor);
  const rows = await rowsOf<{ name: string; count: number | string }>(
    q,
    sql`select ${ticketTag.tag} as "name", count(*)::integer as "count"
          from ${ticketTag} join ${ticket} on ${ticket.id} = ${ticketTag.ticketId}
         where true ${keyword ? sql`and ${ticketTag.tag} like ${likePattern(keyword)}` : sql``}
               ${visible ? sql`and ${visible}` : sql``}
         group by ${ticketTag.tag}
         order by ${keyword ? sql`(${ticketTag.tag} like ${`${escapeLike(keyword)}%`}) desc,` : sql``} 2 desc, 1
         limit ${tagSuggestionLimit}`,
  );
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/** Rows (an export's) with their tags, read a chunk of rows at a time: one statement per chunk, not per row. */
export async function* withTags<T extends { id: number }>(q: Queryable, rows: AsyncIterable<T>, chunk = 2000) {
  let batch: T[] = [];
  const tagged = async (list: T[]) => {
    const tags = await tagsOf(
      q,
      list.map((row) => row.id),
    );
    return list.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] }));
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length < chunk) continue;
    yield* await tagged(batch);
    batch = [];
  }
  if (batch.length > 0) yield* await tagged(batch);
}
