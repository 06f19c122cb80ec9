import type { Tx } from '../../platform/db.js';
import { dictionary, dictionaryItem } from './dictionary.table.js';

/** Demo dictionaries: ticket types and business units. */
export async function seedDemoDictionaries(tx: Tx): Promise<void> {
  const [ticketType] = await tx
    .insert(dictionary)
    .values({ code: 'ticketType', name: 'Ticket type', category: 'ticket', sort: 1 })
    .returning({ id: dictionary.id });
  await tx.insert(dictionaryItem).values(
    ['Incident', 'Service request', 'Change', 'Problem'].map((name, i) => ({
      dictionaryId: ticketType!.id,
      key: name.toLowerCase().replace(/ /g, '-'),
      name,
      value: name.replace(/ /g, ''),
      sort: i,
    })),
  );
  const [businessUnit] = await tx
    .insert(dictionary)
    .values({ code: 'businessUnit', name: 'Business unit', category: 'organisation', sort: 2 })
    .returning({ id: dictionary.id });
  await tx.insert(dictionaryItem).values(
    ['Retail', 'Logistics', 'Technology', 'Trading', 'Manufacturing'].map((name, i) => ({
      dictionaryId: businessUnit!.id,
      key: name.toLowerCase(),
      name,
      value: name,
      sort: i,
    })),
  );
}
