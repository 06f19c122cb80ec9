import {
  normalizeTag,
  slaStates,
  ticketFroms,
  ticketPriorities,
  ticketSortFields,
  ticketStatuses,
  ticketViews,
  type SlaState,
  type TicketFormOptions,
  type TicketPriority,
  type TicketStatus,
} from '@casedesk/shared';
import type { TicketFilter } from '../api';

/**
 * The list as the address holds it. `savedView`: a saved ticket view opened by its address (`?view=12`); its filter,
 * sort and columns are the view's, so the address names only the view (and the page).
 */
export type ListState = { filter: TicketFilter; page: number; pageSize: number; savedView?: number };

const pageSizes = [10, 20, 50, 100];
const idOf = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const listOf = <T extends string>(value: string | null, allowed: readonly T[]): T[] | undefined => {
  const items = (value ?? '').split(',').filter((v): v is T => (allowed as readonly string[]).includes(v));
  return items.length ? [...new Set(items)] : undefined;
};
/** Tags from the address: a comma separates them (a tag never holds one); normalized as the server keeps them. */
const tagsOf = (value: string | null) => {
  const tags = [...new Set((value ?? '').split(',').map(normalizeTag))].filter((tag) => tag !== '').slice(0, 20); // Query's list limit
  return tags.length ? tags : undefined;
};
/** Custom field filters from the address (`custom={"device":"laptop"}`): a key's option, text or number. */
const customOf = (value: string | null): TicketFilter['custom'] => {
  try {
    const parsed: unknown = JSON.parse(value ?? 'null');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    const kept = Object.entries(parsed).filter(
      ([key, v]) => /^[a-z][a-z0-9_]*$/.test(key) && (typeof v === 'string' || typeof v === 'number'),
    );
    return kept.length ? (Object.fromEntries(kept) as TicketFilter['custom']) : undefined;
  } catch {
    return undefined;
  }
};
const dateOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The list state from an address's query string (`?status=New,Assigned&projectId=3&sort=openDate:desc`). */
export function parseListState(search: string): ListState {
  const q = new URLSearchParams(search);
  const view = q.get('view');
  const [sortField, sortDir] = (q.get('sort') ?? '').split(':');
  const filter: TicketFilter = {
    keyword: q.get('keyword')?.trim().slice(0, 200) || undefined,
    status: listOf<TicketStatus>(q.get('status'), ticketStatuses),
    priority: listOf<TicketPriority>(q.get('priority'), ticketPriorities),
    ticketFrom: listOf(q.get('ticketFrom'), ticketFroms),
    slaState: listOf<SlaState>(q.get('slaState'), slaStates),
    categoryId: idOf(q.get('categoryId')),
    projectId: idOf(q.get('projectId')),
    companyId: idOf(q.get('companyId')),
    assignTo: idOf(q.get('assignTo')),
    tags: tagsOf(q.get('tags')),
    // Any is the default: only "all" is written into the address.
    tagsMode: q.get('tagsMode') === 'all' ? 'all' : undefined,
    custom: customOf(q.get('custom')),
    openDateFrom: dateOf(q.get('openDateFrom')),
    openDateTo: dateOf(q.get('openDateTo')),
    view: view && (ticketViews as readonly string[]).includes(view) ? (view as TicketFilter['view']) : undefined,
    orderBy:
      sortField && (ticketSortFields as readonly string[]).includes(sortField)
        ? [{ field: sortField, desc: sortDir === 'desc' }]
        : undefined,
  };
  const pageSize = Number(q.get('pageSize'));
  const paging = { page: idOf(q.get('page')) ?? 1, pageSize: pageSizes.includes(pageSize) ? pageSize : 20 };
  // A number is a saved view's id (a built-in view is a word: `view=mine`); its filter comes with the view.
  const savedView = idOf(view);
  return savedView ? { filter: {}, ...paging, savedView } : { filter: clean(filter), ...paging };
}

/** The query string of a list state; empty values are left out so that links stay short. */
export function listStateSearch({ filter, page, pageSize, savedView }: ListState): string {
  const q = new URLSearchParams();
  if (savedView) q.set('view', String(savedView));
  const written: TicketFilter = savedView ? {} : filter;
  for (const [key, value] of Object.entries(written)) {
    if (key === 'orderBy' || value === undefined || value === null || value === '') continue;
    q.set(
      key,
      Array.isArray(value) ? value.join(',') : typeof value === 'object' ? JSON.stringify(value) : String(value),
    );
  }
  const order = written.orderBy?.[0];
  if (order) q.set('sort', `${order.field}:${order.desc ? 'desc' : 'asc'}`);
  if (page > 1) q.set('page', String(page));
  if (pageSize !== 20) q.set('pageSize', String(pageSize));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Drops empty values, so that two equal filters are equal objects (one query key). */
export function clean(filter: TicketFilter): TicketFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as TicketFilter;
}

export const listPageSizes = pageSizes.map(String);

/** The hidden columns that show a view's columns: every chooseable column it does not name (none named: all shown). */
export function hiddenForColumns(shown: string[], chooseable: string[]): string[] {
  return chooseable.filter((key) => !shown.includes(key));
}

/** Picker options of the filters: users as `name (login)`, the rest by name. */
export const userOptions = (options: TicketFormOptions | undefined) =>
  (options?.users ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.loginName})` }));
