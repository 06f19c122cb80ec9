import { seededDictionaryItems, seededNames } from '@casedesk/shared';
import type { Tx } from '../../platform/db.js';
import { dictionary, dictionaryItem } from './dictionary.table.js';

/** Demo dictionaries: ticket types and business units. */
export async function seedDemoDictionaries(tx: Tx): Promise<void> {
  const [ticketType] = await tx
    .insert(dictionary)
    .values({
      code: 'ticketType',
      name: seededNames.dictionary.ticketType,
      category: seededNames.dictionaryCategory.ticketType,
      sort: 1,
    })
    .returning({ id: dictionary.id });
  await tx.insert(dictionaryItem).values(
    seededDictionaryItems('ticketType').map(({ key, name }, i) => ({
      dictionaryId: ticketType!.id,
      key,
      name,
      value: name.replace(/ /g, ''),
      sort: i,
    })),
  );
  const [businessUnit] = await tx
    .insert(dictionary)
    .values({
      code: 'businessUnit',
      name: seededNames.dictionary.businessUnit,
      category: seededNames.dictionaryCategory.businessUnit,
      sort: 2,
    })
    .returning({ id: dictionary.id });
  await tx.insert(dictionaryItem).values(
    seededDictionaryItems('businessUnit').map(({ key, name }, i) => ({
      dictionaryId: businessUnit!.id,
      key,
      name,
      value: name,
      sort: i,
    })),
  );
}
