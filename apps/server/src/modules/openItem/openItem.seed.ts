import { desc, eq, notInArray, sql } from 'drizzle-orm';
import { seededDictionaryItems, seededNames } from '@casedesk/shared';
import type { Db } from '../../platform/db.js';
import { dictionary, dictionaryItem } from '../dictionary/index.js';
import { ticket } from '../ticket/index.js';
import { openItem } from './openItem.table.js';

/** Task categories of open items (the web shows a seeded name in the reader's language while it is unchanged). */
const taskCategories = seededDictionaryItems('taskCategory');

/** System seed: the `taskCategory` dictionary and its items, added once and never overwriting an admin's edit. */
export async function seedTaskCategories(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(dictionary)
      .values({
        code: 'taskCategory',
        name: seededNames.dictionary.taskCategory,
        category: seededNames.dictionaryCategory.taskCategory,
        sort: 10,
      })
      .onConflictDoNothing();
    const [dict] = await tx.select({ id: dictionary.id }).from(dictionary).where(eq(dictionary.code, 'taskCategory'));
    const [any] = await tx
      .select({ id: dictionaryItem.id })
      .from(dictionaryItem)
      .where(eq(dictionaryItem.dictionaryId, dict!.id))
      .limit(1);
    if (any) return;
    await tx.insert(dictionaryItem).values(
      taskCategories.map(({ key, name }, i) => ({
        dictionaryId: dict!.id,
        key,
        name,
        value: name.replace(/-/g, ''),
        sort: i,
      })),
    );
  });
}

const demoItems = [
  { description: 'Collect the error logs from the affected machines', loe: '1.50', taskCategory: 'Analysis' },
  { description: 'Apply the vendor patch on the test server', loe: '3.25', taskCategory: 'Development' },
  { description: 'Confirm the fix with the customer', loe: '0.50', taskCategory: 'Followup' },
  { description: 'Update the knowledge base article', loe: '2.00', taskCategory: 'Documentation' },
];

/** Demo: a handful of open items on recent open demo tickets (after the demo tickets are written). */
export async function seedDemoOpenItems(db: Db): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(openItem);
  if ((existing?.n ?? 0) > 0) return 0;
  const tickets = await db
    .select({ id: ticket.id, projectId: ticket.projectId, assignTo: ticket.assignTo, openDate: ticket.openDate })
    .from(ticket)
    .where(notInArray(ticket.status, ['Closed', 'Cancelled', 'Resolved']))
    .orderBy(desc(ticket.id))
    .limit(6);
  if (tickets.length === 0) return 0;
  const statuses = ['Open', 'InProgress', 'Complete', 'Open'] as const;
  const rows = tickets.flatMap((t, ti) =>
    demoItems.slice(0, 1 + (ti % 3)).map((item, i) => ({
      ticketId: t.id,
      serial: i + 1,
      sortId: i + 1,
      projectId: t.projectId,
      priority: (['Medium', 'High', 'Low'] as const)[i % 3],
      status: statuses[(ti + i) % 4]!,
      openDate: t.openDate.toISOString().slice(0, 10),
      closeDate: statuses[(ti + i) % 4] === 'Complete' ? new Date() : null,
      pointOfContact: t.assignTo,
      comment: null,
      ...item,
    })),
  );
  await db.insert(openItem).values(rows);
  return rows.length;
}
