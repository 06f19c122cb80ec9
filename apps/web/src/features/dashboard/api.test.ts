import { describe, expect, it } from 'vitest';
import { ticketQuerySchema } from '@casedesk/shared';
import { ticketListLink } from './api';

type Filter = Parameters<typeof ticketListLink>[0];

const parse = (link: string) => {
  const url = new URL(link, 'http://localhost');
  return { path: url.pathname, query: ticketQuerySchema.safeParse(Object.fromEntries(url.searchParams)) };
};

describe('dashboard links to the ticket list', () => {
  it.each<Filter>([
    { view: 'mine' },
    { view: 'unassigned' },
    { view: 'overdue' },
    { status: 'InProgress' },
    { priority: 'Urgent' },
    { categoryId: 12 },
    { openDateFrom: '2026-11-01', openDateTo: '2026-11-30' },
  ])('%o uses the ticket query schema names and values', (filter) => {
    const { path, query } = parse(ticketListLink(filter));
    expect(path).toBe('/ticket/list');
    expect(query.success).toBe(true);
  });
});
