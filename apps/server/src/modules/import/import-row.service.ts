import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { importMessages, msg, type MessageValues } from '@casedesk/shared';
import { hasPermission } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import { rowsOf, type Db, type Tx } from '../../platform/db.js';
import { AppError, badRequest } from '../../platform/errors.js';
import type { SheetRow } from './import.reader.js';
import type { importDefinition, ImportProblem, ImportReason } from './import.table.js';
import { problemOfFieldError, problemsOfIssues } from './import-problems.js';
import type { ImportLanguage } from './import.texts.js';
import { referenceTables, type TargetAdapter, type TargetField } from './import-target.adapter.js';
import {
  customCellValue,
  customFieldProblem,
  foldCustomValues,
  isPlainObject,
  userField,
} from './import-custom-values.js';

type Definition = typeof importDefinition.$inferSelect;
export type Outcome = 'inserted' | 'updated' | 'unchanged';

class RowRefused extends Error {
  constructor(readonly reason: ImportReason) {
    super('row refused');
  }
}
/** A row refused with one of the import's own messages (written in the starter's language). */
const refuse = (name: keyof typeof importMessages, values?: MessageValues): RowRefused =>
  new RowRefused(values ? { key: `import.${name}`, values } : { key: `import.${name}` });

/** Turns one sheet row into a write through the target: converts, resolves references, matches, compares. */
export class RowWorker {
  private readonly fieldsByName: Map<string, TargetField>;
  private readonly mapped: { field: TargetField; index: number }[];
  private readonly keys = new Map<string, number>();
  private references = new Map<string, number | 'none' | 'many'>();
  /** What the target prepared for this batch's rows out of its transaction (by row number). */
  private prepared = new Map<number, unknown>();

  /** `fields`: the target's, its custom fields included (`targetFields`). */
  constructor(
    private readonly definition: Definition,
    private readonly adapter: TargetAdapter,
    fields: TargetField[],
    private readonly actor: Actor,
    columns: string[],
    private readonly dataDir: string,
  ) {
    this.fieldsByName = new Map(fields.map((f) => [f.field, f]));
    const columnIndex = new Map(columns.map((c, i) => [c.toLowerCase(), i]));
    this.mapped = definition.mappings.map((m) => {
      const index = columnIndex.get(m.column.trim().toLowerCase());
      if (index === undefined) throw badRequest(msg(importMessages, 'unknownColumn', { column: m.column }));
      const field = this.fieldsByName.get(m.field);
      if (!field) throw badRequest(msg(importMessages, 'unknownField', { field: m.field }));
      return { field, index };
    });
  }

  private get matching() {
    return this.definition.operationType !== 'Insert' && this.definition.matchConditions.length > 0;
  }

  /** The row's match key as text (case and spaces aside), or undefined when it has none. */
  private keyOf(row: SheetRow): string | undefined {
    if (!this.matching) return undefined;
    const parts = this.definition.matchConditions.map((field) => {
      const m = this.mapped.find((x) => x.field.field === field);
      return m ? (row.cells[m.index] ?? '').trim().toLowerCase() : '';
    });
    return parts.every((p) => p === '') ? undefined : JSON.stringify(parts);
  }

  /** A row before the resume point: its key still makes later rows duplicates. */
  remember(row: SheetRow) {
    const key = this.keyOf(row);
    if (key !== undefined && !this.keys.has(key)) this.keys.set(key, row.rowNo);
  }

  /** A dry run rolled back: what it resolved may have been created inside it. */
  forgetCache() {
    this.references = new Map();
  }

  /**
   * The target's slow work for a batch's rows (`TargetAdapter.prepare`), run before the batch's transaction opens;
   * side by side, as hashing runs on libuv's threads. An upsert leaves out the rows that already match a record (a
   * read now, outside the transaction; a row that matches nothing by then is prepared inside, as without this).
   */
  async prepare(db: Db, rows: SheetRow[]): Promise<void> {
    const prepare = this.adapter.prepare;
    this.prepared = new Map();
    if (!prepare || this.definition.operationType === 'Update') return;
    const textOf = (row: SheetRow) => (name: string) => {
      const m = this.mapped.find((x) => x.field.field === name);
      const text = m ? (row.cells[m.index] ?? '').trim() : '';
      return text === '' ? undefined : text;
    };
    const answers = await Promise.all(
      rows.map(async (row) => ((await this.matchesNow(db, textOf(row))) ? undefined : prepare(textOf(row)))),
    );
    rows.forEach((row, i) => this.prepared.set(row.rowNo, answers[i]));
  }

  /** Whether an upsert's row matches a record now, by plain match fields (others: not known, so not). */
  private async matchesNow(db: Db, text: (field: string) => string | undefined): Promise<boolean> {
    if (!this.matching) return false;
    const match: Record<string, unknown> = {};
    for (const name of this.definition.matchConditions) {
      const field = this.fieldsByName.get(name);
      const value = text(name);
      if (!field || field.ref || field.custom || field.type !== 'text' || value === undefined) return false;
      match[name] = value;
    }
    const w = { tx: db as unknown as Tx, actor: this.actor, dataDir: this.dataDir };
    return (await this.adapter.find(w, match)) !== undefined;
  }

  async write(tx: Tx, row: SheetRow): Promise<Outcome> {
    if (row.error) throw new RowRefused(row.error);
    const key = this.keyOf(row);
    if (key !== undefined) {
      const first = this.keys.get(key);
      if (first !== undefined) throw refuse('duplicateRow', { row: first });
      this.keys.set(key, row.rowNo);
    }
    const values: Record<string, unknown> = {};
    const problems: ImportProblem[] = [];
    for (const { field, index } of this.mapped) {
      const text = (row.cells[index] ?? '').trim();
      if (text === '') continue;
      try {
        values[field.field] = await this.convert(tx, field, text);
      } catch (error) {
        if (!(error instanceof RowRefused) || 'problems' in error.reason) throw error;
        problems.push(error.reason);
      }
    }
    foldCustomValues(values);
    // A reference not found: the row's other problems are listed with it (what the target's schema refuses).
    if (problems.length > 0) {
      const failed = new Set(problems.map((p) => ('key' in p ? String(p.values?.field) : '')));
      const issues = this.definition.operationType === 'Insert' ? (this.adapter.check?.(values) ?? []) : [];
      const others = problemsOfIssues(issues, values).filter(
        (p) => !('key' in p) || !failed.has(String(p.values?.field)),
      );
      throw new RowRefused(
        problems.length + others.length === 1 ? problems[0]! : { problems: [...problems, ...others] },
      );
    }
    try {
      return await this.save(tx, values, this.prepared.get(row.rowNo));
    } catch (error) {
      // The target's schema names every field it refuses: each becomes a sentence with the value the row gave.
      if (error instanceof z.ZodError) throw new RowRefused(this.reasonOf(error, values));
      throw error;
    }
  }

  private async save(tx: Tx, values: Record<string, unknown>, prepared: unknown): Promise<Outcome> {
    const w = { tx, actor: this.actor, dataDir: this.dataDir };
    const permissions = this.adapter.permissions;
    const insert = async (): Promise<Outcome> => {
      if (!hasPermission(this.actor, permissions.insert)) throw refuse('noCreatePermission');
      await this.adapter.insert(w, this.writable(values), prepared);
      return 'inserted';
    };
    if (this.definition.operationType === 'Insert') return insert();
    const match: Record<string, unknown> = {};
    for (const field of this.definition.matchConditions) {
      if (values[field] === undefined) throw refuse('matchValueMissing', { field });
      match[field] = values[field];
    }
    const matched = await this.adapter.find(w, match);
    if (!matched) {
      if (this.definition.operationType === 'Update') throw refuse('noMatch');
      return insert();
    }
    if (!hasPermission(this.actor, permissions.update)) throw refuse('noEditPermission');
    // Fields the target takes on insert only (a user's password) are not compared or sent on update.
    const changes = Object.fromEntries(
      Object.entries(this.writable(values)).filter(([k]) => !this.fieldsByName.get(k)?.insertOnly),
    );
    if (Object.entries(changes).every(([k, v]) => same(v, matched.values[k]))) return 'unchanged';
    await this.adapter.update(w, matched, changes);
    return 'updated';
  }

  /** The values a write takes: match-only fields (a ticket's case number) are left out. */
  private writable(values: Record<string, unknown>) {
    return Object.fromEntries(Object.entries(values).filter(([k]) => !this.fieldsByName.get(k)?.matchOnly));
  }

  private async convert(tx: Tx, field: TargetField, text: string): Promise<unknown> {
    if (field.custom) return customCellValue(field.custom, text, (login) => this.resolve(tx, userField(field), login));
    if (field.ref) {
      if (!field.many) return this.resolve(tx, field, text);
      const parts = text
        .split(/[,;，；]/)
        .map((p) => p.trim())
        .filter(Boolean);
      const ids: number[] = [];
      for (const part of parts) ids.push(await this.resolve(tx, field, part));
      return ids;
    }
    switch (field.type) {
      case 'number':
        return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
      case 'boolean': {
        const t = text.toLowerCase();
        if (['true', 'yes', 'y', '1', '是', '√'].includes(t)) return true;
        if (['false', 'no', 'n', '0', '否'].includes(t)) return false;
        return text;
      }
      case 'date':
        return /^\d{4}[-/]\d{1,2}[-/]\d{1,2}$/.test(text)
          ? text
              .split(/[-/]/)
              .map((p, i) => (i === 0 ? p : p.padStart(2, '0')))
              .join('-')
          : text;
      default:
        return text;
    }
  }

  /** A reference by code (first) or name, to its id; refused when nothing or more than one record has it. */
  private async resolve(tx: Tx, field: TargetField, text: string): Promise<number> {
    const kind = field.ref!;
    const cacheKey = `${kind}:${text.toLowerCase()}`;
    let found = this.references.get(cacheKey);
    if (found === undefined) {
      const t = referenceTables[kind];
      const byCode = await rowsOf<{ id: number }>(
        tx,
        sql`select id from ${sql.identifier(t.table)} where lower(${sql.identifier(t.code)}) = lower(${text}) limit 2`,
      );
      let rows = byCode;
      if (rows.length === 0 && t.name)
        rows = await rowsOf<{ id: number }>(
          tx,
          sql`select id from ${sql.identifier(t.table)} where lower(${sql.identifier(t.name)}) = lower(${text}) limit 2`,
        );
      found = rows.length === 0 ? 'none' : rows.length > 1 ? 'many' : Number(rows[0]!.id);
      this.references.set(cacheKey, found);
    }
    if (found === 'none') throw refuse('referenceNotFound', { field: field.field, value: text });
    if (found === 'many') throw refuse('referenceAmbiguous', { field: field.field, value: text });
    return found;
  }

  /** Why a row was refused: every problem zod found (as the import's sentences), the target's keyed refusal. */
  reasonOf(error: unknown, values: Record<string, unknown> = {}): ImportReason {
    if (error instanceof RowRefused) return error.reason;
    if (error instanceof z.ZodError) {
      const problems = problemsOfIssues(error.issues, values);
      return problems.length === 1 ? problems[0]! : { problems };
    }
    if (error instanceof AppError) {
      // A refusal of fields (the target's own checks, or its schema's): each field's problem by its key, worded in
      // the file's language with the field's label, as an answer to the starter would word it.
      const problems = (error.errors ?? []).map((e) => customFieldProblem(e) ?? problemOfFieldError(e));
      if (problems.length > 0) return problems.length === 1 ? problems[0]! : { problems };
      return error.messageRef ? { ...error.messageRef, text: error.message } : { text: error.message };
    }
    return { text: error instanceof Error ? error.message : String(error) };
  }

  /** A field's label in a language (the error file's), or the text as it is where it names no field. */
  labelOf(language: ImportLanguage) {
    return (field: string) => this.fieldsByName.get(field)?.labels[language] ?? field;
  }
}

/** Equal for "nothing to change": blanks alike, numbers and decimals by value, lists as sets. */
function same(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) && blank(b)) return true;
  // Custom values: each one sent against the stored one (those not sent stay as they are).
  if (isPlainObject(a)) return Object.entries(a).every(([k, v]) => same(v, isPlainObject(b) ? b[k] : undefined));
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    const sa = a.map(String).sort();
    const sb = b.map(String).sort();
    return sa.length === sb.length && sa.every((v, i) => v === sb[i]);
  }
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  const ta = String(a);
  const tb = String(b);
  if (ta === tb) return true;
  if (/^-?\d+(\.\d+)?$/.test(ta) && /^-?\d+(\.\d+)?$/.test(tb)) return Number(ta) === Number(tb);
  // A date cell against a stored timestamp at midnight UTC.
  return /^\d{4}-\d{2}-\d{2}$/.test(ta) && tb.startsWith(`${ta}T00:00:00`);
}
