// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hiddenForColumns, listStateSearch, parseListState } from './list-filter';

describe('ticket list state in the address', () => {
  it('round-trips every filter, the sort and the page', () => {
    const search =
      '?keyword=printer&status=New,Assigned&priority=High&categoryId=3&projectId=4&companyId=5&assignTo=6' +
      '&openDateFrom=2026-01-01&openDateTo=2026-01-31&view=mine&slaState=breached,warning&sort=slaResolutionDueAt:asc' +
      '&page=3&pageSize=50';
    const state = parseListState(search);
    expect(state).toEqual({
      filter: {
        keyword: 'printer',
        status: ['New', 'Assigned'],
        priority: ['High'],
        categoryId: 3,
        projectId: 4,
        companyId: 5,
        assignTo: 6,
        openDateFrom: '2026-01-01',
        openDateTo: '2026-01-31',
        view: 'mine',
        slaState: ['breached', 'warning'],
        orderBy: [{ field: 'slaResolutionDueAt', desc: false }],
      },
      page: 3,
      pageSize: 50,
    });
    expect(parseListState(listStateSearch(state))).toEqual(state);
  });

  it('drops what the server would refuse instead of sending it', () => {
    const state = parseListState(
      '?status=New,Bogus&slaState=late&priority=&projectId=-1&categoryId=abc&openDateFrom=yesterday&view=everything&sort=password:desc&page=0&pageSize=7',
    );
    expect(state).toEqual({ filter: { status: ['New'] }, page: 1, pageSize: 20 });
  });

  it('carries tags (normalized, once each) and the all mode; any is the default and stays out', () => {
    const state = parseListState('?tags=VPN,%20vpn%20,Mail%20%20Server,&tagsMode=all');
    expect(state.filter).toEqual({ tags: ['vpn', 'mail server'], tagsMode: 'all' });
    expect(parseListState(listStateSearch(state))).toEqual(state);
    expect(parseListState('?tags=vpn&tagsMode=some').filter).toEqual({ tags: ['vpn'] });
  });

  it('keeps a plain list short', () => {
    expect(listStateSearch({ filter: {}, page: 1, pageSize: 20 })).toBe('');
    expect(listStateSearch({ filter: { view: 'unassigned' }, page: 2, pageSize: 20 })).toBe('?view=unassigned&page=2');
  });

  it('names a saved view by its id alone: its filter and sort are the view’s, the page stays', () => {
    const state = parseListState('?view=12&status=New&sort=openDate:asc&page=2');
    expect(state).toEqual({ filter: {}, page: 2, pageSize: 20, savedView: 12 });
    const opened = { ...state, filter: { status: ['New' as const], orderBy: [{ field: 'openDate', desc: true }] } };
    expect(listStateSearch(opened)).toBe('?view=12&page=2');
    // A built-in view is a word, as before.
    expect(parseListState('?view=mine')).toEqual({ filter: { view: 'mine' }, page: 1, pageSize: 20 });
    expect(parseListState('?view=0').savedView).toBeUndefined();
  });

  it('shows a view’s columns by hiding the others', () => {
    expect(hiddenForColumns(['status', 'priority'], ['status', 'priority', 'tags'])).toEqual(['tags']);
  });
});
