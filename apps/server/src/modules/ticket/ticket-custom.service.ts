import type { CustomFieldDefinition, CustomFilter, CustomValues } from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Queryable, Tx } from '../../platform/db.js';
import type { Language } from '../../platform/translator.js';
import { customValueStore } from '../customField/index.js';
import { ticket, ticketCustomValue } from './ticket.table.js';

// Ticket custom fields (contract 21): the customField module's one store over `ticket_custom_value`; the names
// below are what the ticket module, workflows and service levels have always called.

export const ticketCustomValues = customValueStore({
  entity: 'Ticket',
  values: ticketCustomValue,
  recordId: ticket.id,
});

export const ticketFieldDefinitions = (q: Queryable) => ticketCustomValues.definitions(q);

/** The values of several tickets (a page, an export chunk) in one statement; tickets without any are absent. */
export const customValuesOf = (q: Queryable, ticketIds: number[], definitions?: CustomFieldDefinition[]) =>
  ticketCustomValues.valuesOf(q, ticketIds, definitions);

export const customValuesOfTicket = (q: Queryable, ticketId: number) => ticketCustomValues.valuesOfRecord(q, ticketId);

/** Checks the values a create or change sends; a refusal is a 400 naming each field by its label. */
export const judgeCustomValues = (
  tx: Tx,
  actor: Actor,
  sent: Record<string, unknown> | undefined,
  categoryId: number | null | undefined,
  options: { stored?: CustomValues; skipRequired?: boolean } = {},
) => ticketCustomValues.judge(tx, actor, sent, categoryId, options);

/** Writes the changed fields' values inside the caller's transaction (its history entry is the caller's). */
export const writeCustomValues = (
  tx: Tx,
  ticketId: number,
  definitions: CustomFieldDefinition[],
  values: CustomValues,
) => ticketCustomValues.write(tx, ticketId, definitions, values);

/** `Ticket/Query`'s `custom` filter: one index read per field. */
export const customCondition = (filter: CustomFilter | undefined) => ticketCustomValues.condition(filter);

/** Rows (an export's) with their custom values, a chunk of rows at a time. */
export const withCustomValues = <T extends { id: number }>(q: Queryable, rows: AsyncIterable<T>, chunk = 2000) =>
  ticketCustomValues.withValues(q, rows, chunk);

/** An export's column per custom field, headed by its label. */
export const customFieldExportColumns = (q: Queryable) => ticketCustomValues.exportColumns(q);

/** A ticket's custom values worded for `language`, by key: the templates' `{{ ticket.custom.<key> }}`. */
export const customTextsOf = (q: Queryable, ticketId: number, language: Language) =>
  ticketCustomValues.textsOf(q, ticketId, language);
