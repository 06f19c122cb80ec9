import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CatalogProgress, CustomFieldDefinition } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Queryable } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { languageFrom, workflowNodeNameIn, type Language } from '../../platform/translator.js';
import { customFieldDefinitions } from '../customField/index.js';
import { openItem } from '../openItem/index.js';
import { customTextsOf, ticket, ticketVisible } from '../ticket/index.js';
import { appUser, userDisplayNameSql, userNameSql } from '../user/index.js';
import { userGroup } from '../userGroup/index.js';
import { workflowInstance, workflowTask, workflowVersion } from '../workflow/index.js';
import { approvalSteps } from './request-progress-steps.js';
import { requestFulfilment } from './request-fulfilment.table.js';
import { requestType } from './request-type.table.js';

/**
 * `POST Catalog/Progress`: one page for whoever sees a request's ticket — its approval path, its fulfilment items
 * (made or still to come) and the form's answers, worded in the reader's language.
 */
export async function requestProgress(db: Queryable, actor: Actor, ticketId: number): Promise<CatalogProgress> {
  if (!(await ticketVisible(db, actor, ticketId))) throw notFound();
  const [row] = await db
    .select({ ticket, type: requestType })
    .from(ticket)
    .innerJoin(requestType, eq(requestType.id, ticket.requestTypeId))
    .where(eq(ticket.id, ticketId));
  if (!row) throw notFound();
  const language = languageFrom(actor.language) ?? 'en';
  return {
    ticketId,
    caseNumber: row.ticket.caseNumber,
    subject: row.ticket.subject,
    ticketStatus: row.ticket.status,
    requestTypeId: row.type.id,
    requestTypeName: row.type.name,
    icon: row.type.icon,
    approval: await approvalOf(db, ticketId, language),
    fulfilment: await fulfilmentOf(db, ticketId, row.type.fulfilment),
    values: await answersOf(db, ticketId, row.type.fields, language),
  };
}

/** The ticket's latest approval instance, its steps in order with their approvers' names. */
async function approvalOf(q: Queryable, ticketId: number, language: Language): Promise<CatalogProgress['approval']> {
  const [instance] = await q
    .select({
      id: workflowInstance.id,
      status: workflowInstance.status,
      path: workflowInstance.path,
      flowChart: workflowVersion.flowChart,
    })
    .from(workflowInstance)
    .innerJoin(workflowVersion, eq(workflowVersion.id, workflowInstance.versionId))
    .where(and(eq(workflowInstance.businessType, 'Ticket'), eq(workflowInstance.businessId, ticketId)))
    .orderBy(desc(workflowInstance.id))
    .limit(1);
  if (!instance) return null;
  const tasks = await q
    .select({
      nodeId: workflowTask.nodeId,
      status: workflowTask.status,
      round: workflowTask.round,
      assigneeName: userNameSql(workflowTask.assigneeId),
      completedAt: workflowTask.completedAt,
    })
    .from(workflowTask)
    .where(and(eq(workflowTask.instanceId, instance.id), eq(workflowTask.kind, 'approve')));
  const steps = approvalSteps(
    instance.flowChart,
    instance.path,
    instance.status === 'Running',
    tasks.map((task) => ({ ...task, assigneeName: task.assigneeName ?? '' })),
  );
  const names = await userNames(
    q,
    steps.flatMap((step) => (step.approvers.length ? [] : step.userIds)),
  );
  return {
    instanceId: instance.id,
    status: instance.status,
    steps: steps.map((step) => ({
      nodeId: step.nodeId,
      name: workflowNodeNameIn(language, step.nodeId, step.name),
      state: step.state,
      approvers: step.approvers.length
        ? step.approvers
        : step.userIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
      finishedAt: step.finishedAt?.toISOString() ?? null,
    })),
  };
}

async function userNames(q: Queryable, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: appUser.id, name: userDisplayNameSql })
    .from(appUser)
    .where(inArray(appUser.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Each fulfilment item of the type: its open item once made (status, contact, group), else what it will be. */
async function fulfilmentOf(
  q: Queryable,
  ticketId: number,
  items: (typeof requestType.$inferSelect)['fulfilment'],
): Promise<CatalogProgress['fulfilment']> {
  const made = await q
    .select({
      itemIndex: requestFulfilment.itemIndex,
      openItemId: openItem.id,
      status: openItem.status,
      assigneeName: userNameSql(openItem.pointOfContact),
      groupName: userGroup.name,
    })
    .from(requestFulfilment)
    .innerJoin(openItem, eq(openItem.id, requestFulfilment.openItemId))
    .leftJoin(userGroup, eq(userGroup.id, openItem.groupId))
    .where(eq(requestFulfilment.ticketId, ticketId));
  const byIndex = new Map(made.map((row) => [row.itemIndex, row]));
  const users = await userNames(
    q,
    items.flatMap((item) => (item.assigneeId ? [item.assigneeId] : [])),
  );
  const groupIds = items.flatMap((item) => (item.groupId ? [item.groupId] : []));
  const groups = groupIds.length
    ? new Map(
        (
          await q
            .select({ id: userGroup.id, name: userGroup.name })
            .from(userGroup)
            .where(inArray(userGroup.id, groupIds))
        ).map((g) => [g.id, g.name]),
      )
    : new Map<number, string>();
  return items.map((item, index) => {
    const open = byIndex.get(index);
    if (open)
      return {
        title: item.title,
        when: item.when,
        openItemId: open.openItemId,
        status: open.status,
        assigneeName: open.assigneeName ?? null,
        groupName: open.groupName ?? null,
      };
    return {
      title: item.title,
      when: item.when,
      openItemId: null,
      status: null,
      assigneeName: item.assigneeId ? (users.get(item.assigneeId) ?? null) : null,
      groupName: item.groupId ? (groups.get(item.groupId) ?? null) : null,
    };
  });
}

/** The form's answers in its order, each value as the reader reads it (option labels, names, yes/no). */
async function answersOf(
  q: Queryable,
  ticketId: number,
  fields: (typeof requestType.$inferSelect)['fields'],
  language: Language,
): Promise<CatalogProgress['values']> {
  const definitions = new Map<string, CustomFieldDefinition>(
    (await customFieldDefinitions(q, 'Ticket')).map((d) => [d.key, d]),
  );
  const texts = await customTextsOf(q, ticketId, language);
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .flatMap((field) => {
      const def = definitions.get(field.key);
      return def ? [{ key: field.key, label: def.label, text: texts[field.key] ?? '' }] : [];
    });
}
