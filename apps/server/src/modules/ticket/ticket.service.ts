import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  canChangeStatus,
  isOpenDateRangeValid,
  messages,
  ticketMessages,
  settingMessages,
  ticketSlaHours,
  type SettingValues,
  type TicketCreate,
  type TicketDashboard,
  type TicketFormOptions,
  type TicketPage,
  type TicketPriority,
  type TicketQuery,
  type TicketStatus,
  type TicketTimelineEntry,
  type TicketUpdate,
} from '@casedesk/shared';
import { preparedStatement, rowsOf, type Db, type Queryable, type Tx } from '../../db/database.js';
import type { Actor } from '../../platform/actor.js';
import { present } from '../../platform/envelope.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeHtml } from '../../platform/html.js';
import { searchableText, weightedVector } from '../../platform/text-search.js';
import { category, categoryProject } from '../category/category.table.js';
import { company } from '../company/company.table.js';
import { delegate, delegateProject } from '../delegate/delegate.table.js';
import { claimFiles, dropFiles, fileUrlOf } from '../file/file.service.js';
import { storedFile } from '../file/file.table.js';
import { project, projectCompany } from '../project/project.table.js';
import { addServiceHours, dayIn, holidaysFrom, holidaysFromQuery, readSettings } from '../setting/setting.service.js';
import { appUser } from '../user/user.table.js';
import { actionsFor, allowedStatuses, visibleSql } from './ticket.policy.js';
import {
  ticketDashboardSql,
  ticketListSql,
  ticketNameColumns,
  ticketPageSql,
  ticketRecordColumns,
  ticketTotal,
  userNameSql,
  type TicketFilter,
} from './ticket.queries.js';
import { ticket, ticketComment, ticketHistory } from './ticket.table.js';

/** Case numbers: `<prefix>-<year>-<6+ digit sequence>`; the prefix is Settings → Basic, this is its default. */
export const ticketNumbering = { prefix: 'TCK' };
export const fileOwner = 'Ticket';

type Changes = Record<string, { from: unknown; to: unknown }>;
/** Writes that removed files answer their paths, to delete from disk once committed. */
export type WriteResult<T> = { value: T; removedFiles: string[] };

const field = (name: string, message: string) => badRequest(`${name}: ${message}`, [{ field: name, message }]);
/** openDate + the priority's service hours, holidays (Settings → Holiday, days in Settings → Basic's time zone) not counting. */
async function dueDateOf(q: Queryable, openDate: Date, priority: TicketPriority, timeZone: string): Promise<Date> {
  const holidays = await holidaysFrom(q, dayIn(timeZone, openDate));
  return addServiceHours(openDate, ticketSlaHours[priority], holidays, timeZone);
}

async function findVisible(q: Queryable, actor: Actor, id: number, lock = false) {
  const query = q
    .select(ticketRecordColumns)
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}
export type TicketRecord = NonNullable<Awaited<ReturnType<typeof findVisible>>>;

export async function getTicket(db: Queryable, actor: Actor, id: number): Promise<TicketRecord> {
  const row = await findVisible(db, actor, id);
  if (!row) throw notFound();
  return row;
}

/** Whether the actor sees this ticket (used by file downloads). */
export async function ticketVisible(q: Queryable, actor: Actor, id: number): Promise<boolean> {
  const [row] = await q
    .select({ id: ticket.id })
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  return !!row;
}

// ---- the references a ticket makes, checked before it is written ----
// A check is a query of facts and a judge of them, so that a create can ask for all the facts in one statement.

/** An id in a statement: given, an expression, or a placeholder of a statement built once. */
type Id = number | SQLWrapper;
/** One row of facts as a json object (null when there is none), a column of that one statement. */
const factsJson = (query: SQL) => sql`(select to_jsonb(f) from (${query}) f)`;

type ProjectFacts = { status: string };
const projectFactsSql = (projectId: Id) =>
  sql`select ${project.projectStatus} as status from ${project} where ${project.id} = ${projectId}`;
function judgeProject(actor: Actor, projectId: number, row: ProjectFacts | null | undefined) {
  if (!row || (actor.dataScope !== 'all' && !actor.projects.includes(projectId)))
    throw field('projectId', 'Unknown project');
  if (row.status !== 'Active') throw field('projectId', 'The project is inactive');
}
async function checkProject(tx: Tx, actor: Actor, projectId: number) {
  const [row] = await rowsOf<ProjectFacts>(tx, projectFactsSql(projectId));
  judgeProject(actor, projectId, row);
}

type CategoryFacts = { status: string; newTicketAssignee: number | null; linked: boolean; links: number };
const categoryFactsSql = (categoryId: Id, projectId: Id) =>
  sql`select ${category.categoryStatus} as status, ${category.newTicketAssignee} as "newTicketAssignee",
        exists (select 1 from ${categoryProject} where ${categoryProject.categoryId} = ${category.id} and ${categoryProject.projectId} = ${projectId}) as linked,
        (select count(*)::integer from ${categoryProject} where ${categoryProject.categoryId} = ${category.id}) as links
      from ${category} where ${category.id} = ${categoryId}`;
function judgeCategory(row: CategoryFacts | null | undefined): CategoryFacts {
  if (!row) throw field('categoryId', 'Unknown category');
  if (row.status !== 'Active') throw field('categoryId', 'The category is inactive');
  if (Number(row.links) > 0 && !row.linked) throw field('categoryId', 'The category is not offered in this project');
  return row;
}
async function checkCategory(tx: Tx, categoryId: number, projectId: number) {
  const [row] = await rowsOf<CategoryFacts>(tx, categoryFactsSql(categoryId, projectId));
  return judgeCategory(row);
}

type CompanyFacts = { linked: boolean; links: number };
const companyFactsSql = (companyId: Id, projectId: Id) =>
  sql`select exists (select 1 from ${projectCompany} where ${projectCompany.companyId} = ${company.id} and ${projectCompany.projectId} = ${projectId}) as linked,
        (select count(*)::integer from ${projectCompany} where ${projectCompany.projectId} = ${projectId}) as links
      from ${company} where ${company.id} = ${companyId}`;
function judgeCompany(row: CompanyFacts | null | undefined) {
  if (!row) throw field('companyId', 'Unknown company');
  if (Number(row.links) > 0 && !row.linked) throw field('companyId', 'The company is not part of this project');
}
async function checkCompany(tx: Tx, companyId: number, projectId: number) {
  const [row] = await rowsOf<CompanyFacts>(tx, companyFactsSql(companyId, projectId));
  judgeCompany(row);
}

/** How many users meeting `which` exist and are active. */
const activeUsersSql = (which: SQL) =>
  sql`(select count(*)::integer from ${appUser} where ${and(which, eq(appUser.status, 'Active'), isNull(appUser.deletedAt))})`;
function judgeUsers(found: number, expected: number, name: string) {
  if (Number(found) !== expected) throw field(name, 'Unknown or inactive user');
}
async function checkUsers(tx: Tx, ids: number[], name: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [row] = await rowsOf<{ n: number }>(tx, sql`select ${activeUsersSql(inArray(appUser.id, unique))} as n`);
  judgeUsers(row?.n ?? 0, unique.length, name);
}

async function checkParent(q: Queryable, actor: Actor, parentId: number, selfId?: number) {
  if (parentId === selfId) throw field('parentTicket', 'A ticket cannot be its own parent');
  if (!(await ticketVisible(q, actor, parentId))) throw field('parentTicket', 'Unknown ticket');
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
  if (loop?.found) throw field('parentTicket', 'The linked ticket is a descendant of this ticket');
}

/** The query of the assignee's active delegate for this project on a day (`YYYY-MM-DD`, UTC). */
function activeDelegateQuery(q: Queryable, assignee: Id, projectId: Id, day: string | SQLWrapper) {
  return q
    .select({ delegateTo: delegate.delegateTo })
    .from(delegate)
    .innerJoin(delegateProject, eq(delegateProject.delegateId, delegate.id))
    .innerJoin(appUser, eq(appUser.id, delegate.delegateTo))
    .where(
      and(
        eq(delegate.delegateBy, assignee),
        eq(delegate.enabled, true),
        eq(delegateProject.projectId, projectId),
        lte(delegate.startDate, day),
        or(isNull(delegate.endDate), sql`${delegate.endDate} >= ${day}`),
        eq(appUser.status, 'Active'),
        isNull(appUser.deletedAt),
      ),
    )
    .orderBy(sql`${delegate.id} desc`)
    .limit(1);
}
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The assignee's active delegate for this project on this day, if any. */
export async function activeDelegate(q: Queryable, assignee: number, projectId: number, onDay: Date) {
  const [row] = await activeDelegateQuery(q, assignee, projectId, utcDay(onDay));
  return row?.delegateTo ?? null;
}

type CreateFacts = {
  project: ProjectFacts | null;
  category: CategoryFacts | null;
  assigneeFound: number;
  company: CompanyFacts | null;
  grantFound: number;
  delegateTo: number | null;
  holidays: string[];
};

/**
 * What a create checks and looks up, in one statement: the same facts as the separate checks, judged
 * afterwards in the same order. The assignee is the explicit one, else the category's default; absent
 * references are nulls, so the text never varies.
 */
const createFactsStatement = preparedStatement<CreateFacts>('ticket_create_facts', (q) => {
  const $ = (name: keyof CreateFactsInput) => sql.placeholder(name);
  const assignee = sql`a.assignee`;
  return sql`with c as (select ${factsJson(categoryFactsSql(sql`${$('categoryId')}::integer`, $('projectId')))} as category),
      a as (select c.category, coalesce(${$('assignTo')}::integer, (c.category->>'newTicketAssignee')::integer) as assignee from c)
      select ${factsJson(projectFactsSql($('projectId')))} as project,
        a.category,
        ${activeUsersSql(eq(appUser.id, assignee))} as "assigneeFound",
        ${factsJson(companyFactsSql(sql`${$('companyId')}::integer`, $('projectId')))} as company,
        ${activeUsersSql(sql`${appUser.id} = any(${$('grants')}::integer[])`)} as "grantFound",
        (${activeDelegateQuery(q, assignee, $('projectId'), sql`${$('day')}::date`)}) as "delegateTo",
        array(${holidaysFromQuery(q, sql`${$('holidaysFrom')}::date`)})::text[] as holidays
      from a`;
});
type CreateFactsInput = {
  projectId: number;
  categoryId: number | null;
  assignTo: number | null;
  companyId: number | null;
  grants: number[];
  day: string;
  holidaysFrom: string;
};

async function createFacts(q: Queryable, input: TicketCreate, grants: number[], openDate: Date, timeZone: string) {
  const values: CreateFactsInput = {
    projectId: input.projectId,
    categoryId: input.categoryId || null,
    assignTo: input.assignTo ?? null,
    companyId: input.companyId || null,
    grants,
    day: utcDay(openDate),
    holidaysFrom: dayIn(timeZone, openDate),
  };
  const [row] = await createFactsStatement(q, values);
  if (!row) throw new Error('the facts statement answered nothing');
  return row;
}

type SearchFields = {
  caseNumber: string;
  subject: string;
  content: string;
  customer?: string | null;
  customerEmail?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  telephone?: string | null;
};

/** A search document from its texts (weights: A number and subject, B customer, C content). */
const searchDocSql = (
  numberAndSubject: string | SQLWrapper,
  people: string | SQLWrapper,
  content: string | SQLWrapper,
) =>
  sql`(${weightedVector(numberAndSubject, 'A')}
    || ${weightedVector(people, 'B')}
    || ${weightedVector(content, 'C')})`;
const peopleText = (t: Omit<SearchFields, 'caseNumber'>) =>
  searchableText(t.customer, t.customerEmail, t.firstName, t.lastName, t.telephone);
const contentText = (t: Omit<SearchFields, 'caseNumber'>) => searchableText(htmlToText(t.content));

/** The ticket's own search document. */
export function ticketSearchDoc(t: SearchFields): SQL {
  const numberWords = t.caseNumber.replace(/-/g, ' ');
  return searchDocSql(searchableText(t.caseNumber, numberWords, t.subject), peopleText(t), contentText(t));
}

/** Settings → Toggles → private tickets off: no ticket may become private (existing ones stay as they are). */
function checkPrivateAllowed(settings: SettingValues, makesPrivate: boolean | undefined) {
  if (makesPrivate && !settings.toggles.privateTickets)
    throw badRequest(settingMessages.privateTicketsOff, [
      { field: 'privateTicket', message: settingMessages.privateTicketsOff },
    ]);
}

// ---- writes ----

/** The ticket columns a create writes from its input (the rest are defaults, the number and the search document). */
const createdColumns = [
  'subject',
  'content',
  'status',
  'priority',
  'categoryId',
  'projectId',
  'companyId',
  'assignTo',
  'delegateTo',
  'ticketType',
  'ticketFrom',
  'subjectType',
  'openDate',
  'dueDate',
  'openedBy',
  'customer',
  'customerEmail',
  'telephone',
  'firstName',
  'lastName',
  'emails',
  'businessUnit',
  'parentTicket',
  'privateTicket',
  'grantAccess',
  'attachments',
  'scheduledDate',
  'createdBy',
  'modifiedBy',
] as const;
type CreatedColumn = (typeof createdColumns)[number];
type CreatedRow = Required<Pick<typeof ticket.$inferInsert, CreatedColumn>>;
type CreateValues = Record<CreatedColumn, unknown> & {
  prefix: string;
  year: string;
  subjectText: string;
  peopleText: string;
  contentText: string;
  actorId: number;
  changes: string;
};
const ticketColumns = getTableColumns(ticket);

/**
 * One statement draws the case number (`<prefix>-<year>-<sequence, at least 6 digits>`), writes the ticket
 * with its search document and its history entry, and answers the ticket's record columns.
 */
const createStatement = preparedStatement<Record<string, unknown>>('ticket_create', (q) => {
  const $ = (name: keyof CreateValues) => sql`${sql.placeholder(name)}`;
  const caseNumber = sql`(select case_number from numbered)`;
  // The number is upper-case letters, digits and hyphens: lower() is what searchableText does to it.
  const numberAndSubject = sql`lower(${caseNumber}) || ' \n ' || lower(replace(${caseNumber}, '-', ' ')) || ' \n ' || ${$('subjectText')}`;
  const values = Object.fromEntries(createdColumns.map((name) => [name, $(name)])) as Record<CreatedColumn, SQL>;
  const insert = q
    .insert(ticket)
    .values({ ...values, caseNumber, searchDoc: searchDocSql(numberAndSubject, $('peopleText'), $('contentText')) })
    .returning(ticketRecordColumns);
  return sql`with numbered as (
        select ${$('prefix')}::text || '-' || ${$('year')}::text || '-' || lpad(n, greatest(6, length(n)), '0') as case_number
        from (select nextval('ticket_case_seq')::text as n) s),
      created as (${insert.getSQL()}),
      history as (
        insert into ${ticketHistory} (ticket_id, actor_id, kind, changes)
        select id, ${$('actorId')}::integer, 'created', ${$('changes')}::jsonb from created)
      select * from created`;
});

/** A row as the driver answers it (column names; timestamps as text), mapped as Drizzle maps a select of these columns. */
function recordOf(raw: Record<string, unknown>): TicketRecord {
  const entries = Object.entries(ticketRecordColumns).map(([key, column]) => {
    const value = raw[column.name];
    return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
  });
  return Object.fromEntries(entries) as TicketRecord;
}

export async function createTicket(db: Db, actor: Actor, input: TicketCreate): Promise<TicketRecord> {
  const settings = await readSettings(db);
  checkPrivateAllowed(settings, input.privateTicket);
  // Without files to claim, the one statement that writes the ticket and its history is the whole transaction.
  if (input.attachments.length === 0) return insertTicket(db, actor, input, settings);
  return db.transaction(async (tx) => {
    const row = await insertTicket(tx, actor, input, settings);
    await claimFiles(tx, actor, fileOwner, row.id, row.attachments);
    return row;
  });
}

/** Checks a new ticket's references (the facts in one statement) and writes it (one more). */
async function insertTicket(q: Queryable, actor: Actor, input: TicketCreate, settings: SettingValues) {
  const grantAccess = [...new Set(input.grantAccess)];
  const openDate = new Date();
  const facts = await createFacts(q, input, grantAccess, openDate, settings.basic.timeZone);
  judgeProject(actor, input.projectId, facts.project);
  let assignee = input.assignTo ?? null;
  if (input.categoryId) {
    const cat = judgeCategory(facts.category);
    assignee ??= cat.newTicketAssignee;
    if (assignee === null)
      throw badRequest(ticketMessages.noAssignee, [{ field: 'categoryId', message: ticketMessages.noAssignee }]);
  }
  if (assignee !== null) judgeUsers(facts.assigneeFound, 1, input.assignTo ? 'assignTo' : 'categoryId');
  if (input.companyId) judgeCompany(facts.company);
  // The parent's visibility depends on the actor, so it is not part of the facts statement (used rarely).
  if (input.parentTicket) await checkParent(q, actor, input.parentTicket);
  if (grantAccess.length > 0) judgeUsers(facts.grantFound, grantAccess.length, 'grantAccess');

  const delegateTo = assignee !== null ? facts.delegateTo : null;
  const content = sanitizeHtml(input.content);
  const status: TicketStatus = assignee !== null ? 'Assigned' : 'New';
  const created: CreatedRow = {
    subject: input.subject,
    content,
    status,
    priority: input.priority,
    categoryId: input.categoryId ?? null,
    projectId: input.projectId,
    companyId: input.companyId ?? null,
    assignTo: assignee,
    delegateTo,
    ticketType: input.ticketType ?? null,
    ticketFrom: input.ticketFrom,
    subjectType: input.subjectType ?? null,
    openDate,
    dueDate: addServiceHours(openDate, ticketSlaHours[input.priority], facts.holidays, settings.basic.timeZone),
    openedBy: actor.userId,
    customer: input.customer ?? null,
    customerEmail: input.customerEmail ?? null,
    telephone: input.telephone ?? null,
    firstName: input.firstName ?? null,
    lastName: input.lastName ?? null,
    emails: input.emails ?? null,
    businessUnit: input.businessUnit ?? null,
    parentTicket: input.parentTicket ?? null,
    privateTicket: input.privateTicket,
    grantAccess,
    attachments: [...new Set(input.attachments)],
    scheduledDate: input.scheduledDate ? new Date(input.scheduledDate) : null,
    createdBy: actor.userId,
    modifiedBy: actor.userId,
  };
  const initial: Changes = { status: { from: null, to: status } };
  if (assignee !== null) initial.assignTo = { from: null, to: assignee };
  if (delegateTo !== null) initial.delegateTo = { from: null, to: delegateTo };
  // A placeholder's value skips the column's encoder: encode as Drizzle does a value (null stays null).
  const encoded = Object.fromEntries(
    createdColumns.map((name) => [
      name,
      created[name] === null ? null : ticketColumns[name].mapToDriverValue(created[name]),
    ]),
  );
  const [raw] = await createStatement(q, {
    ...encoded,
    prefix: settings.basic.caseNumberPrefix,
    year: String(openDate.getUTCFullYear()),
    subjectText: searchableText(input.subject),
    peopleText: peopleText(input),
    contentText: contentText({ ...input, content }),
    actorId: actor.userId,
    changes: JSON.stringify(initial),
  } as CreateValues);
  if (!raw) throw new Error('insert returned nothing');
  return recordOf(raw);
}

const comparable = (v: unknown) =>
  v instanceof Date ? v.toISOString() : Array.isArray(v) ? JSON.stringify([...v].sort()) : JSON.stringify(v ?? null);
/** Long texts are kept in the history only up to this length. */
const historyTextLimit = 4000;
const forHistory = (v: unknown) =>
  typeof v === 'string' && v.length > historyTextLimit ? `${v.slice(0, historyTextLimit)}…` : v;

/** Status side effects: who solved it, when it closed; reopening clears both. */
function statusEffects(actor: Actor, before: TicketRecord, to: TicketStatus): Partial<TicketRecord> {
  if (to === before.status) return {};
  const now = new Date();
  switch (to) {
    case 'Resolved':
      return { solvedBy: actor.userId, closeDate: null };
    case 'Closed':
      return { solvedBy: before.solvedBy ?? actor.userId, closeDate: now };
    case 'Cancelled':
      return { closeDate: now };
    default:
      return before.status === 'Resolved' || before.status === 'Closed' ? { solvedBy: null, closeDate: null } : {};
  }
}

/** Applies a partial change to a ticket in hand: checks, side effects, history. Answers the new row. */
async function applyChange(
  tx: Tx,
  actor: Actor,
  before: TicketRecord,
  input: Omit<TicketUpdate, 'id' | 'rowVersion'>,
  rowVersion: number | undefined,
  timeZone: string,
): Promise<WriteResult<TicketRecord>> {
  if (before.status === 'Cancelled') throw badRequest(ticketMessages.cancelledIsFinal);
  const next: Partial<TicketRecord> = {};
  const set = <K extends keyof TicketRecord>(key: K, value: TicketRecord[K] | undefined) => {
    if (value !== undefined && comparable(value) !== comparable(before[key])) next[key] = value;
  };
  set('subject', input.subject);
  if (input.content !== undefined) set('content', sanitizeHtml(input.content));
  set('categoryId', input.categoryId);
  set('projectId', input.projectId);
  set('companyId', input.companyId);
  set('businessUnit', input.businessUnit);
  set('priority', input.priority);
  set('ticketType', input.ticketType);
  set('ticketFrom', input.ticketFrom);
  set('subjectType', input.subjectType);
  set('customer', input.customer);
  set('customerEmail', input.customerEmail);
  set('telephone', input.telephone);
  set('firstName', input.firstName);
  set('lastName', input.lastName);
  set('emails', input.emails);
  set('assignTo', input.assignTo);
  set('parentTicket', input.parentTicket);
  set('privateTicket', input.privateTicket);
  if (input.grantAccess) set('grantAccess', [...new Set(input.grantAccess)]);
  if (input.attachments) set('attachments', [...new Set(input.attachments)]);
  if (input.scheduledDate !== undefined)
    set('scheduledDate', input.scheduledDate ? new Date(input.scheduledDate) : null);

  const projectId = next.projectId ?? before.projectId;
  if (next.projectId !== undefined) await checkProject(tx, actor, projectId);
  const categoryId = next.categoryId !== undefined ? next.categoryId : before.categoryId;
  if ((next.categoryId !== undefined || next.projectId !== undefined) && categoryId)
    await checkCategory(tx, categoryId, projectId);
  const companyId = next.companyId !== undefined ? next.companyId : before.companyId;
  if ((next.companyId !== undefined || next.projectId !== undefined) && companyId)
    await checkCompany(tx, companyId, projectId);
  if (next.assignTo) await checkUsers(tx, [next.assignTo], 'assignTo');
  if (next.grantAccess) await checkUsers(tx, next.grantAccess, 'grantAccess');
  if (next.parentTicket) await checkParent(tx, actor, next.parentTicket, before.id);

  let status = input.status ?? before.status;
  if (!canChangeStatus(before.status, status))
    throw badRequest(ticketMessages.statusNotAllowed(before.status, status), [
      { field: 'status', message: ticketMessages.statusNotAllowed(before.status, status) },
    ]);
  // A new assignee brings their delegate; a New ticket that gets one is Assigned.
  if (next.assignTo !== undefined || next.projectId !== undefined) {
    const assignee = next.assignTo !== undefined ? next.assignTo : before.assignTo;
    set('delegateTo', assignee !== null ? await activeDelegate(tx, assignee, projectId, new Date()) : null);
    if (assignee !== null && status === 'New') status = 'Assigned';
  }
  set('status', status);
  Object.assign(
    next,
    Object.fromEntries(
      Object.entries(statusEffects(actor, before, status)).filter(
        ([k, v]) => comparable(v) !== comparable(before[k as keyof TicketRecord]),
      ),
    ),
  );
  if (next.priority !== undefined) next.dueDate = await dueDateOf(tx, before.openDate, next.priority, timeZone);

  if (Object.keys(next).length === 0) return { value: before, removedFiles: [] };
  const after = { ...before, ...next };
  const searchChanged = ['subject', 'content', 'customer', 'customerEmail', 'firstName', 'lastName', 'telephone'].some(
    (k) => k in next,
  );
  const [row] = await tx
    .update(ticket)
    .set({
      ...next,
      ...(searchChanged ? { searchDoc: ticketSearchDoc(after) } : {}),
      rowVersion: sql`${ticket.rowVersion} + 1`,
      modifiedAt: sql`now()`,
      modifiedBy: actor.userId,
    })
    .where(and(eq(ticket.id, before.id), rowVersion === undefined ? undefined : eq(ticket.rowVersion, rowVersion)))
    .returning(ticketRecordColumns);
  if (!row) throw conflict(messages.staleRowVersion);

  let removedFiles: string[] = [];
  if (next.attachments) {
    await claimFiles(tx, actor, fileOwner, row.id, row.attachments);
    removedFiles = await dropFiles(tx, fileOwner, [row.id], row.attachments);
  }
  const changes: Changes = {};
  for (const key of Object.keys(next) as (keyof TicketRecord)[])
    changes[key] = { from: forHistory(before[key] ?? null), to: forHistory(row[key] ?? null) };
  await tx.insert(ticketHistory).values({ ticketId: row.id, actorId: actor.userId, kind: 'changed', changes });
  return { value: row, removedFiles };
}

/** Update with the rowVersion the caller read: a stale one answers 409 and writes nothing. */
export async function updateTicket(db: Db, actor: Actor, input: TicketUpdate): Promise<WriteResult<TicketRecord>> {
  const settings = await readSettings(db);
  return db.transaction(async (tx) => {
    const before = await findVisible(tx, actor, input.id, true);
    if (!before) throw notFound();
    if (before.rowVersion !== input.rowVersion) throw conflict(messages.staleRowVersion);
    checkPrivateAllowed(settings, input.privateTicket && !before.privateTicket);
    const { id: _id, rowVersion, ...changes } = input;
    return applyChange(tx, actor, before, changes, rowVersion, settings.basic.timeZone);
  });
}

/** The same change on several tickets: all of them or none. */
export async function batchChange(
  db: Db,
  actor: Actor,
  ids: number[],
  change: Pick<TicketUpdate, 'status' | 'assignTo'>,
): Promise<number> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const { timeZone } = (await readSettings(db)).basic;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select(ticketRecordColumns)
      .from(ticket)
      .where(and(inArray(ticket.id, unique), visibleSql(actor)))
      .orderBy(asc(ticket.id))
      .for('update');
    if (rows.length !== unique.length) throw notFound();
    for (const row of rows) {
      try {
        await applyChange(tx, actor, row, change, undefined, timeZone);
      } catch (error) {
        if (error instanceof AppError && error.code === 'BAD_REQUEST')
          throw badRequest(`${row.caseNumber}: ${error.message}`);
        throw error;
      }
    }
    return rows.length;
  });
}

export async function deleteTickets(db: Db, actor: Actor, ids: number[]): Promise<WriteResult<number>> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: ticket.id })
      .from(ticket)
      .where(and(inArray(ticket.id, unique), visibleSql(actor)));
    if (found.length !== unique.length) throw notFound();
    const [children] = await tx
      .select({ n: count() })
      .from(ticket)
      .where(and(inArray(ticket.parentTicket, unique), sql`not (${inArray(ticket.id, unique)})`));
    if (children && children.n > 0)
      throw conflict(ticketMessages.inUse('ticket', children.n).replace('applied to', 'linked from'));
    const removedFiles = await dropFiles(tx, fileOwner, unique);
    await tx.update(ticket).set({ parentTicket: null }).where(inArray(ticket.parentTicket, unique));
    await tx.delete(ticket).where(inArray(ticket.id, unique));
    return { value: unique.length, removedFiles };
  });
}

// ---- comments and timeline ----

export async function addComment(db: Db, actor: Actor, input: { ticketId: number; comment: string; public: boolean }) {
  return db.transaction(async (tx) => {
    if (!(await findVisible(tx, actor, input.ticketId, true))) throw notFound();
    const text = sanitizeHtml(input.comment);
    if (htmlToText(text).trim() === '' && !/<img/i.test(text)) throw field('comment', messages.required);
    const [row] = await tx
      .insert(ticketComment)
      .values({
        ticketId: input.ticketId,
        comment: text,
        public: input.public,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    // The comment becomes searchable in the same transaction.
    await tx
      .update(ticket)
      .set({
        searchComments: sql`${ticket.searchComments} || ${weightedVector(searchableText(htmlToText(text)), 'D')}`,
      })
      .where(eq(ticket.id, input.ticketId));
    await tx.insert(ticketHistory).values({
      ticketId: input.ticketId,
      actorId: actor.userId,
      kind: 'comment',
      commentId: row.id,
      public: input.public,
    });
    return { ...row, createdByName: actor.loginName };
  });
}

export async function listComments(
  db: Db,
  actor: Actor,
  query: { ticketId: number; page: number; pageSize: number; public?: boolean },
) {
  if (!(await ticketVisible(db, actor, query.ticketId))) throw notFound();
  const where = and(
    eq(ticketComment.ticketId, query.ticketId),
    query.public === undefined ? undefined : eq(ticketComment.public, query.public),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: ticketComment.id,
        rowVersion: ticketComment.rowVersion,
        createdAt: ticketComment.createdAt,
        createdBy: ticketComment.createdBy,
        modifiedAt: ticketComment.modifiedAt,
        modifiedBy: ticketComment.modifiedBy,
        ticketId: ticketComment.ticketId,
        comment: ticketComment.comment,
        public: ticketComment.public,
        createdByName: userNameSql(ticketComment.createdBy),
      })
      .from(ticketComment)
      .where(where)
      .orderBy(asc(ticketComment.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(ticketComment).where(where),
  ]);
  return { items: items.map((i) => present(i)), total: total?.n ?? 0 };
}

const userFields = new Set(['assignTo', 'delegateTo', 'solvedBy', 'openedBy']);

export async function timeline(db: Db, actor: Actor, ticketId: number): Promise<TicketTimelineEntry[]> {
  if (!(await ticketVisible(db, actor, ticketId))) throw notFound();
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
      db
        .select({ id: appUser.id, name: sql<string>`coalesce(${appUser.fullName}, ${appUser.loginName})` })
        .from(appUser)
        .where(inArray(appUser.id, list)),
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

// ---- reads ----

export async function ticketDetail(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({
      ...ticketRecordColumns,
      ...ticketNameColumns,
      solvedByName: userNameSql(ticket.solvedBy),
    })
    .from(ticket)
    .where(and(eq(ticket.id, id), visibleSql(actor)));
  if (!row) throw notFound();
  const [files, parent, children, grantUsers] = await Promise.all([
    db
      .select({
        fileId: storedFile.id,
        name: storedFile.name,
        ext: storedFile.ext,
        size: storedFile.size,
        fileType: storedFile.fileType,
        createdAt: storedFile.createdAt,
        createdBy: storedFile.createdBy,
      })
      .from(storedFile)
      .where(and(eq(storedFile.ownerEntity, fileOwner), eq(storedFile.ownerId, id)))
      .orderBy(asc(storedFile.id)),
    row.parentTicket
      ? db
          .select({ id: ticket.id, caseNumber: ticket.caseNumber, subject: ticket.subject })
          .from(ticket)
          .where(and(eq(ticket.id, row.parentTicket), visibleSql(actor)))
      : Promise.resolve([]),
    db
      .select({ id: ticket.id, caseNumber: ticket.caseNumber, subject: ticket.subject, status: ticket.status })
      .from(ticket)
      .where(and(eq(ticket.parentTicket, id), visibleSql(actor)))
      .orderBy(asc(ticket.id))
      .limit(100),
    row.grantAccess.length
      ? db
          .select({ id: appUser.id, name: sql<string>`coalesce(${appUser.fullName}, ${appUser.loginName})` })
          .from(appUser)
          .where(inArray(appUser.id, row.grantAccess))
      : Promise.resolve([]),
  ]);
  return {
    ...present(row),
    files: files.map((f) => ({ ...present(f), fileUrl: fileUrlOf(f.fileId) })),
    parent: parent[0] ?? null,
    children,
    grantAccessUsers: grantUsers,
    actions: actionsFor(actor, row),
    allowedStatuses: allowedStatuses(actor, row),
  };
}

export function checkDateRange(query: Pick<TicketQuery, 'openDateFrom' | 'openDateTo'>) {
  if (!isOpenDateRangeValid(query.openDateFrom, query.openDateTo))
    throw badRequest(ticketMessages.endBeforeStart, [{ field: 'openDateTo', message: ticketMessages.endBeforeStart }]);
}

export async function queryTickets(db: Db, actor: Actor, query: TicketQuery): Promise<TicketPage> {
  checkDateRange(query);
  const built = ticketListSql(actor, query);
  const items = await ticketPageSql(db, built, query.page, query.pageSize);
  const offset = (query.page - 1) * query.pageSize;
  const first = items[0];
  // A short page, or a ranked search (which read every match), tells the total without counting.
  const counted =
    first && 'matches' in first
      ? { total: Number(first.matches), exact: true }
      : items.length < query.pageSize && (items.length > 0 || query.page === 1)
        ? { total: offset + items.length, exact: true }
        : await ticketTotal(db, built.where);
  return {
    items: items.map((i) => {
      const { matches: _matches, ...item } = i as typeof i & { matches?: number };
      return present(item);
    }),
    total: counted.total,
    totalExact: counted.exact,
  };
}

export function exportFilter(actor: Actor, query: TicketFilter) {
  checkDateRange(query);
  return ticketListSql(actor, query);
}

const lastDays = (n: number) => {
  const days: string[] = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let i = n - 1; i >= 0; i--) days.push(new Date(today - i * 86_400_000).toISOString().slice(0, 10));
  return days;
};

type DashboardJson = {
  stats: { dim: string; val: string; n: number }[];
  extra: {
    status: string | null;
    priority: string | null;
    category: string | null;
    opened: string | null;
    closed: string | null;
    n: number;
  }[];
  myOpen: {
    id: number;
    caseNumber: string;
    subject: string;
    status: TicketStatus;
    priority: TicketPriority;
    dueDate: string | null;
    total: number;
  }[];
  unassigned: number | string;
  overdue: number | string;
  categories: { id: number; code: string }[];
};

export async function dashboard(db: Db, actor: Actor): Promise<TicketDashboard> {
  const days = lastDays(30);
  const [row] = await rowsOf<{ d: DashboardJson | string }>(db, ticketDashboardSql(actor, days[0]!));
  const d = (typeof row?.d === 'string' ? JSON.parse(row.d) : row?.d) as DashboardJson;
  const counts = new Map<string, number>();
  const add = (dim: string, val: string | null, n: number) => {
    if (val === null) return;
    counts.set(`${dim}:${val}`, (counts.get(`${dim}:${val}`) ?? 0) + Number(n));
  };
  for (const s of d.stats) add(s.dim, s.val, s.n);
  for (const e of d.extra) {
    add('status', e.status, e.n);
    add('priority', e.priority, e.n);
    add('category', e.category, e.n);
    add('opened', e.opened, e.n);
    add('closed', e.closed, e.n);
  }
  const of = (dim: string, val: string) => counts.get(`${dim}:${val}`) ?? 0;
  const codes = new Map(d.categories.map((c) => [c.id, c.code]));
  const byCategory = [...counts.entries()]
    .filter(([key, n]) => key.startsWith('category:') && n > 0)
    .map(([key, n]) => {
      const raw = key.slice('category:'.length);
      const categoryId = raw === '-' ? null : Number(raw);
      return { categoryId, categoryCode: categoryId === null ? null : (codes.get(categoryId) ?? null), count: n };
    })
    .sort((a, b) => b.count - a.count);
  return {
    myOpen: {
      count: Number(d.myOpen[0]?.total ?? 0),
      items: d.myOpen.map(({ total: _total, dueDate, ...item }) => ({
        ...item,
        dueDate: dueDate ? new Date(dueDate).toISOString() : null,
      })),
    },
    unassigned: Number(d.unassigned),
    overdue: Number(d.overdue),
    byStatus: (['New', 'Assigned', 'InProgress', 'Pending', 'Resolved', 'Closed', 'Cancelled'] as const).map((s) => ({
      key: s,
      count: of('status', s),
    })),
    byPriority: (['Low', 'Medium', 'High', 'Urgent'] as const).map((p) => ({ key: p, count: of('priority', p) })),
    byCategory,
    daily: days.map((date) => ({ date, opened: of('opened', date), closed: of('closed', date) })),
  };
}

/** The pickers of the ticket form and list filters, within what the caller may use (see the schema). */
export async function formOptions(db: Db, actor: Actor): Promise<TicketFormOptions> {
  const ownProjects =
    actor.dataScope === 'all'
      ? sql`true`
      : actor.projects.length > 0
        ? sql`p.id in (${sql.join(
            actor.projects.map((p) => sql`${p}`),
            sql`, `,
          )})`
        : sql`false`;
  const projects = await rowsOf<TicketFormOptions['projects'][number]>(
    db,
    sql`select p.id, p.project_code as code, p.project_name as name, p.business_unit as "businessUnit",
               coalesce((select array_agg(pc.company_id order by pc.company_id) from ${projectCompany} pc
                         where pc.project_id = p.id), '{}') as "companyIds"
          from ${project} p where p.project_status = 'Active' and ${ownProjects}
         order by p.project_name limit 1000`,
  );
  const projectIds = projects.map((p) => p.id);
  const categories =
    projectIds.length === 0
      ? []
      : await rowsOf<TicketFormOptions['categories'][number]>(
          db,
          sql`select c.id, c.category_code as code, c.category_description as name,
                     array_agg(cp.project_id order by cp.project_id) as "projectIds",
                     c.new_ticket_assignee as "newTicketAssignee"
                from ${category} c join ${categoryProject} cp on cp.category_id = c.id
               where c.category_status = 'Active' and cp.project_id in (${sql.join(
                 projectIds.map((p) => sql`${p}`),
                 sql`, `,
               )})
               group by c.id order by c.category_description limit 2000`,
        );
  const companies = await rowsOf<TicketFormOptions['companies'][number]>(
    db,
    sql`select id, code, name from ${company} where status = 'Active' order by name limit 2000`,
  );
  const users = await rowsOf<TicketFormOptions['users'][number]>(
    db,
    sql`select id, login_name as "loginName", coalesce(full_name, login_name) as name from ${appUser}
         where status = 'Active' and deleted_at is null order by coalesce(full_name, login_name) limit 5000`,
  );
  const ints = (values: unknown[]) => values.map(Number);
  return {
    projects: projects.map((p) => ({ ...p, id: Number(p.id), companyIds: ints(p.companyIds) })),
    categories: categories.map((c) => ({
      ...c,
      id: Number(c.id),
      projectIds: ints(c.projectIds),
      newTicketAssignee: c.newTicketAssignee === null ? null : Number(c.newTicketAssignee),
    })),
    companies: companies.map((c) => ({ ...c, id: Number(c.id) })),
    users: users.map((u) => ({ ...u, id: Number(u.id) })),
  };
}
