import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  mentionCandidateLimit,
  type MentionCandidate,
  type MentionCandidatesQuery,
  type RefusedMention,
  type TicketWatch,
  type TicketWatchers,
} from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import { actorsOfUsers, type Actor } from '../../platform/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { htmlToText } from '../../platform/html.js';
import { likePattern } from '../../platform/resource.js';
import { appUser, userDisplayNameSql } from '../user/index.js';
import { mentionCandidatesIn } from './ticket-mention.js';
import { canSee } from './ticket.policy.js';
import { findVisible, type TicketRecord } from './ticket.service.js';
import { ticket, ticketWatcher } from './ticket.table.js';

// Mentions and watchers (contract section 20). Who may hear of a ticket is always the ticket's own visibility rule
// applied to THAT user (with `ticket:view`), never the writer's.

type SeenBy = Pick<
  TicketRecord,
  'projectId' | 'privateTicket' | 'createdBy' | 'assignTo' | 'delegateTo' | 'grantAccess'
>;

/** Of `userIds`, those who are active, may read tickets and may see this one. */
async function usersWhoSee(q: Queryable, t: SeenBy, userIds: number[]): Promise<Set<number>> {
  const actors = await actorsOfUsers(q, [...new Set(userIds)]);
  return new Set(actors.filter((a) => hasPermission(a, 'ticket:view') && canSee(a, t)).map((a) => a.userId));
}

/** A ticket's watchers by name, oldest first, and whether `viewerId` is one of them. */
export async function watchersOf(q: Queryable, ticketId: number, viewerId: number): Promise<TicketWatchers> {
  const rows = await q
    .select({
      userId: ticketWatcher.userId,
      name: userDisplayNameSql,
      loginName: appUser.loginName,
      since: ticketWatcher.since,
      how: ticketWatcher.how,
    })
    .from(ticketWatcher)
    .innerJoin(appUser, eq(appUser.id, ticketWatcher.userId))
    .where(and(eq(ticketWatcher.ticketId, ticketId), isNull(appUser.deletedAt)))
    .orderBy(asc(ticketWatcher.since), asc(ticketWatcher.userId));
  return {
    watchers: rows.map((r) => ({ ...r, since: r.since.toISOString() })),
    watching: rows.some((r) => r.userId === viewerId),
  };
}

/** `Ticket/Watch`: the caller starts or stops watching a ticket they see (one they may not see is not found). */
export async function watchTicket(db: Db, actor: Actor, input: TicketWatch): Promise<TicketWatchers> {
  return db.transaction(async (tx) => {
    if (!(await findVisible(tx, actor, input.id))) throw notFound();
    const changed = input.on
      ? await tx
          .insert(ticketWatcher)
          .values({ ticketId: input.id, userId: actor.userId, how: 'manual' })
          .onConflictDoNothing()
          .returning({ userId: ticketWatcher.userId })
      : await tx
          .delete(ticketWatcher)
          .where(and(eq(ticketWatcher.ticketId, input.id), eq(ticketWatcher.userId, actor.userId)))
          .returning({ userId: ticketWatcher.userId });
    if (changed.length > 0)
      await writeAudit(tx, {
        entity: 'TicketWatcher',
        entityId: input.id,
        action: input.on ? 'create' : 'delete',
        actorId: actor.userId,
        changes: { userId: { from: input.on ? null : actor.userId, to: input.on ? actor.userId : null } },
      });
    return watchersOf(tx, input.id, actor.userId);
  });
}

/**
 * `Ticket/MentionCandidates`: active colleagues, not the caller, whose login or name holds the keyword and who may
 * see the ticket, by login name. Users are read a page at a time until the list is full.
 */
export async function mentionCandidates(
  db: Db,
  actor: Actor,
  query: MentionCandidatesQuery,
): Promise<MentionCandidate[]> {
  const found = await findVisible(db, actor, query.id);
  if (!found) throw notFound();
  const pattern = likePattern(query.keyword);
  const matching = and(
    eq(appUser.status, 'Active'),
    isNull(appUser.deletedAt),
    ne(appUser.id, actor.userId),
    query.keyword
      ? or(sql`${appUser.loginName} ilike ${pattern}`, sql`${appUser.fullName} ilike ${pattern}`)
      : undefined,
  );
  const chosen: MentionCandidate[] = [];
  const pageSize = 100;
  for (let page = 0; page < 5 && chosen.length < mentionCandidateLimit; page++) {
    const users = await db
      .select({ id: appUser.id, loginName: appUser.loginName, name: userDisplayNameSql })
      .from(appUser)
      .where(matching)
      .orderBy(asc(appUser.loginName), asc(appUser.id))
      .limit(pageSize)
      .offset(page * pageSize);
    const seeing = await usersWhoSee(
      db,
      found,
      users.map((u) => u.id),
    );
    chosen.push(...users.filter((u) => seeing.has(u.id)));
    if (users.length < pageSize) break;
  }
  return chosen.slice(0, mentionCandidateLimit);
}

/**
 * The users a comment mentions (`@loginName`, typed or inserted by the editor), the writer left out: those who may
 * see the ticket become watchers and are answered as `told` (once each, however often mentioned); the others are
 * `refused`, told nothing, and named to the writer.
 */
export async function applyMentions(
  tx: Tx,
  actor: Actor,
  t: SeenBy & { id: number },
  html: string,
): Promise<{ told: number[]; refused: RefusedMention[] }> {
  const { exact, typed } = mentionCandidatesIn(html, htmlToText(html));
  const words = [...new Set([...exact, ...typed.flat()].map((w) => w.toLowerCase()))];
  if (words.length === 0) return { told: [], refused: [] };
  const users = await tx
    .select({ id: appUser.id, loginName: appUser.loginName, name: userDisplayNameSql })
    .from(appUser)
    .where(and(inArray(sql`lower(${appUser.loginName})`, words), isNull(appUser.deletedAt)));
  const byLogin = new Map(users.map((u) => [u.loginName.toLowerCase(), u]));
  // A typed word counts as written, else without its trailing punctuation.
  const mentioned = [
    ...exact.map((w) => byLogin.get(w.toLowerCase())),
    ...typed.map((forms) => forms.map((w) => byLogin.get(w.toLowerCase())).find(Boolean)),
  ].filter((u): u is (typeof users)[number] => u !== undefined && u.id !== actor.userId);
  const unique = [...new Map(mentioned.map((u) => [u.id, u])).values()];
  if (unique.length === 0) return { told: [], refused: [] };
  const seeing = await usersWhoSee(
    tx,
    t,
    unique.map((u) => u.id),
  );
  const told = unique.filter((u) => seeing.has(u.id)).map((u) => u.id);
  if (told.length > 0)
    await tx
      .insert(ticketWatcher)
      .values(told.map((userId) => ({ ticketId: t.id, userId, how: 'mention' as const })))
      .onConflictDoNothing();
  const refused = unique.filter((u) => !seeing.has(u.id)).map(({ loginName, name }) => ({ loginName, name }));
  return { told, refused };
}

/** The watchers to tell of a change: those who still may see the ticket, without `except` (the actor, the mentioned). */
export async function watchersToTell(tx: Tx, ticketId: number, except: (number | null)[]): Promise<number[]> {
  const rows = await tx
    .select({ userId: ticketWatcher.userId })
    .from(ticketWatcher)
    .where(eq(ticketWatcher.ticketId, ticketId));
  const ids = rows.map((r) => r.userId).filter((id) => !except.includes(id));
  if (ids.length === 0) return [];
  const [t] = await tx
    .select({
      projectId: ticket.projectId,
      privateTicket: ticket.privateTicket,
      createdBy: ticket.createdBy,
      assignTo: ticket.assignTo,
      delegateTo: ticket.delegateTo,
      grantAccess: ticket.grantAccess,
    })
    .from(ticket)
    .where(eq(ticket.id, ticketId));
  if (!t) return [];
  const seeing = await usersWhoSee(tx, t, ids);
  return ids.filter((id) => seeing.has(id)).sort((a, b) => a - b);
}
