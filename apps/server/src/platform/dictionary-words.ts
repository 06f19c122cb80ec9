import { dictionaryItemNameIn, type DictionaryItemNames } from '@casedesk/shared';
import type { Queryable } from './db.js';
import { textAt, type Language } from './translator.js';

/** A dictionary item as a stored value is worded by: its names and the `value` records store. */
export type DictionaryItemWords = DictionaryItemNames & { value: string };

/**
 * A dictionary's enabled items by its code (none when it is unknown or off), as the screens' drop-downs read them.
 * The dictionary module answers, offered in its manifest and set by the app: the platform reads no module table.
 */
export type DictionaryItemsReader = (q: Queryable, code: string) => Promise<DictionaryItemWords[]>;

let reader: DictionaryItemsReader | undefined;

/** The app sets the dictionary module's reader once at build. */
export function setDictionaryItemsReader(value: DictionaryItemsReader | undefined): void {
  reader = value;
}

/** The enabled items of each dictionary named, by code. */
export async function dictionaryItemsByCode(
  q: Queryable,
  codes: readonly string[],
): Promise<Map<string, DictionaryItemWords[]>> {
  if (codes.length === 0) return new Map();
  const read = reader;
  if (!read) throw new Error('No dictionary items reader: the app sets it from the dictionary module at build.');
  return new Map(await Promise.all([...new Set(codes)].map(async (code) => [code, await read(q, code)] as const)));
}

/**
 * A stored dictionary value in a reader's language, as the web's `dictionaryValueLabel` shows it: the name of the
 * enabled item holding it (`dictionaryItemNameIn`), a value no such item holds as stored.
 */
export function dictionaryValueIn(
  language: Language,
  code: string,
  items: readonly DictionaryItemWords[],
  value: string,
): string {
  const item = items.find((i) => i.value === value);
  return item ? dictionaryItemNameIn(language, code, item, (key) => textAt(language, key)) : value;
}
