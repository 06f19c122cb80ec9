import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  messages,
  msg,
  nextFireTimes,
  scheduledTicketMessages,
  type Page,
  type ScheduledTicketCreate,
  type ScheduledTicketMade,
  type ScheduledTicketUpdate,
  type ScheduledTicketTemplate,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import { diff, writeAudit } from '../../platform/audit.js';
import type { Db } from '../../platform/db.js';
import { conflict, fieldRefusal, notFound } from '../../platform/errors.js';
import { sanitizeHtml } from '../../platform/html.js';
import { versionedUpdate } from '../../platform/resource.js';
import { readSettings } from '../setting/index.js';
import { checkNewTicketReferences, ticket, visibleSql } from '../ticket/index.js';
import { userNameSql } from '../user/index.js';
import { scheduledVisibleSql } from './scheduled-ticket.policy.js';
import { scheduledTicket, scheduledTicketRun } from './scheduled-ticket.table.js';

export type ScheduledTicketRow = typeof scheduledTicket.$inferSelect;
type Recurrence = { cron: string | null; scheduledDate: Date | null; enabled: boolean };

const refuse = fieldRefusal;

/** The next cron time strictly after `after`, in the server setting's time zone; null when it never fires again. */
export const nextCronTime = (cron: string, timeZone: string, after: Date): Date | null =>
  nextFireTimes(cron, 1, { timeZone, from: after })[0] ?? null;

/**
 * Exactly one of cron and date; a one-off date in the past is refused when it is being set (or switched on),
 * not when an unrelated field of a one-off that is about to run changes.
 */
function checkRecurrence(r: Recurrence, now: Date, changed: boolean) {
  if (!r.cron === !r.scheduledDate) throw refuse('cron', msg(scheduledTicketMessages, 'recurrenceRequired'));
  if (changed && r.enabled && r.scheduledDate && r.scheduledDate <= now)
    throw refuse('scheduledDate', msg(scheduledTicketMessages, 'dateInPast'));
}

/** When the recurrence fires next, counted from now: nothing when disabled. */
function nextRunOf(r: Recurrence, timeZone: string, now: Date): Date | null {
  if (!r.enabled) return null;
  return r.cron ? nextCronTime(r.cron, timeZone, now) : r.scheduledDate;
}

/** The template columns as a save writes them (content sanitised, access list without repeats). */
function templateValues(t: ScheduledTicketTemplate) {
  return {
    subject: t.subject,
    content: sanitizeHtml(t.content),
    priority: t.priority,
    categoryId: t.categoryId ?? null,
    projectId: t.projectId,
    companyId: t.companyId ?? null,
    assignTo: t.assignTo ?? null,
    ticketType: t.ticketType ?? null,
    subjectType: t.subjectType ?? null,
    customer: t.customer ?? null,
    customerEmail: t.customerEmail ?? null,
    telephone: t.telephone ?? null,
    firstName: t.firstName ?? null,
    lastName: t.lastName ?? null,
    emails: t.emails ?? null,
    businessUnit: t.businessUnit ?? null,
    privateTicket: t.privateTicket,
    grantAccess: [...new Set(t.grantAccess)],
  };
}

/** The template of a stored row, as the ticket create takes it. */
export function templateOf(row: ScheduledTicketRow): ScheduledTicketTemplate {
  const { subject, content, priority, projectId, privateTicket, grantAccess } = row;
  return {
    subject,
    content,
    priority,
    projectId,
    privateTicket,
    grantAccess,
    categoryId: row.categoryId,
    companyId: row.companyId,
    assignTo: row.assignTo,
    ticketType: row.ticketType,
    subjectType: row.subjectType,
    customer: row.customer,
    customerEmail: row.customerEmail,
    telephone: row.telephone,
    firstName: row.firstName,
    lastName: row.lastName,
    emails: row.emails,
    businessUnit: row.businessUnit,
  };
}

const referenceFields = ['projectId', 'categoryId', 'companyId', 'assignTo', 'grantAccess', 'privateTicket'] as const;

export async function addScheduledTicket(db: Db, actor: Actor, input: ScheduledTicketCreate) {
  const settings = await readSettings(db);
  const now = new Date();
  const recurrence: Recurrence = {
    cron: input.cron ?? null,
    scheduledDate: input.scheduledDate ? new Date(input.scheduledDate) : null,
    enabled: input.enabled,
  };
  checkRecurrence(recurrence, now, true);
  const nextRunAt = nextRunOf(recurrence, settings.basic.timeZone, now);
  return db.transaction(async (tx) => {
    await checkNewTicketReferences(tx, actor, settings, input);
    const [row] = await tx
      .insert(scheduledTicket)
      .values({
        ...templateValues(input),
        ...recurrence,
        nextRunAt,
        createdBy: actor.userId,
        modifiedBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await writeAudit(tx, { entity: 'ScheduledTicket', entityId: row.id, action: 'create', actorId: actor.userId });
    return row;
  });
}

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export async function updateScheduledTicket(db: Db, actor: Actor, input: ScheduledTicketUpdate) {
  const settings = await readSettings(db);
  const now = new Date();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(scheduledTicket)
      .where(and(eq(scheduledTicket.id, input.id), scheduledVisibleSql(actor)));
    if (!before) throw notFound();
    const { id, rowVersion, cron, scheduledDate, enabled, ...changes } = input;
    const sent = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const template: ScheduledTicketTemplate = { ...templateOf(before), ...sent };
    const recurrence: Recurrence = {
      cron: cron !== undefined ? cron : before.cron,
      scheduledDate:
        scheduledDate !== undefined ? (scheduledDate ? new Date(scheduledDate) : null) : before.scheduledDate,
      enabled: enabled ?? before.enabled,
    };
    const recurrenceChanged =
      recurrence.cron !== before.cron ||
      !sameTime(recurrence.scheduledDate, before.scheduledDate) ||
      recurrence.enabled !== before.enabled;
    checkRecurrence(recurrence, now, recurrenceChanged);
    // References are judged when they change or the template is switched on, so a broken one can still be disabled.
    const turnedOn = recurrence.enabled && !before.enabled;
    const referencesChanged = referenceFields.some(
      (f) => f in sent && JSON.stringify(sent[f]) !== JSON.stringify(before[f]),
    );
    if (recurrence.enabled && (turnedOn || referencesChanged))
      await checkNewTicketReferences(tx, actor, settings, template);
    const nextRunAt = recurrenceChanged ? nextRunOf(recurrence, settings.basic.timeZone, now) : before.nextRunAt;
    const versioned = versionedUpdate(scheduledTicket, id, rowVersion, actor);
    const [updated] = await tx
      .update(scheduledTicket)
      .set({ ...templateValues(template), ...recurrence, nextRunAt, ...versioned.set })
      .where(versioned.where)
      .returning();
    if (!updated) throw conflict(msg(messages, 'staleRowVersion'));
    await writeAudit(tx, {
      entity: 'ScheduledTicket',
      entityId: id,
      action: 'update',
      actorId: actor.userId,
      changes: diff(before, updated),
    });
    return updated;
  });
}

/** Display names next to ids, and the last ticket's number, for the list and the export. */
/** The names a scheduled ticket is read with (every read: Get, the list, Export). */
export const listColumns = {
  projectName: sql<string | null>`(select p.project_name from project p where p.id = ${scheduledTicket.projectId})`,
  categoryName: sql<
    string | null
  >`(select c.category_description from category c where c.id = ${scheduledTicket.categoryId})`,
  assignToName: userNameSql(scheduledTicket.assignTo),
  createdByName: userNameSql(scheduledTicket.createdBy),
  lastTicketCaseNumber: sql<
    string | null
  >`(select t.case_number from ticket t where t.id = ${scheduledTicket.lastTicketId})`,
};

/** `POST Tickets`: the tickets a scheduled ticket made that the caller may see, newest fire time first. */
export async function ticketsMade(
  db: Db,
  actor: Actor,
  query: { id: number; page: number; pageSize: number },
): Promise<Page<ScheduledTicketMade>> {
  const [visible] = await db
    .select({ id: scheduledTicket.id })
    .from(scheduledTicket)
    .where(and(eq(scheduledTicket.id, query.id), scheduledVisibleSql(actor)));
  if (!visible) throw notFound();
  const where = and(eq(scheduledTicketRun.scheduledTicketId, query.id), visibleSql(actor));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: ticket.id,
        caseNumber: ticket.caseNumber,
        subject: ticket.subject,
        status: ticket.status,
        priority: ticket.priority,
        openDate: ticket.openDate,
        assignToName: userNameSql(ticket.assignTo),
        fireTime: scheduledTicketRun.fireTime,
      })
      .from(scheduledTicketRun)
      .innerJoin(ticket, eq(ticket.id, scheduledTicketRun.ticketId))
      .where(where)
      .orderBy(desc(scheduledTicketRun.fireTime), desc(ticket.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(scheduledTicketRun)
      .innerJoin(ticket, eq(ticket.id, scheduledTicketRun.ticketId))
      .where(where),
  ]);
  const iso = (d: Date) => d.toISOString();
  return {
    items: items.map((row) => ({ ...row, openDate: iso(row.openDate), fireTime: iso(row.fireTime) })),
    total: total?.total ?? 0,
  };
}
