import { asc, eq, inArray } from 'drizzle-orm';
import type { TicketTimelineEntry } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { notFound } from '../../platform/errors.js';
import { category } from '../category/index.js';
import { company } from '../company/index.js';
import { project } from '../project/index.js';
import { appUser, userDisplayNameSql, userNameSql } from '../user/index.js';
import { ticketDetail, ticketVisible } from './ticket.service.js';
import { ticketComment, ticketHistory } from './ticket.table.js';

const userFields = new Set(['assignTo', 'delegateTo', 'solvedBy', 'openedBy']);

export async function timeline(db: Db, actor: Actor, ticketId: number): Promise<TicketTimelineEntry[]> {
  if (!(await ticketVisible(db, actor, ticketId))) throw notFound();
  return timelineEntries(db, ticketId);
}

/** The ticket page in one round trip: Detail (which finds the ticket only if the actor sees it) and its timeline. */
export async function ticketScreen(db: Db, actor: Actor, ticketId: number) {
  // Read side by side; the timeline is thrown away unless Detail found the ticket visible (404 otherwise).
  const [detail, entries] = await Promise.all([ticketDetail(db, actor, ticketId), timelineEntries(db, ticketId)]);
  return { ...detail, timeline: entries };
}

/** Every change and comment of a ticket, oldest first; the caller has checked that the actor sees it. */
async function timelineEntries(db: Db, ticketId: number): Promise<TicketTimelineEntry[]> {
  const rows = await db
    .select({
      id: ticketHistory.id,
      at: ticketHistory.at,
      actorId: ticketHistory.actorId,
      actorName: userNameSql(ticketHistory.actorId),
      kind: ticketHistory.kind,
      changes: ticketHistory.changes,
      commentId: ticketHistory.commentId,
      comment: ticketComment.comment,
      public: ticketHistory.public,
    })
    .from(ticketHistory)
    .leftJoin(ticketComment, eq(ticketComment.id, ticketHistory.commentId))
    .where(eq(ticketHistory.ticketId, ticketId))
    .orderBy(asc(ticketHistory.id));

  // Names for the ids in the changes, fetched once per kind.
  const ids = {
    user: new Set<number>(),
    category: new Set<number>(),
    project: new Set<number>(),
    company: new Set<number>(),
  };
  for (const row of rows)
    for (const [key, change] of Object.entries(row.changes ?? {}))
      for (const v of [change.from, change.to]) {
        if (typeof v !== 'number') continue;
        if (userFields.has(key)) ids.user.add(v);
        else if (key === 'categoryId') ids.category.add(v);
        else if (key === 'projectId') ids.project.add(v);
        else if (key === 'companyId') ids.company.add(v);
      }
  const lookup = async (set: Set<number>, load: (list: number[]) => Promise<{ id: number; name: string | null }[]>) =>
    new Map(set.size ? (await load([...set])).map((r) => [r.id, r.name] as const) : []);
  const [users, categories, projects, companies] = await Promise.all([
    lookup(ids.user, (list) =>
      db.select({ id: appUser.id, name: userDisplayNameSql }).from(appUser).where(inArray(appUser.id, list)),
    ),
    lookup(ids.category, (list) =>
      db
        .select({ id: category.id, name: category.categoryDescription })
        .from(category)
        .where(inArray(category.id, list)),
    ),
    lookup(ids.project, (list) =>
      db.select({ id: project.id, name: project.projectName }).from(project).where(inArray(project.id, list)),
    ),
    lookup(ids.company, (list) =>
      db.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, list)),
    ),
  ]);
  const labelOf = (key: string, v: unknown): string | null | undefined => {
    if (typeof v !== 'number') return undefined;
    const map = userFields.has(key)
      ? users
      : key === 'categoryId'
        ? categories
        : key === 'projectId'
          ? projects
          : key === 'companyId'
            ? companies
            : undefined;
    return map ? (map.get(v) ?? null) : undefined;
  };
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    kind: row.kind,
    changes: Object.entries(row.changes ?? {}).map(([key, c]) => {
      const labels = { fromLabel: labelOf(key, c.from), toLabel: labelOf(key, c.to) };
      return {
        field: key,
        from: c.from instanceof Date ? c.from.toISOString() : c.from,
        to: c.to,
        ...(labels.fromLabel !== undefined || labels.toLabel !== undefined ? labels : {}),
      };
    }),
    commentId: row.commentId,
    comment: row.comment,
    public: row.public,
  }));
}
