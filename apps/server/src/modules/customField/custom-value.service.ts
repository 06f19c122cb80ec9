import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  checkCustomValues,
  customFieldMessages,
  customValueText,
  msg,
  type CustomFieldDefinition,
  type CustomFieldEntity,
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
import { customFieldDefinitions, registerCustomValueTable } from './custom-field.service.js';
import { customField, type CustomValuesTable } from './custom-field.table.js';

/** How a value table's records are named: the kind, its value table and the record table's id column. */
export type CustomValueOwner = { entity: CustomFieldEntity; values: CustomValuesTable; recordId: PgColumn };

/** The words a value is read in (yes/no, a user's name) for a reader of `language`. */
const wordsFor = (language: Language, names: Map<number, string>) => ({
  yes: textAt(language, 'values.boolean.true') ?? 'Yes',
  no: textAt(language, 'values.boolean.false') ?? 'No',
  userName: (id: number) => names.get(id),
});

/** Users' names (active and former) by id. */
async function userNamesOf(q: Queryable, ids?: number[]): Promise<Map<number, string>> {
  if (ids?.length === 0) return new Map();
  const rows = await q
    .select({ id: appUser.id, name: displayNameSql(appUser.fullName, appUser.loginName) })
    .from(appUser)
    .where(ids ? inArray(appUser.id, ids) : undefined);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A value's rows: a multiselect one per option; numbers, decimals and users as numbers; the rest as text. */
function rowsForValue(def: CustomFieldDefinition, value: CustomValues[string] | undefined) {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map((textValue) => ({ textValue, numberValue: null }));
  if (def.type === 'number' || def.type === 'decimal' || def.type === 'user')
    return [{ textValue: null, numberValue: String(value) }];
  return [{ textValue: String(value), numberValue: null }];
}

/**
 * The custom values of one record kind (contract 21), the one piece every kind uses: checked against the kind's
 * definitions with the shared `checkCustomValues` (the web form's rule too), kept as typed rows, read back as
 * `{ key: value }`, filtered by index reads, exported a column per field and worded for templates.
 * Registers the value table, so that a definition holding values on any kind is not deleted.
 */
export function customValueStore({ entity, values: table, recordId: ownerId }: CustomValueOwner) {
  registerCustomValueTable({ entity, table, recordId: table.recordId, fieldId: table.fieldId });
  const definitions = (q: Queryable) => customFieldDefinitions(q, entity);

  /** The values of several records (a page, an export chunk) in one statement; records without any are absent. */
  async function valuesOf(q: Queryable, ids: number[], known?: CustomFieldDefinition[]) {
    const byRecord = new Map<number, CustomValues>();
    if (ids.length === 0) return byRecord;
    const defs = new Map((known ?? (await definitions(q))).map((d) => [d.id, d]));
    if (defs.size === 0) return byRecord;
    const rows = await q
      .select({
        recordId: table.recordId,
        fieldId: table.fieldId,
        textValue: table.textValue,
        numberValue: table.numberValue,
      })
      .from(table)
      .where(inArray(table.recordId, ids))
      .orderBy(table.recordId, table.fieldId, table.textValue);
    for (const row of rows) {
      const def = defs.get(row.fieldId);
      if (!def) continue;
      const values = byRecord.get(row.recordId) ?? {};
      byRecord.set(row.recordId, values);
      if (def.type === 'multiselect')
        values[def.key] = [...((values[def.key] as string[] | undefined) ?? []), row.textValue ?? ''];
      else if (def.type === 'number' || def.type === 'user') values[def.key] = Number(row.numberValue);
      else if (def.type === 'decimal') values[def.key] = row.numberValue;
      else if (def.type === 'checkbox') values[def.key] = row.textValue === 'true';
      else values[def.key] = row.textValue;
    }
    return byRecord;
  }

  const valuesOfRecord = async (q: Queryable, id: number) => (await valuesOf(q, [id])).get(id) ?? {};

  /** Rows with their `customFields` (a page, a record just written, an export chunk). */
  async function addTo<T extends { id: number }>(q: Queryable, rows: T[], known?: CustomFieldDefinition[]) {
    const values = await valuesOf(
      q,
      rows.map((row) => row.id),
      known,
    );
    return rows.map((row) => ({ ...row, customFields: values.get(row.id) ?? {} }));
  }

  /**
   * Checks the values a create or change sends (and, on a change of category, the required fields of the new one)
   * and answers those to write; a refusal is a 400 naming each field by its label in the caller's language.
   */
  async function judge(
    tx: Tx,
    actor: Actor,
    sent: Record<string, unknown> | undefined,
    categoryId: number | null | undefined,
    options: { stored?: CustomValues; skipRequired?: boolean } = {},
  ): Promise<{ definitions: CustomFieldDefinition[]; values: CustomValues }> {
    const defs = await definitions(tx);
    if (defs.length === 0 && (!sent || Object.keys(sent).length === 0)) return { definitions: defs, values: {} };
    const language = languageFrom(actor.language) ?? 'en';
    const { values, problems } = checkCustomValues(defs, sent ?? {}, { categoryId, language, ...options });
    const byKey = new Map(defs.map((d) => [d.key, d]));
    const users = Object.entries(values)
      .filter(([key, value]) => byKey.get(key)?.type === 'user' && typeof value === 'number')
      .map(([key, value]) => ({ key, id: value as number }));
    if (users.length > 0) {
      const active = await tx
        .select({ id: appUser.id })
        .from(appUser)
        .where(
          and(
            inArray(
              appUser.id,
              users.map((u) => u.id),
            ),
            eq(appUser.status, 'Active'),
            isNull(appUser.deletedAt),
          ),
        );
      const known = new Set(active.map((u) => u.id));
      for (const { key, id } of users)
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
    return { definitions: defs, values };
  }

  /** Checks what a write sends and writes it, inside the write's transaction; `stored` on a change. */
  async function save(
    tx: Tx,
    actor: Actor,
    id: number,
    sent: Record<string, unknown> | undefined,
    options: { categoryId?: number | null; stored?: CustomValues } = {},
  ) {
    const judged = await judge(tx, actor, sent, options.categoryId, { stored: options.stored });
    await write(tx, id, judged.definitions, judged.values);
  }

  /** Writes the changed fields' values inside the caller's transaction (its history entry is the caller's). */
  async function write(tx: Tx, id: number, defs: CustomFieldDefinition[], values: CustomValues) {
    const byKey = new Map(defs.map((d) => [d.key, d]));
    const fields = Object.keys(values)
      .map((key) => byKey.get(key))
      .filter((d): d is CustomFieldDefinition => d !== undefined);
    if (fields.length === 0) return;
    await tx.delete(table).where(
      and(
        eq(table.recordId, id),
        inArray(
          table.fieldId,
          fields.map((d) => d.id),
        ),
      ),
    );
    const rows = fields.flatMap((def) =>
      rowsForValue(def, values[def.key]).map((row) => ({ recordId: id, fieldId: def.id, ...row })),
    );
    if (rows.length > 0) await tx.insert(table).values(rows);
  }

  /**
   * The list filter `custom: { key: value | { min, max } }`: one semi-join per field, each an index read of
   * (field, value), composing with the scope and the other filters. A number (or a range of numbers) reads the
   * numeric values (number, decimal, user); text, yes/no and dates (ISO text) the text values.
   * An unknown key matches nothing rather than everything.
   */
  function condition(filter: CustomFilter | undefined): SQL | undefined {
    if (!filter || Object.keys(filter).length === 0) return undefined;
    const conditions = Object.entries(filter).map(([key, wanted]) => {
      const fieldId = sql`(select ${customField.id} from ${customField}
        where ${customField.appliesTo} = ${entity} and ${customField.key} = ${key})`;
      const bounds = typeof wanted === 'object' ? [wanted.min, wanted.max] : [wanted];
      const numeric = bounds.some((bound) => typeof bound === 'number');
      const column = numeric ? table.numberValue : table.textValue;
      const match =
        typeof wanted === 'object'
          ? and(
              wanted.min !== undefined ? gte(column, String(wanted.min)) : undefined,
              wanted.max !== undefined ? lte(column, String(wanted.max)) : undefined,
            )
          : eq(column, String(wanted));
      return sql`${ownerId} in (select ${table.recordId} from ${table}
        where ${table.fieldId} = ${fieldId} and ${match ?? sql`true`})`;
    });
    return and(...conditions);
  }

  /** Rows (an export's) with their custom values, a chunk of rows at a time. */
  async function* withValues<T extends { id: number }>(q: Queryable, rows: AsyncIterable<T>, chunk = 2000) {
    const defs = await definitions(q);
    let batch: T[] = [];
    for await (const row of rows) {
      batch.push(row);
      if (batch.length < chunk) continue;
      yield* await addTo(q, batch, defs);
      batch = [];
    }
    if (batch.length > 0) yield* await addTo(q, batch, defs);
  }

  /** An export's column per field (archived ones too: their values still read), headed by its label. */
  async function exportColumns(q: Queryable): Promise<ExportColumn[]> {
    const defs = await definitions(q);
    const names = defs.some((d) => d.type === 'user') ? await userNamesOf(q) : new Map<number, string>();
    return defs.map((def) => ({
      field: `custom.${def.key}`,
      headers: def.label,
      width: def.type === 'textarea' ? 40 : 20,
      cell: (row, language) => {
        const value = (row.customFields as CustomValues | undefined)?.[def.key];
        if (def.type === 'number') return value ?? null;
        return customValueText(def, value, language, wordsFor(language, names)) || null;
      },
    }));
  }

  /**
   * A record's values as a reader of `language` reads them (option labels, a user's name, yes/no), by key: the
   * templates' `{{ ticket.custom.<key> }}`. Every defined key is present (empty when the record has no value).
   */
  async function textsOf(q: Queryable, id: number, language: Language): Promise<Record<string, string>> {
    const defs = await definitions(q);
    if (defs.length === 0) return {};
    const values = (await valuesOf(q, [id], defs)).get(id) ?? {};
    const userIds = defs.filter((d) => d.type === 'user' && typeof values[d.key] === 'number');
    const names = await userNamesOf(
      q,
      userIds.map((d) => values[d.key] as number),
    );
    return Object.fromEntries(
      defs.map((def) => [def.key, customValueText(def, values[def.key], language, wordsFor(language, names))]),
    );
  }

  return {
    definitions,
    valuesOf,
    valuesOfRecord,
    addTo,
    judge,
    save,
    write,
    condition,
    withValues,
    exportColumns,
    textsOf,
  };
}
export type CustomValueStore = ReturnType<typeof customValueStore>;
