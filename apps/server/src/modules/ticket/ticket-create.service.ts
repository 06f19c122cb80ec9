import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  msg,
  normalizeTag,
  ticketMessages,
  type SettingValues,
  type TicketCreate,
  type TicketStatus,
} from '@casedesk/shared';
import { preparedStatement, type Db, type Queryable, type Tx } from '../../platform/db.js';
import { emitDomainEvent, hasDomainEventHandlers } from '../../platform/events.js';
import type { Actor } from '../../platform/actor.js';
import { fieldRefusal } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/html.js';
import { searchableText } from '../../platform/text-search.js';
import { activeDelegateQuery, recordDelegatedWork, utcDay } from '../delegate/index.js';
import { claimFiles } from '../file/index.js';
import { holidaysFromQuery, readSettings } from '../setting/index.js';
import { activePoliciesJson, choosablePolicies, stoppedClock } from '../sla/index.js';
import { appUser } from '../user/index.js';
import { ticketRecordColumns } from './ticket.queries.js';
import { clockColumns, clockHolidaysFrom, movedClock, startHold } from './ticket-sla.service.js';
import { judgeCustomValues, ticketFieldDefinitions, writeCustomValues } from './ticket-custom.service.js';
import { replaceTicketTags } from './ticket-tag.service.js';
import {
  activeUsersSql,
  categoryFactsSql,
  checkParent,
  checkPrivateAllowed,
  companyFactsSql,
  factsJson,
  judgeCategory,
  judgeCompany,
  judgeProject,
  judgeUsers,
  projectFactsSql,
  type CategoryFacts,
  type CompanyFacts,
  type ProjectFacts,
} from './ticket-references.service.js';
import { contentText, fileOwner, peopleText, searchDocSql, type Changes, type TicketRecord } from './ticket.service.js';
import { ticket, ticketHistory } from './ticket.table.js';

// A create is two statements (prepared once): the facts its checks judge, then the write with its history.

type CreateFacts = {
  project: ProjectFacts | null;
  category: CategoryFacts | null;
  assigneeFound: number;
  company: CompanyFacts | null;
  grantFound: number;
  delegateTo: number | null;
  holidays: string[];
  slaPolicies: Parameters<typeof choosablePolicies>[0];
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
        (${activeDelegateQuery(q, assignee, 'Ticket', $('projectId'), sql`${$('day')}::date`)}) as "delegateTo",
        array(${holidaysFromQuery(q, sql`${$('holidaysFrom')}::date`)})::text[] as holidays,
        ${activePoliciesJson} as "slaPolicies"
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

async function createFacts(q: Queryable, input: TicketCreate, grants: number[], openDate: Date) {
  const values: CreateFactsInput = {
    projectId: input.projectId,
    categoryId: input.categoryId || null,
    assignTo: input.assignTo ?? null,
    companyId: input.companyId || null,
    grants,
    day: utcDay(openDate),
    holidaysFrom: clockHolidaysFrom(openDate),
  };
  const [row] = await createFactsStatement(q, values);
  if (!row) throw new Error('the facts statement answered nothing');
  return row;
}

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
  ...(Object.keys(clockColumns) as (keyof typeof clockColumns)[]),
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
  checkPrivateAllowed(settings, false, input.privateTicket);
  // Without files to claim, tags to write and a module listening, the one statement is the whole transaction.
  if (
    input.attachments.length === 0 &&
    !input.tags?.length &&
    !hasDomainEventHandlers() &&
    (await ticketFieldDefinitions(db)).length === 0 &&
    !input.customFields
  )
    return insertTicket(db, actor, input, settings);
  return db.transaction(async (tx) => {
    const row = await createTicketIn(tx, actor, input, settings);
    // Triggers (told of the create) may have changed it: answer it as they left it (its rowVersion too).
    const [now] = await tx.select(ticketRecordColumns).from(ticket).where(eq(ticket.id, row.id));
    return now ?? row;
  });
}

/**
 * The create inside the caller's transaction (a ticket from an incoming mail writes its mail row in the same
 * one, and says so with `viaEmailId`): the ticket, its files, and its events (created; assigned when it has an
 * assignee) after the one statement.
 */
export async function createTicketIn(
  tx: Tx,
  actor: Actor,
  input: TicketCreate,
  settings: SettingValues,
  options: { viaEmailId?: number } = {},
): Promise<TicketRecord> {
  // A ticket from a mail cannot answer required fields: its values are checked, not asked for.
  const custom = await judgeCustomValues(tx, actor, input.customFields, input.categoryId, {
    skipRequired: options.viaEmailId !== undefined,
  });
  const row = await insertTicket(tx, actor, input, settings);
  await writeCustomValues(tx, row.id, custom.definitions, custom.values);
  if (row.attachments.length > 0) await claimFiles(tx, actor, fileOwner, row.id, row.attachments);
  if (input.tags?.length) await replaceTicketTags(tx, row.id, [], newTags(input));
  const viaEmail = options.viaEmailId !== undefined ? { viaEmailId: options.viaEmailId } : {};
  await emitDomainEvent(tx, { type: 'ticket.created', ticketId: row.id, actorId: actor.userId, ...viaEmail });
  if (row.assignTo !== null)
    await emitDomainEvent(tx, {
      type: 'ticket.assigned',
      ticketId: row.id,
      assigneeId: row.assignTo,
      actorId: actor.userId,
    });
  return row;
}

/**
 * A ticket made from another (a split, contract section 20) inside the caller's transaction: the create's checks,
 * clock and history, and the assignee told; no `ticket.created`, so the customer gets no acknowledgement mail.
 */
export async function createSplitTicketIn(tx: Tx, actor: Actor, input: TicketCreate, settings: SettingValues) {
  const row = await insertTicket(tx, actor, input, settings);
  if (row.assignTo !== null)
    await emitDomainEvent(tx, {
      type: 'ticket.assigned',
      ticketId: row.id,
      assigneeId: row.assignTo,
      actorId: actor.userId,
    });
  return row;
}

/** A new ticket's tags, as the shared schema leaves them (normalized, once each, sorted) whoever calls. */
const newTags = (input: TicketCreate) => [...new Set((input.tags ?? []).map(normalizeTag))].sort();

/** Checks a new ticket's references (the facts in one statement) and writes it (one more). */
async function insertTicket(q: Queryable, actor: Actor, input: TicketCreate, settings: SettingValues) {
  const grantAccess = [...new Set(input.grantAccess)];
  const openDate = new Date();
  const facts = await createFacts(q, input, grantAccess, openDate);
  judgeProject(actor, input.projectId, facts.project);
  let assignee = input.assignTo ?? null;
  if (input.categoryId) {
    const cat = judgeCategory(facts.category);
    assignee ??= cat.newTicketAssignee;
    if (assignee === null) throw fieldRefusal('categoryId', msg(ticketMessages, 'noAssignee'));
  }
  if (assignee !== null) judgeUsers(facts.assigneeFound, 1, input.assignTo ? 'assignTo' : 'categoryId');
  if (input.companyId) judgeCompany(facts.company);
  // The parent's visibility depends on the actor, so it is not part of the facts statement (used rarely).
  if (input.parentTicket) await checkParent(q, actor, input.parentTicket);
  if (grantAccess.length > 0) judgeUsers(facts.grantFound, grantAccess.length, 'grantAccess');

  const delegateTo = assignee !== null ? facts.delegateTo : null;
  const content = sanitizeHtml(input.content);
  const status: TicketStatus = assignee !== null ? 'Assigned' : 'New';
  const { clock } = await movedClock(
    q,
    undefined,
    stoppedClock,
    {
      ...input,
      categoryId: input.categoryId ?? null,
      companyId: input.companyId ?? null,
      ticketType: input.ticketType ?? null,
      openDate,
      status,
    },
    { now: openDate, policies: choosablePolicies(facts.slaPolicies, facts.holidays) },
  );
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
    ...clock,
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
  if (input.tags?.length) initial.tags = { from: null, to: newTags(input) };
  // A placeholder's value skips the column's encoder: encode as Drizzle does a value (null stays null).
  const encoded = Object.fromEntries(
    createdColumns.map((name) => [
      name,
      created[name] === null ? null : ticketColumns[name].mapToDriverValue(created[name]),
    ]),
  );
  const write = async (w: Queryable) => {
    const [raw] = await createStatement(w, {
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
  };
  if ((delegateTo === null || assignee === null) && clock.slaHeldBy === 'agent') return write(q);
  // Reaching a delegate is written to the delegate audit with the ticket, and a clock that starts held (a policy
  // that pauses in New) its first span: a transaction (or a savepoint inside the caller's) only then, so that the
  // usual create stays one statement.
  return q.transaction(async (tx) => {
    const row = await write(tx);
    if (delegateTo !== null && assignee !== null)
      await recordDelegatedWork(tx, { delegateBy: assignee, delegateTo, actorId: actor.userId, ticketId: row.id });
    await startHold(tx, row.id, clock, status, openDate);
    return row;
  });
}
