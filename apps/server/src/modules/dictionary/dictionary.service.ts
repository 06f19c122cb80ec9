import { and, asc, eq, sql } from 'drizzle-orm';
import type { DictionaryCreate } from '@casedesk/shared';
import type { Db, Queryable, Tx } from '../../db/database.js';
import { dictionary, dictionaryItem } from './dictionary.table.js';

export async function itemsOf(q: Queryable, dictionaryId: number) {
  return q
    .select({
      id: dictionaryItem.id,
      key: dictionaryItem.key,
      parentKey: dictionaryItem.parentKey,
      name: dictionaryItem.name,
      value: dictionaryItem.value,
      sort: dictionaryItem.sort,
      enable: dictionaryItem.enable,
    })
    .from(dictionaryItem)
    .where(eq(dictionaryItem.dictionaryId, dictionaryId))
    .orderBy(asc(dictionaryItem.sort), asc(dictionaryItem.id));
}

/** The saved items replace the old ones, in the dictionary's own transaction. */
export async function replaceItems(tx: Tx, dictionaryId: number, items: DictionaryCreate['items']): Promise<void> {
  await tx.delete(dictionaryItem).where(eq(dictionaryItem.dictionaryId, dictionaryId));
  if (items.length > 0) await tx.insert(dictionaryItem).values(items.map((item) => ({ ...item, dictionaryId })));
}

/** The enabled items of an enabled dictionary, by its code (case-insensitive); none when it is unknown or off. */
export async function enabledItemsByCode(db: Db, code: string) {
  const [found] = await db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(sql`lower(${dictionary.code})`, code.toLowerCase()), eq(dictionary.enable, true)));
  if (!found) return [];
  return (await itemsOf(db, found.id)).filter((item) => item.enable);
}
