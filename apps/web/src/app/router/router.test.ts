import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { WebMenu } from '@casedesk/shared';
import { parseTagsViewName } from '../layout/tag-title';
import { loginPath, redirectTarget } from './guard';
import { flattenMenus, homePathOf, menuTitle } from './menu-routes';
import { matchViews, prefetchOf, resolveView, viewName } from './views';
import { clearSession, startSession } from '../../platform/auth-store';
import { testUser } from '../../platform/user-info.fixture';
import { ticketKeys } from '../../features/ticket/api';

const meta = (title: string, extra: Partial<WebMenu['meta']> = {}): WebMenu['meta'] => ({
  title,
  isLink: '',
  isHide: false,
  isKeepAlive: true,
  isAffix: false,
  isIframe: false,
  roles: [],
  icon: '',
  ...extra,
});

describe('route guard helpers', () => {
  it('sends to /login with the path and its query as JSON', () => {
    expect(loginPath({ pathname: '/ticket/list', search: '?status=New&page=2' })).toBe(
      `/login?redirect=%2Fticket%2Flist&params=${encodeURIComponent('{"status":"New","page":"2"}')}`,
    );
    expect(loginPath({ pathname: '/', search: '' })).toBe('/login');
  });

  it('returns to the redirect with its params, never to another site', () => {
    expect(redirectTarget(`?redirect=%2Fticket%2Flist&params=${encodeURIComponent('{"status":"New"}')}`)).toBe(
      '/ticket/list?status=New',
    );
    expect(redirectTarget('?redirect=//evil.example')).toBe('/');
    expect(redirectTarget('?redirect=https://evil.example')).toBe('/');
    expect(redirectTarget('?redirect=/a&params=not-json')).toBe('/a');
  });
});

describe('server-driven menu', () => {
  const files = [
    '../../features/ticket/pages/list/index.tsx',
    '../../features/system/pages/dept/index.tsx',
    '../../features/dashboard/pages/ticket/index.tsx',
    '../../features/other/pages/list/index.tsx',
  ];

  it('matches a component to exactly one view file', () => {
    expect(viewName(files[0]!)).toBe('ticket/list');
    expect(matchViews('ticket/list/index', files)).toEqual([files[0]]);
    expect(matchViews('/system/dept/index.vue', files)).toEqual([files[1]]);
    expect(matchViews('list/index', files)).toHaveLength(2);
    expect(matchViews('', files)).toEqual([]);
  });

  it('titles entries per language, falling back to name or path', () => {
    const menu = { path: '/x', name: 'X', component: '', meta: meta('Tickets', { titles: { 'zh-cn': '工单' } }) };
    expect(menuTitle(menu, 'zh-cn')).toBe('工单');
    expect(menuTitle(menu, 'zh-tw')).toBe('Tickets');
    expect(menuTitle({ ...menu, meta: meta(' ') }, 'en')).toBe('X');
    expect(menuTitle({ ...menu, name: '', meta: meta('') }, 'en')).toBe('/x');
  });

  it('turns groups into redirects, unknown screens into placeholders, and leaves links out', () => {
    const menus: WebMenu[] = [
      {
        path: '/ticket',
        name: 'Ticket',
        component: '',
        meta: meta('Tickets'),
        children: [
          { path: '/ticket/list', name: 'TicketList', component: 'nowhere/list/index', meta: meta('List') },
          { path: '/ext', name: 'Ext', component: '', meta: meta('Ext', { isLink: 'https://example.test' }) },
        ],
      },
    ];
    const routes = flattenMenus(menus);
    expect(routes.map((r) => [r.path, r.kind])).toEqual([
      ['/ticket', 'redirect'],
      ['/ticket/list', 'coming-soon'],
    ]);
    expect(homePathOf(routes, '/dashboard/ticket')).toBe('/ticket/list');
  });
});

describe('tab titles', () => {
  it('reads tagsViewName as text or as a locale-keyed object', () => {
    expect(parseTagsViewName('Plain%20title', 'en')).toBe('Plain title');
    const json = encodeURIComponent(JSON.stringify({ en: 'Details', 'zh-cn': '详情' }));
    expect(parseTagsViewName(json, 'zh-cn')).toBe('详情');
    expect(parseTagsViewName(json, 'zh-tw')).toBe('Details');
  });
});

describe('route prefetch', () => {
  it("finds the page's prefetch next to it, guessed from the address as the menu names screens", () => {
    const dashboard = resolveView('/dashboard/ticket');
    expect(dashboard).toBeTypeOf('function');
    expect(prefetchOf(dashboard!)).toBeTypeOf('function');
    expect(prefetchOf(resolveView('system/role')!)).toBeUndefined();
  });

  it('asks for the ticket list page the address names, with the filter options, when the user may see tickets', () => {
    // No server here: the calls fail, which a prefetch ignores; the queries they made are what counts.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    const prefetch = prefetchOf(resolveView('/ticket/list')!)!;
    window.history.replaceState(null, '', '/ticket/list?status=New&sort=dueDate:desc&page=2&pageSize=50');
    const keysAfterPrefetch = (authBtnList: string[]) => {
      startSession({ token: 't', exp: 0, refreshToken: 'r' }, { ...testUser, authBtnList });
      const client = new QueryClient();
      prefetch(client);
      return client
        .getQueryCache()
        .findAll()
        .map((query) => query.queryKey);
    };
    try {
      expect(keysAfterPrefetch(['ticket:view'])).toEqual([
        ticketKeys.list({ status: ['New'], orderBy: [{ field: 'dueDate', desc: true }], page: 2, pageSize: 50 }),
        ticketKeys.options(),
      ]);
      expect(keysAfterPrefetch(['category:view'])).toEqual([]);
    } finally {
      clearSession();
      vi.unstubAllGlobals();
    }
  });
});
