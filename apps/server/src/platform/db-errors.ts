import { sql } from 'drizzle-orm';
import type { Queryable } from './db.js';
import { messages, msg, type Message } from '@casedesk/shared';
import { type AppError, conflict, fieldRefusal, namedFieldRefusal } from './errors.js';

type PgError = { code?: string; constraint?: string; table?: string; detail?: string; message?: string };

/** The PostgreSQL error under whatever the driver or Drizzle wrapped it in. */
export function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as {
      code?: unknown;
      constraint?: unknown;
      table?: unknown;
      detail?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        table: typeof candidate.table === 'string' ? candidate.table : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
        message: typeof candidate.message === 'string' ? candidate.message : undefined,
      };
    current = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorOf(error)?.code === '23505';
export const isSerializationFailure = (error: unknown) => ['40001', '40P01'].includes(pgErrorOf(error)?.code ?? '');

/** A violated foreign key: a record still in use was deleted, or a row named a record that does not exist. */
export type ForeignKeyViolation =
  | { kind: 'inUse'; constraint: string; target: string; referencing: string }
  | { kind: 'missing'; constraint: string; column: string; target: string };

/**
 * How a module words a key's refusals: `inUse` when a delete of `target` records meets `count` rows of
 * `table.column` still pointing at them, `missing` when a saved row names a record that does not exist.
 * `first`: said before the other refusals of the same target when several keys stand in the way.
 */
export type ReferenceRefusal = {
  target: string;
  table: string;
  column: string;
  inUse?: (count: number) => Message;
  missing?: Message;
  first?: boolean;
};

const refusals = new Map<string, ReferenceRefusal>();

/** A module words the refusals of its key `constraint` (the generic texts otherwise). */
export function describeReference(constraint: string, refusal: ReferenceRefusal): void {
  refusals.set(constraint, refusal);
}

// PostgreSQL 15 reports a RESTRICT key as 23503 like any other; 18 as 23001 (restrict_violation).
export function foreignKeyViolationOf(error: unknown): ForeignKeyViolation | undefined {
  const pg = pgErrorOf(error);
  if (!pg?.constraint || (pg.code !== '23503' && pg.code !== '23001')) return undefined;
  const missing = /^Key \((.+?)\)=\(.*\) is not present in table "(.+?)"/.exec(pg.detail ?? '');
  if (missing) return { kind: 'missing', constraint: pg.constraint, column: missing[1]!, target: missing[2]! };
  const target = /^update or delete on table "(.+?)"/.exec(pg.message ?? '')?.[1] ?? 'record';
  return { kind: 'inUse', constraint: pg.constraint, target, referencing: pg.table ?? 'other records' };
}

const labelOf = (table: string) => (table === 'app_user' ? 'user' : table.replace(/_/g, ' '));
const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The answer to a violated key without counting: 409 naming what is in the way, or 400 naming the field. */
export function foreignKeyError(violation: ForeignKeyViolation): AppError {
  const described = refusals.get(violation.constraint);
  if (violation.kind === 'missing') {
    const field = fieldOf(violation.column);
    if (described?.missing) return fieldRefusal(field, described.missing);
    return namedFieldRefusal(field, msg(messages, 'recordMissing', { label: labelOf(violation.target) }));
  }
  return conflict(
    msg(messages, 'recordInUse', {
      label: labelOf(violation.target),
      referencing: labelOf(violation.referencing),
    }),
  );
}

/**
 * The refusal of a delete of `ids` that a key stopped, after its transaction rolled back: in the owning module's
 * words with the number of rows in the way (several keys may stand in the way; PostgreSQL names one of them),
 * the generic answer when no module described a key in the way.
 */
export async function deleteRefusal(
  q: Queryable,
  error: unknown,
  ids: readonly number[],
): Promise<AppError | undefined> {
  const violation = foreignKeyViolationOf(error);
  if (!violation) return undefined;
  if (violation.kind !== 'inUse' || ids.length === 0) return foreignKeyError(violation);
  const described = [...refusals.values()]
    .filter((refusal) => refusal.target === violation.target && refusal.inUse)
    .sort((a, b) => Number(Boolean(b.first)) - Number(Boolean(a.first)));
  for (const refusal of described) {
    const counted = (await q.execute(
      sql`select count(*)::int as n from ${sql.identifier(refusal.table)}
          where ${sql.identifier(refusal.column)} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    )) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]?.n ?? 0;
    if (n > 0 && refusal.inUse) return conflict(refusal.inUse(n));
  }
  return foreignKeyError(violation);
}
