// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TicketListItem } from '@casedesk/shared';
import { concernsPage, mergeLivePage } from './live-rows';
import { isViewCountsKey } from './use-ticket-live';

const row = (id: number, rowVersion = 1, subject = `Ticket ${id}`) => ({ id, rowVersion, subject }) as TicketListItem;

describe('the live ticket list keeps its rows still', () => {
  it('replaces changed rows in place, keeps the order and rows the fresh page lacks, and counts announced new ones', () => {
    const shown = [row(9), row(8), row(7)];
    // Fresh page: 11 and 10 are new (10 announced, 11 not yet), 8 changed, 7 fell off the page.
    const fresh = [row(11), row(10), row(9), row(8, 2, 'Renamed')];
    const merged = mergeLivePage(shown, fresh, new Set([10, 8]));
    expect(merged.rows.map((r) => [r.id, r.rowVersion, r.subject])).toEqual([
      [9, 1, 'Ticket 9'],
      [8, 2, 'Renamed'],
      [7, 1, 'Ticket 7'],
    ]);
    expect(merged.newIds).toEqual([10]);
  });

  it('reads again only for a ticket not shown or a shown row at an older version', () => {
    const shown = [row(5, 3)];
    expect(concernsPage(shown, { id: 5, rowVersion: 3 })).toBe(false);
    expect(concernsPage(shown, { id: 5, rowVersion: 4 })).toBe(true);
    expect(concernsPage(shown, { id: 6, rowVersion: 1 })).toBe(true);
  });

  it("finds saved views' counts under either key prefix, and nothing else", () => {
    expect(isViewCountsKey(['TicketView', 'Counts'])).toBe(true);
    expect(isViewCountsKey(['resource', 'TicketView', 'Counts', { x: 1 }])).toBe(true);
    expect(isViewCountsKey(['resource', 'TicketView', 'list'])).toBe(false);
    expect(isViewCountsKey(['resource', 'Ticket', 'list', 'TicketView', 'Counts'])).toBe(false);
  });
});
