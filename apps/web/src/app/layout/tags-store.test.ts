import { describe, expect, it } from 'vitest';
import { tabKey, tagHref } from './tags-store';

describe('tab keys', () => {
  it('give one tab per address, and Help one tab whatever page it shows', () => {
    expect(tabKey('/ticket/list', '?view=mine')).toBe('/ticket/list?view=mine');
    expect(tabKey('/help', '?page=ticket-list')).toBe('/help');
    expect(tabKey('/help', '')).toBe('/help');
  });
  it('lead back to the address last shown', () => {
    expect(tagHref({ key: '/help', search: '?page=ticket-page' })).toBe('/help?page=ticket-page');
    expect(tagHref({ key: '/ticket/list?view=mine' })).toBe('/ticket/list?view=mine');
  });
});
