import { asc } from 'drizzle-orm';
import {
  builtinTicketViews,
  msg,
  ticketViewMessages,
  type TicketBatchQuery,
  type TicketViewCount,
} from '@casedesk/shared';
import type { Db, Tx } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { hasPermission } from '../../platform/access.js';
import { fieldRefusal } from '../../platform/errors.js';
import { checkDateRange, countsOfQueries } from '../ticket/index.js';
import { activeGroupIds } from '../userGroup/index.js';
import { ticketViewScope } from './ticket-view.policy.js';
import { ticketView } from './ticket-view.table.js';

type ViewInput = { query?: TicketBatchQuery | undefined; groupIds?: number[] | undefined };

/** The most saved views the sidebar lists and counts (by name); more would be a list nobody reads. */
export const ticketViewsListed = 100;

/** A view's references, judged when it is saved: its groups exist and are active, its date range is a range. */
export async function checkTicketView(tx: Tx, input: ViewInput): Promise<void> {
  const groupIds = [...new Set(input.groupIds ?? [])];
  if ((await activeGroupIds(tx, groupIds)).size !== groupIds.length)
    throw fieldRefusal('groupIds', msg(ticketViewMessages, 'groupUnknown'));
  if (input.query) checkDateRange(input.query);
}

/**
 * `TicketView/Counts`: the built-in views, then the caller's saved ones (their own and the shared ones meant for
 * them), each counted over the tickets the caller sees, all in one statement.
 */
export async function countTicketViews(db: Db, actor: Actor): Promise<TicketViewCount[]> {
  const saved = hasPermission(actor, 'ticketView:view')
    ? await db
        .select({ id: ticketView.id, query: ticketView.query })
        .from(ticketView)
        .where(ticketViewScope(actor))
        .orderBy(asc(ticketView.name), asc(ticketView.id))
        .limit(ticketViewsListed)
    : [];
  const views: { id: TicketViewCount['id']; query: TicketBatchQuery }[] = [
    ...builtinTicketViews.map((builtin) => ({ id: builtin.id, query: { view: builtin.view } })),
    ...saved,
  ];
  const counts = await countsOfQueries(
    db,
    actor,
    views.map((view) => view.query),
  );
  return views.map((view, index) => ({ id: view.id, count: counts[index] ?? 0 }));
}
