import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { messages, msg, userMessages, type Message } from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { badRequest } from '../../platform/errors.js';
import { project } from '../project/index.js';
import { appUser } from '../user/index.js';
import { category, categoryProject } from './category.table.js';

export async function projectsOf(q: Queryable, categoryId: number) {
  return q
    .select({ id: project.id, projectCode: project.projectCode, projectName: project.projectName })
    .from(categoryProject)
    .innerJoin(project, eq(project.id, categoryProject.projectId))
    .where(eq(categoryProject.categoryId, categoryId))
    .orderBy(asc(project.projectCode));
}

/** A default assignee must be an active user. */
export async function checkAssignee(q: Queryable, userId: number | null | undefined, field: string): Promise<void> {
  if (userId === null || userId === undefined) return;
  const [row] = await q
    .select({ id: appUser.id })
    .from(appUser)
    .where(and(eq(appUser.id, userId), eq(appUser.status, 'Active'), isNull(appUser.deletedAt)));
  if (!row)
    throw badRequest(msg(messages, 'fieldUnknownOrInactiveUser', { field }), [
      { field, message: messages.unknownOrInactiveUser },
    ]);
}

export async function replaceProjects(tx: Tx, categoryId: number, projectIds: number[]): Promise<void> {
  const unique = [...new Set(projectIds)];
  if (unique.length > 0) {
    const [found] = await tx.select({ n: count() }).from(project).where(inArray(project.id, unique));
    if ((found?.n ?? 0) !== unique.length)
      throw badRequest(msg(messages, 'fieldUnknownRecord', { field: 'projectIds', label: 'project' }), [
        { field: 'projectIds', message: msg(messages, 'unknownRecord', { label: 'project' }).text },
      ]);
  }
  await tx.delete(categoryProject).where(eq(categoryProject.categoryId, categoryId));
  if (unique.length > 0)
    await tx.insert(categoryProject).values(unique.map((projectId) => ({ categoryId, projectId })));
}

/** A user who is a category's new-ticket assignee may not be deleted: the user module asks before. */
export async function categoryAssigneeRefusal(tx: Tx, userIds: number[]): Promise<Message | undefined> {
  const [categories] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(category)
    .where(inArray(category.newTicketAssignee, userIds));
  return categories && categories.n > 0
    ? msg(userMessages, 'assigneeOfCategories', { count: categories.n })
    : undefined;
}
