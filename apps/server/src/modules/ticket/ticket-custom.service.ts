import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  checkCustomValues,
  customFieldMessages,
  customValueText,
  msg,
  type CustomFieldDefinition,
  type CustomFilter,
  type CustomValues,
} from '@casedesk/shared';
import type { Actor } from '../../platform/actor.js';
import type { Queryable, Tx } from '../../platform/db.js';
import { badRequest, fieldError } from '../../platform/errors.js';
import type { ExportColumn } from '../../platform/export.js';
import { displayNameSql } from '../../platform/user-directory.js';
import { languageFrom, textAt, type Language } from '../../platform/translator.js';
import { appUser } from '../user/index.js';
import { customField, customFieldDefinitions } from '../customField/index.js';
import { ticket, ticketCustomValue } from './ticket.table.js';

// Ticket custom fields (contract 21): checked against the definitions, kept as typed rows, read back as
// `{ key: value }`, filtered by index reads. The shared `checkCustomValues` is the one rule (the web form's too).

export const ticketFieldDefinitions = (q: Queryable) => customFieldDefinitions(q, 'Ticket');

/** The values of several tickets (a page, an export chunk) in one statement; tickets without any are absent. */
export async function customValuesOf(
  q: Queryable,
  ticketIds: number[],
  definitions?: CustomFieldDefinition[],
): Promise<Map<number, CustomValues>> {
  const byTicket = new Map<number, CustomValues>();
  if (ticketIds.length === 0) return byTicket;
  const defs = new Map((definitions ?? (await ticketFieldDefinitions(q))).map((d) => [d.id, d]));
  const rows = await q
    .select({
      ticketId: ticketCustomValue.ticketId,
      fieldId: ticketCustomValue.fieldId,
      textValue: ticketCustomValue.textValue,
      numberValue: ticketCustomValue.numberValue,
    })
    .from(ticketCustomValue)
    .where(inArray(ticketCustomValue.ticketId, ticketIds))
    .orderBy(ticketCustomValue.ticketId, ticketCustomValue.fieldId, ticketCustomValue.textValue);
  for (const row of rows) {
    const def = defs.get(row.fieldId);
    if (!def) continue;
    const values = byTicket.get(row.ticketId) ?? {};
    byTicket.set(row.ticketId, values);
    if (def.type === 'multiselect')
      values[def.key] = [...((values[def.key] as string[] | undefined) ?? []), row.textValue ?? ''];
    else if (def.type === 'number' || def.type === 'user') values[def.key] = Number(row.numberValue);
    else if (def.type === 'decimal') values[def.key] = row.numberValue;
    else if (def.type === 'checkbox') values[def.key] = row.textValue === 'true';
    else values[def.key] = row.textValue;
  }
  return byTicket;
}

export const customValuesOfTicket = async (q: Queryable, ticketId: number) =>
  (await customValuesOf(q, [ticketId])).get(ticketId) ?? {};

/** A value's rows: a multiselect one per option; numbers, decimals and users as numbers; the rest as text. */
function rowsForValue(def: CustomFieldDefinition, value: CustomValues[string] | undefined) {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((textValue) => ({ textValue, numberValue: null }));
  if (def.type === 'number' || def.type === 'decimal' || def.type === 'user')
    return [{ textValue: null, numberValue: String(value) }];
  return [{ textValue: String(value), numberValue: null }];
}

/**
 * Checks the values a create or change sends (and, on a change of category, the required fields of the new one)
 * and answers those to write; a refusal is a 400 naming each field by its label in the caller's language.
 */
export async function judgeCustomValues(
  tx: Tx,
  actor: Actor,
  sent: Record<string, unknown> | undefined,
  categoryId: number | null | undefined,
  options: { stored?: CustomValues; skipRequired?: boolean } = {},
): Promise<{ definitions: CustomFieldDefinition[]; values: CustomValues }> {
  const definitions = await ticketFieldDefinitions(tx);
  if (definitions.length === 0 && (!sent || Object.keys(sent).length === 0)) return { definitions, values: {} };
  const language = languageFrom(actor.language) ?? 'en';
  const { values, problems } = checkCustomValues(definitions, sent ?? {}, { categoryId, language, ...options });
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const userIds = Object.entries(values)
    .filter(([key, value]) => byKey.get(key)?.type === 'user' && typeof value === 'number')
    .map(([key, value]) => ({ key, id: value as number }));
  if (userIds.length > 0) {
    const ids = userIds.map((u) => u.id);
    const active = await tx
      .select({ id: appUser.id })
      .from(appUser)
      .where(and(inArray(appUser.id, ids), eq(appUser.status, 'Active'), isNull(appUser.deletedAt)));
    const known = new Set(active.map((u) => u.id));
    for (const { key, id } of userIds)
      if (!known.has(id))
        problems.push({
          key,
          message: msg(customFieldMessages, 'userUnknown', { field: byKey.get(key)!.label[language] }),
        });
  }
  const first = problems[0];
  if (first)
    throw badRequest(
      first.message,
      problems.map((p) => fieldError(`customFields.${p.key}`, p.message)),
    );
  return { definitions, values };
}

/** Writes the changed fields' values inside the caller's transaction (its history entry is the caller's). */
export async function writeCustomValues(
  tx: Tx,
  ticketId: number,
  definitions: CustomFieldDefinition[],
  values: CustomValues,
) {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const fields = Object.keys(values)
    .map((key) => byKey.get(key))
    .filter((d): d is CustomFieldDefinition => d !== undefined);
  if (fields.length === 0) return;
  await tx.delete(ticketCustomValue).where(
    and(
      eq(ticketCustomValue.ticketId, ticketId),
      inArray(
        ticketCustomValue.fieldId,
        fields.map((d) => d.id),
      ),
    ),
  );
  const rows = fields.flatMap((def) =>
    rowsForValue(def, values[def.key]).map((row) => ({ ticketId, fieldId: def.id, ...row })),
  );
  if (rows.length > 0) await tx.insert(ticketCustomValue).values(rows);
}

/**
 * The list filter `custom: { key: value | { min, max } }`: one semi-join per field, each an index read of
 * (field, value) — as the tag filter composes with the visibility and the other filters. A number (or a range of
 * numbers) reads the numeric values (number, decimal, user); text, yes/no and dates (ISO text) the text values.
 * An unknown key matches nothing rather than everything.
 */
export function customCondition(filter: CustomFilter | undefined): SQL | undefined {
  if (!filter || Object.keys(filter).length === 0) return undefined;
  const conditions = Object.entries(filter).map(([key, wanted]) => {
    const fieldId = sql`(select ${customField.id} from ${customField}
      where ${customField.appliesTo} = 'Ticket' and ${customField.key} = ${key})`;
    const bounds = typeof wanted === 'object' ? [wanted.min, wanted.max] : [wanted];
    const numeric = bounds.some((bound) => typeof bound === 'number');
    const column = numeric ? ticketCustomValue.numberValue : ticketCustomValue.textValue;
    const match =
      typeof wanted === 'object'
        ? and(
            wanted.min !== undefined ? gte(column, String(wanted.min)) : undefined,
            wanted.max !== undefined ? lte(column, String(wanted.max)) : undefined,
          )
        : eq(column, String(wanted));
    return sql`${ticket.id} in (select ${ticketCustomValue.ticketId} from ${ticketCustomValue}
      where ${ticketCustomValue.fieldId} = ${fieldId} and ${match ?? sql`true`})`;
  });
  return and(...conditions);
}

/** Rows (an export's) with their custom values, a chunk of rows at a time. */
export async function* withCustomValues<T extends { id: number }>(q: Queryable, rows: AsyncIterable<T>, chunk = 2000) {
  const definitions = await ticketFieldDefinitions(q);
  let batch: T[] = [];
  const valued = async (list: T[]) => {
    const values = await customValuesOf(
      q,
      list.map((row) => row.id),
      definitions,
    );
    return list.map((row) => ({ ...row, customFields: values.get(row.id) ?? {} }));
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length < chunk) continue;
    yield* await valued(batch);
    batch = [];
  }
  if (batch.length > 0) yield* await valued(batch);
}

/** An export's column per custom field (archived ones too: their values still read), headed by its label. */
export async function customFieldExportColumns(q: Queryable): Promise<ExportColumn[]> {
  const definitions = await ticketFieldDefinitions(q);
  const names = await userNamesOf(
    q,
    definitions.some((d) => d.type === 'user'),
  );
  return definitions.map((def) => ({
    field: `custom.${def.key}`,
    headers: def.label,
    width: def.type === 'textarea' ? 40 : 20,
    cell: (row, language) => {
      const value = (row.customFields as CustomValues | undefined)?.[def.key];
      if (def.type === 'number') return value ?? null;
      return (
        customValueText(def, value, language, {
          yes: textAt(language, 'values.boolean.true') ?? 'Yes',
          no: textAt(language, 'values.boolean.false') ?? 'No',
          userName: (id) => names.get(id),
        }) || null
      );
    },
  }));
}

/** Active and former users' names by id, read once for an export with a user field. */
async function userNamesOf(q: Queryable, wanted: boolean): Promise<Map<number, string>> {
  if (!wanted) return new Map();
  const rows = await q
    .select({ id: appUser.id, name: displayNameSql(appUser.fullName, appUser.loginName) })
    .from(appUser);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * A ticket's custom values as a reader of `language` reads them (option labels, a user's name, yes/no), by key:
 * the templates' `{{ ticket.custom.<key> }}`. Every defined key is present (empty when the ticket has no value).
 */
export async function customTextsOf(
  q: Queryable,
  ticketId: number,
  language: Language,
): Promise<Record<string, string>> {
  const definitions = await ticketFieldDefinitions(q);
  if (definitions.length === 0) return {};
  const values = (await customValuesOf(q, [ticketId], definitions)).get(ticketId) ?? {};
  const userIds = definitions
    .filter((d) => d.type === 'user' && typeof values[d.key] === 'number')
    .map((d) => values[d.key] as number);
  const users = userIds.length
    ? await q
        .select({ id: appUser.id, name: displayNameSql(appUser.fullName, appUser.loginName) })
        .from(appUser)
        .where(inArray(appUser.id, userIds))
    : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return Object.fromEntries(
    definitions.map((def) => [
      def.key,
      customValueText(def, values[def.key], language, {
        yes: textAt(language, 'values.boolean.true') ?? 'Yes',
        no: textAt(language, 'values.boolean.false') ?? 'No',
        userName: (id) => names.get(id),
      }),
    ]),
  );
}
