import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  mayBecomePrivate,
  openTicketStatuses,
  type Message,
  msg,
  settingMessages,
  ticketMessages,
  type SettingValues,
  type TicketCreate,
  userMessages,
} from '@casedesk/shared';
import { rowsOf, type Queryable, type Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { fieldRefusal, namedFieldRefusal } from '../../platform/errors.js';
import { category, categoryProject } from '../category/index.js';
import { company } from '../company/index.js';
import { activeDelegate } from '../delegate/index.js';
import { project, projectCompany } from '../project/index.js';
import { appUser } from '../user/index.js';
import { ticketVisible } from './ticket.service.js';
import { ticket } from './ticket.table.js';

// The references a ticket makes, checked before it is written. A check is a query of facts and a judge of
// them, so that a create can ask for all the facts in one statement (ticket-create.service.ts).

/** A 400 naming the field at fault. */
export const fieldError = (name: string, message: Message) => namedFieldRefusal(name, message);

/** An id in a statement: given, an expression, or a placeholder of a statement built once. */
export type Id = number | SQLWrapper;
/** One row of facts as a json object (null when there is none), a column of that one statement. */
export const factsJson = (query: SQL) => sql`(select to_jsonb(f) from (${query}) f)`;

export type ProjectFacts = { status: string };
export const projectFactsSql = (projectId: Id) =>
  sql`select ${project.projectStatus} as status from ${project} where ${project.id} = ${projectId}`;
export function judgeProject(actor: Actor, projectId: number, row: ProjectFacts | null | undefined) {
  if (!row || (actor.dataScope !== 'all' && !actor.projects.includes(projectId)))
    throw fieldError('projectId', msg(ticketMessages, 'projectUnknown'));
  if (row.status !== 'Active') throw fieldError('projectId', msg(ticketMessages, 'projectInactive'));
}
export async function checkProject(tx: Tx, actor: Actor, projectId: number) {
  const [row] = await rowsOf<ProjectFacts>(tx, projectFactsSql(projectId));
  judgeProject(actor, projectId, row);
}

export type CategoryFacts = { status: string; newTicketAssignee: number | null; linked: boolean; links: number };
export const categoryFactsSql = (categoryId: Id, projectId: Id) =>
  sql`select ${category.categoryStatus} as status, ${category.newTicketAssignee} as "newTicketAssignee",
        exists (select 1 from ${categoryProject} where ${categoryProject.categoryId} = ${category.id} and ${categoryProject.projectId} = ${projectId}) as linked,
        (select count(*)::integer from ${categoryProject} where ${categoryProject.categoryId} = ${category.id}) as links
      from ${category} where ${category.id} = ${categoryId}`;
export function judgeCategory(row: CategoryFacts | null | undefined): CategoryFacts {
  if (!row) throw fieldError('categoryId', msg(ticketMessages, 'categoryUnknown'));
  if (row.status !== 'Active') throw fieldError('categoryId', msg(ticketMessages, 'categoryInactive'));
  if (Number(row.links) > 0 && !row.linked) throw fieldError('categoryId', msg(ticketMessages, 'categoryNotInProject'));
  return row;
}
export async function checkCategory(tx: Tx, categoryId: number, projectId: number) {
  const [row] = await rowsOf<CategoryFacts>(tx, categoryFactsSql(categoryId, projectId));
  return judgeCategory(row);
}

export type CompanyFacts = { linked: boolean; links: number };
export const companyFactsSql = (companyId: Id, projectId: Id) =>
  sql`select exists (select 1 from ${projectCompany} where ${projectCompany.companyId} = ${company.id} and ${projectCompany.projectId} = ${projectId}) as linked,
        (select count(*)::integer from ${projectCompany} where ${projectCompany.projectId} = ${projectId}) as links
      from ${company} where ${company.id} = ${companyId}`;
export function judgeCompany(row: CompanyFacts | null | undefined) {
  if (!row) throw fieldError('companyId', msg(ticketMessages, 'companyUnknown'));
  if (Number(row.links) > 0 && !row.linked) throw fieldError('companyId', msg(ticketMessages, 'companyNotInProject'));
}
export async function checkCompany(tx: Tx, companyId: number, projectId: number) {
  const [row] = await rowsOf<CompanyFacts>(tx, companyFactsSql(companyId, projectId));
  judgeCompany(row);
}

/** How many users meeting `which` exist and are active. */
export const activeUsersSql = (which: SQL) =>
  sql`(select count(*)::integer from ${appUser} where ${and(which, eq(appUser.status, 'Active'), isNull(appUser.deletedAt))})`;
export function judgeUsers(found: number, expected: number, name: string) {
  if (Number(found) !== expected) throw fieldError(name, msg(ticketMessages, 'userUnknownOrInactive'));
}
export async function checkUsers(tx: Tx, ids: number[], name: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [row] = await rowsOf<{ n: number }>(tx, sql`select ${activeUsersSql(inArray(appUser.id, unique))} as n`);
  judgeUsers(row?.n ?? 0, unique.length, name);
}

export async function checkParent(q: Queryable, actor: Actor, parentId: number, selfId?: number) {
  if (parentId === selfId) throw fieldError('parentTicket', msg(ticketMessages, 'parentSelf'));
  if (!(await ticketVisible(q, actor, parentId)))
    throw fieldError('parentTicket', msg(ticketMessages, 'parentUnknown'));
  if (selfId === undefined) return;
  // Refuse cycles: the new parent must not descend from this ticket.
  const [loop] = await rowsOf<{ found: boolean }>(
    q,
    sql`with recursive up(id, depth) as (
          select ${parentId}::integer, 0
          union all
          select t.parent_ticket, up.depth + 1 from ticket t join up on t.id = up.id
           where t.parent_ticket is not null and up.depth < 100)
        select exists (select 1 from up where id = ${selfId}) as found`,
  );
  if (loop?.found) throw fieldError('parentTicket', msg(ticketMessages, 'parentDescendant'));
}

/** The assignee's active ticket delegate for this project on this day, if any (the delegate module's one rule). */
export const activeTicketDelegate = (q: Queryable, assignee: number, projectId: number, onDay: Date) =>
  activeDelegate(q, assignee, 'Ticket', projectId, onDay);

/** Refuses making a ticket private while Settings → Toggles → private tickets is off. */
export function checkPrivateAllowed(settings: SettingValues, wasPrivate: boolean, makesPrivate: boolean | undefined) {
  if (!mayBecomePrivate(settings.toggles.privateTickets, wasPrivate, makesPrivate ?? false))
    throw fieldRefusal('privateTicket', msg(settingMessages, 'privateTicketsOff'));
}

/** The references of a new ticket, as a template that will be created later (a scheduled ticket) gives them. */
export type NewTicketReferences = Pick<
  TicketCreate,
  'projectId' | 'categoryId' | 'companyId' | 'assignTo' | 'grantAccess' | 'privateTicket'
>;

/**
 * The create's checks, one by one and in its order (`insertTicket` judges the same facts in one statement):
 * for a template saved now, so that it is refused for what would refuse the ticket it makes.
 */
export async function checkNewTicketReferences(
  tx: Tx,
  actor: Actor,
  settings: SettingValues,
  input: NewTicketReferences,
) {
  checkPrivateAllowed(settings, false, input.privateTicket);
  await checkProject(tx, actor, input.projectId);
  let assignee = input.assignTo ?? null;
  if (input.categoryId) {
    const cat = await checkCategory(tx, input.categoryId, input.projectId);
    assignee ??= cat.newTicketAssignee;
    if (assignee === null) throw fieldRefusal('categoryId', msg(ticketMessages, 'noAssignee'));
  }
  if (assignee !== null) await checkUsers(tx, [assignee], input.assignTo ? 'assignTo' : 'categoryId');
  if (input.companyId) await checkCompany(tx, input.companyId, input.projectId);
  await checkUsers(tx, input.grantAccess, 'grantAccess');
}

/** A user who holds open tickets (assigned or delegated) may not be deleted: the user module asks before. */
export async function openTicketsRefusal(tx: Tx, userIds: number[]): Promise<Message | undefined> {
  const [tickets] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ticket)
    .where(
      and(
        or(inArray(ticket.assignTo, userIds), inArray(ticket.delegateTo, userIds)),
        inArray(ticket.status, [...openTicketStatuses]),
      ),
    );
  return tickets && tickets.n > 0 ? msg(userMessages, 'hasOpenTickets', { count: tickets.n }) : undefined;
}
