import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { dictionaryMessages, msg, type DictionaryCreate, type Message } from '@casedesk/shared';
import type { Queryable, Tx } from '../../platform/db.js';
import { conflict } from '../../platform/errors.js';
import { configuration } from '../configuration/index.js';
import { dictionary, dictionaryItem } from './dictionary.table.js';

export async function itemsOf(q: Queryable, dictionaryId: number) {
  return q
    .select({
      id: dictionaryItem.id,
      key: dictionaryItem.key,
      parentKey: dictionaryItem.parentKey,
      name: dictionaryItem.name,
      nameZhCn: dictionaryItem.nameZhCn,
      nameZhTw: dictionaryItem.nameZhTw,
      value: dictionaryItem.value,
      sort: dictionaryItem.sort,
      enable: dictionaryItem.enable,
    })
    .from(dictionaryItem)
    .where(eq(dictionaryItem.dictionaryId, dictionaryId))
    .orderBy(asc(dictionaryItem.sort), asc(dictionaryItem.id));
}

/**
 * The saved items replace the old ones, in the dictionary's own transaction. An item keeps its id while its key
 * stays (configuration entries point at it); removing one that a configuration entry still uses is refused.
 */
export async function replaceItems(tx: Tx, dictionaryId: number, items: DictionaryCreate['items']): Promise<void> {
  const kept = new Set(items.map((item) => item.key));
  const existing = await tx
    .select({ id: dictionaryItem.id, key: dictionaryItem.key })
    .from(dictionaryItem)
    .where(eq(dictionaryItem.dictionaryId, dictionaryId));
  const gone = existing.filter((item) => !kept.has(item.key));
  if (gone.length > 0) {
    const goneIds = gone.map((item) => item.id);
    const [used] = await tx
      .select({ typeId: configuration.typeId, n: count() })
      .from(configuration)
      .where(inArray(configuration.typeId, goneIds))
      .groupBy(configuration.typeId)
      .limit(1);
    if (used) {
      const key = gone.find((item) => item.id === used.typeId)?.key ?? '';
      throw conflict(msg(dictionaryMessages, 'itemUsedByConfiguration', { name: key, count: used.n }));
    }
    await tx.delete(dictionaryItem).where(inArray(dictionaryItem.id, goneIds));
  }
  if (items.length > 0)
    await tx
      .insert(dictionaryItem)
      // A blank language name is none: the item then reads by its other names.
      .values(
        items.map((item) => ({
          ...item,
          nameZhCn: item.nameZhCn || null,
          nameZhTw: item.nameZhTw || null,
          dictionaryId,
        })),
      )
      .onConflictDoUpdate({
        target: [dictionaryItem.dictionaryId, dictionaryItem.key],
        set: {
          parentKey: sql`excluded.parent_key`,
          name: sql`excluded.name`,
          nameZhCn: sql`excluded.name_zh_cn`,
          nameZhTw: sql`excluded.name_zh_tw`,
          value: sql`excluded.value`,
          sort: sql`excluded.sort`,
          enable: sql`excluded.enable`,
        },
      });
}

/** Why these dictionaries may not be deleted: configuration entries typed by their items. */
export async function dictionariesReferencedBy(tx: Tx, ids: number[]): Promise<Message | undefined> {
  const [used] = await tx
    .select({ n: count() })
    .from(configuration)
    .innerJoin(dictionaryItem, eq(dictionaryItem.id, configuration.typeId))
    .where(inArray(dictionaryItem.dictionaryId, ids));
  return used && used.n > 0 ? msg(dictionaryMessages, 'usedByConfiguration', { count: used.n }) : undefined;
}

/** The enabled items of an enabled dictionary, by its code (case-insensitive); none when it is unknown or off. */
export async function enabledItemsByCode(db: Queryable, code: string) {
  const [found] = await db
    .select({ id: dictionary.id })
    .from(dictionary)
    .where(and(eq(sql`lower(${dictionary.code})`, code.toLowerCase()), eq(dictionary.enable, true)));
  if (!found) return [];
  return (await itemsOf(db, found.id)).filter((item) => item.enable);
}
