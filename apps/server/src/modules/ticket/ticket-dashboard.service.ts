import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  openTicketStatuses,
  ticketPriorities,
  ticketStatuses,
  type TicketDashboard,
  type TicketPriority,
  type TicketStatus,
} from '@casedesk/shared';
import { rowsOf, type Db } from '../../platform/db.js';
import type { Actor } from '../../platform/actor.js';
import { category } from '../category/index.js';
import { involvedOnlySql, wholesaleSql } from './ticket.policy.js';
import { ticket, ticketStat } from './ticket.table.js';

const openStatuses = [...openTicketStatuses] as TicketStatus[];
const day = (column: PgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * The dashboard in one statement. Counts come from `ticket_stat` for the projects (and privacy) the
 * actor sees wholesale, plus a direct count of the few tickets seen only through involvement.
 */
function ticketDashboardSql(actor: Actor, since: string): SQL {
  const me = actor.userId;
  const open = sql.join(
    openStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  // Wholesale from the counters (and, for overdue and unassigned, from the partial indexes); the rest is small.
  const statScope = wholesaleSql(actor, ticketStat);
  const scopeTicket = wholesaleSql(actor);
  const extra = involvedOnlySql(actor);
  const countOpen = (condition: SQL) =>
    sql`(${scopeTicket ? sql`(select count(*) from ${ticket} where ${scopeTicket} and ${condition})` : sql`0`}
        + ${extra ? sql`(select count(*) from ${ticket} where ${extra} and ${condition})` : sql`0`})`;
  const stats = statScope
    ? sql`(select coalesce(json_agg(x), '[]'::json) from (
          select ${ticketStat.dim} as dim, ${ticketStat.val} as val, sum(${ticketStat.n})::integer as n
            from ${ticketStat}
           where ${statScope} and (${ticketStat.dim} in ('status', 'priority', 'category')
                 or (${ticketStat.dim} in ('opened', 'closed') and ${ticketStat.val} >= ${since}))
           group by 1, 2 having sum(${ticketStat.n}) <> 0) x)`
    : sql`'[]'::json`;
  const extraCounts = extra
    ? sql`(select coalesce(json_agg(x), '[]'::json) from (
          select ${ticket.status} as status, ${ticket.priority} as priority,
                 coalesce(${ticket.categoryId}::text, '-') as category,
                 ${day(ticket.openDate)} as opened, ${day(ticket.closeDate)} as closed, count(*)::integer as n
            from ${ticket} where ${extra}
           group by grouping sets ((1), (2), (3), (4), (5))) x)`
    : sql`'[]'::json`;
  const mine = sql`(${ticket.assignTo} = ${me} or ${ticket.delegateTo} = ${me}) and ${ticket.status} in (${open})`;
  return sql`select json_build_object(
      'stats', ${stats},
      'extra', ${extraCounts},
      'myOpen', (select coalesce(json_agg(x), '[]'::json) from (
          select ${ticket.id} as id, ${ticket.caseNumber} as "caseNumber", ${ticket.subject} as subject,
                 ${ticket.status} as status, ${ticket.priority} as priority, ${ticket.dueDate} as "dueDate",
                 count(*) over () as total
            from ${ticket} where ${mine}
           order by ${ticket.dueDate} asc nulls last, ${ticket.id} desc limit 10) x),
      'unassigned', ${countOpen(sql`${ticket.assignTo} is null and ${ticket.status} in (${open})`)},
      'overdue', ${countOpen(sql`${ticket.status} in (${open}) and ${ticket.dueDate} < now()`)},
      'categories', (select coalesce(json_agg(json_build_object('id', ${category.id}, 'code', ${category.categoryCode}, 'name', ${category.categoryDescription})), '[]'::json)
                       from ${category})
    ) as d`;
}

const lastDays = (n: number) => {
  const days: string[] = [];
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  for (let i = n - 1; i >= 0; i--) days.push(new Date(today - i * 86_400_000).toISOString().slice(0, 10));
  return days;
};

type DashboardJson = {
  stats: { dim: string; val: string; n: number }[];
  extra: {
    status: string | null;
    priority: string | null;
    category: string | null;
    opened: string | null;
    closed: string | null;
    n: number;
  }[];
  myOpen: {
    id: number;
    caseNumber: string;
    subject: string;
    status: TicketStatus;
    priority: TicketPriority;
    dueDate: string | null;
    total: number;
  }[];
  unassigned: number | string;
  overdue: number | string;
  categories: { id: number; code: string; name: string | null }[];
};

export async function dashboard(db: Db, actor: Actor): Promise<TicketDashboard> {
  const days = lastDays(30);
  const [row] = await rowsOf<{ d: DashboardJson | string }>(db, ticketDashboardSql(actor, days[0]!));
  const d = (typeof row?.d === 'string' ? JSON.parse(row.d) : row?.d) as DashboardJson;
  const counts = new Map<string, number>();
  const add = (dim: string, val: string | null, n: number) => {
    if (val === null) return;
    counts.set(`${dim}:${val}`, (counts.get(`${dim}:${val}`) ?? 0) + Number(n));
  };
  for (const s of d.stats) add(s.dim, s.val, s.n);
  for (const e of d.extra) {
    add('status', e.status, e.n);
    add('priority', e.priority, e.n);
    add('category', e.category, e.n);
    add('opened', e.opened, e.n);
    add('closed', e.closed, e.n);
  }
  const of = (dim: string, val: string) => counts.get(`${dim}:${val}`) ?? 0;
  const categories = new Map(d.categories.map((c) => [c.id, c]));
  const byCategory = [...counts.entries()]
    .filter(([key, n]) => key.startsWith('category:') && n > 0)
    .map(([key, n]) => {
      const raw = key.slice('category:'.length);
      const categoryId = raw === '-' ? null : Number(raw);
      const found = categoryId === null ? undefined : categories.get(categoryId);
      return { categoryId, categoryCode: found?.code ?? null, categoryName: found?.name ?? null, count: n };
    })
    .sort((a, b) => b.count - a.count);
  return {
    myOpen: {
      count: Number(d.myOpen[0]?.total ?? 0),
      items: d.myOpen.map(({ total: _total, dueDate, ...item }) => ({
        ...item,
        dueDate: dueDate ? new Date(dueDate).toISOString() : null,
      })),
    },
    unassigned: Number(d.unassigned),
    overdue: Number(d.overdue),
    byStatus: ticketStatuses.map((s) => ({ key: s, count: of('status', s) })),
    byPriority: ticketPriorities.map((p) => ({ key: p, count: of('priority', p) })),
    byCategory,
    daily: days.map((date) => ({ date, opened: of('opened', date), closed: of('closed', date) })),
  };
}
