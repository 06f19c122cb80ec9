import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Message } from '@casedesk/shared';
import type { Tx } from './db.js';

/** The records other modules hold references to, named by the module that owns them. */
export type ReferencedRecord = 'user' | 'dept' | 'position' | 'role' | 'userGroup' | 'webhook';

/**
 * What a module holds of a record another module owns (a ticket's assignee, a user's department), asked by the
 * owner before it deletes such records: the owner calls `referenceRefusal` and never imports the modules above it
 * (modules point down). The holder lists it in its manifest (`references: [...]`).
 */
export type RecordReference = {
  record: ReferencedRecord;
  /** Why some of `ids` may not go while this module holds them, or undefined. */
  refusal: (tx: Tx, ids: number[]) => Promise<Message | undefined>;
};

let references: readonly RecordReference[] | undefined;

/** The app sets the references of every manifest once at build (the same list for every app in a process). */
export function setRecordReferences(list: readonly RecordReference[]): void {
  references = list;
}

/** The first refusal, in manifest order, of the modules that hold any of these records; undefined when none does. */
export async function referenceRefusal(tx: Tx, record: ReferencedRecord, ids: number[]): Promise<Message | undefined> {
  // Never set would let every delete through unasked.
  if (!references) throw new Error('No record references: the app sets them from the manifests at build.');
  for (const reference of references) {
    if (reference.record !== record) continue;
    const refusal = await reference.refusal(tx, ids);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * A record shared with user groups (a canned reply, a macro, a ticket view) holds them: a group one names may not
 * go (the record would serve other people than those it was shared with). `refuse` words it with the record's name.
 */
export function sharedWithGroups(
  table: PgTable,
  columns: { name: PgColumn; groupIds: PgColumn },
  refuse: (name: string) => Message,
): RecordReference {
  return {
    record: 'userGroup',
    refusal: async (tx, ids) => {
      const [holder] = await tx
        .select({ name: columns.name })
        .from(table)
        .where(sql`${columns.groupIds} && ${sql`array[${sql.join(ids, sql`, `)}]::int[]`}`)
        .limit(1);
      return holder && refuse(String(holder.name));
    },
  };
}
