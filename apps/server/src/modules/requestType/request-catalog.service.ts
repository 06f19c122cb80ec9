import { and, asc, eq, sql } from 'drizzle-orm';
import {
  appliesToCategory,
  checkCustomValues,
  msg,
  requestTypeMessages,
  type CatalogField,
  type CatalogItem,
  type CatalogQuery,
  type CatalogSubmit,
  type CustomFieldDefinition,
  type RequestTypeField,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Db, Queryable, Tx } from '../../platform/db.js';
import { AppError, badRequest, fieldError, fieldRefusal } from '../../platform/errors.js';
import { keywordWhere } from '../../platform/resource.js';
import { languageFrom } from '../../platform/translator.js';
import { category } from '../category/index.js';
import { customFieldDefinitions } from '../customField/index.js';
import { readSettings } from '../setting/index.js';
import { createTicketIn, getTicket, ticket } from '../ticket/index.js';
import { startWorkflowIn } from '../workflow/index.js';
import { mayRequest, offeredProjectsSql } from './request-type.policy.js';
import { makeFulfilment } from './request-fulfilment.service.js';
import { requestType } from './request-type.table.js';

type Named = { id: number; name: string };

/** The active types with the projects each is offered to the actor in (none: not theirs to use). */
async function offeredTypes(q: Queryable, actor: Actor, where?: ReturnType<typeof and>) {
  return q
    .select({
      type: requestType,
      categoryName: category.categoryDescription,
      projects: sql<Named[]>`${offeredProjectsSql(actor)}`,
    })
    .from(requestType)
    .innerJoin(category, eq(category.id, requestType.categoryId))
    .where(and(eq(requestType.status, 'Active'), eq(category.categoryStatus, 'Active'), where))
    .orderBy(asc(requestType.sort), asc(requestType.id));
}

/**
 * A form's fields: the definitions it names (active, of its category), each required when the form or the field
 * says so, in the form's order.
 */
export function formFields(
  fields: readonly RequestTypeField[],
  definitions: readonly CustomFieldDefinition[],
  categoryId: number,
): CatalogField[] {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  return fields
    .flatMap((field) => {
      const def = byKey.get(field.key);
      if (!def || def.status !== 'Active' || !appliesToCategory(def, categoryId)) return [];
      return [{ ...def, required: def.required || field.required, order: field.order }];
    })
    .sort((a, b) => a.order - b.order);
}

/** `GET Catalog`: the active types the caller may use (in at least one project), with their forms. */
export async function catalogOf(db: Db, actor: Actor, query: CatalogQuery): Promise<CatalogItem[]> {
  if (!mayRequest(actor)) return [];
  const rows = await offeredTypes(
    db,
    actor,
    and(
      keywordWhere(query.keyword, [sql`${requestType.name}::text`, sql`${requestType.description}::text`]),
      query.categoryId ? eq(requestType.categoryId, query.categoryId) : undefined,
    ),
  );
  const definitions = await customFieldDefinitions(db, 'Ticket');
  return rows
    .filter((row) => row.projects.length > 0)
    .map(({ type, categoryName, projects }) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      icon: type.icon,
      categoryId: type.categoryId,
      categoryName,
      projects,
      fields: formFields(type.fields, definitions, type.categoryId),
      approval: type.workflowCode !== null,
    }));
}

const notAvailable = () => new AppError('FORBIDDEN', msg(requestTypeMessages, 'notAvailable'));

/**
 * `POST Catalog/Submit`, in one transaction: the ticket through the ticket's own create (its rules, SLA and the
 * custom values' check), marked with its request type; the "created" fulfilment items; then the type's workflow
 * started as a submit starts one (its "approved" items come when it ends approved: request-fulfilment.service).
 */
export async function submitRequest(db: Db, actor: Actor, input: CatalogSubmit) {
  const settings = await readSettings(db);
  const language = languageFrom(actor.language) ?? 'en';
  const ticketId = await db.transaction(async (tx) => {
    const [offered] = await offeredTypes(tx, actor, eq(requestType.id, input.requestTypeId));
    if (!offered || !mayRequest(actor) || offered.projects.length === 0) throw notAvailable();
    const { type } = offered;
    if (!offered.projects.some((p) => p.id === input.projectId))
      throw fieldRefusal('projectId', msg(requestTypeMessages, 'projectNotOffered'));
    const values = await formValues(tx, type, input.values, language);
    const created = await createTicketIn(
      tx,
      actor,
      {
        subject: input.subject || type.name[language],
        content: input.content ?? '',
        categoryId: type.categoryId,
        projectId: input.projectId,
        priority: 'Medium',
        ticketFrom: 'Web',
        privateTicket: false,
        grantAccess: [],
        attachments: input.attachments,
        customFields: values,
      },
      settings,
    );
    await tx.update(ticket).set({ requestTypeId: type.id }).where(eq(ticket.id, created.id));
    await makeFulfilment(tx, created.id, 'created', actor.userId);
    if (type.workflowCode)
      await startWorkflowIn(tx, actor, {
        businessType: 'Ticket',
        businessId: created.id,
        workflowCode: type.workflowCode,
      });
    return created.id;
  });
  return getTicket(db, actor, ticketId);
}

/**
 * The form's answers checked as the form asks them (its `required` too; a key it does not ask for is unknown), each
 * problem naming the field by its label in the caller's language. The ticket's create checks them again as values.
 */
async function formValues(
  tx: Tx,
  type: typeof requestType.$inferSelect,
  sent: Record<string, unknown>,
  language: 'en' | 'zh-cn' | 'zh-tw',
) {
  const fields = formFields(type.fields, await customFieldDefinitions(tx, 'Ticket'), type.categoryId);
  const { values, problems } = checkCustomValues(fields, sent, { categoryId: type.categoryId, language });
  const first = problems[0];
  if (first)
    throw badRequest(
      first.message,
      problems.map((p) => fieldError(`values.${p.key}`, p.message)),
    );
  return values;
}
