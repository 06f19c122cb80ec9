import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WebMenu } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { menuSeed, type MenuSeed } from '../../db/seed-menus.js';
import { menu } from './menu.table.js';

const metaKeys = ['icon', 'isAffix', 'isHide', 'isIframe', 'isKeepAlive', 'isLink', 'roles', 'title', 'titles'];

/** Every entry has the contract's shape (section 5); children only when there are some. */
function expectShape(entries: WebMenu[]) {
  for (const entry of entries) {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'component',
        'meta',
        'name',
        'path',
        ...(entry.redirect ? ['redirect'] : []),
        ...(entry.children ? ['children'] : []),
      ].sort(),
    );
    expect(Object.keys(entry.meta).sort()).toEqual(metaKeys);
    expect(typeof entry.meta.isLink).toBe('string');
    expect(Array.isArray(entry.meta.roles)).toBe(true);
    if (entry.children) {
      expect(entry.children.length).toBeGreaterThan(0);
      expect(entry.redirect).toBe(entry.children[0]!.path);
      expectShape(entry.children);
    }
  }
}

/** The tree as names, to compare with the seed. */
type Outline = { name: string; children?: Outline[] };
const outline = (entries: (WebMenu | MenuSeed)[]): Outline[] =>
  entries.map((e) => (e.children?.length ? { name: e.name, children: outline(e.children) } : { name: e.name }));

describe('GET /api/Menu/WebMenus', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  const menusOf = async (token: string) => dataOf<WebMenu[]>(await ctx.call('GET', '/api/Menu/WebMenus', { token }));

  it('gives an administrator the whole tree, entry by entry as seeded', async () => {
    const { token } = await signedInWith(ctx, [], { roles: ['admin'] });
    const tree = await menusOf(token);
    expectShape(tree);
    expect(outline(tree)).toEqual(outline(menuSeed));
    const byName = new Map<string, WebMenu>();
    const walk = (entries: WebMenu[]) => entries.forEach((e) => (byName.set(e.name, e), walk(e.children ?? [])));
    walk(tree);
    const seeds: MenuSeed[] = [];
    const walkSeed = (entries: MenuSeed[]) => entries.forEach((e) => (seeds.push(e), walkSeed(e.children ?? [])));
    walkSeed(menuSeed);
    for (const seed of seeds) {
      const entry = byName.get(seed.name)!;
      expect(entry.path, seed.name).toBe(seed.path);
      expect(entry.component, seed.name).toBe(seed.component ?? '');
      expect(entry.meta, seed.name).toMatchObject({
        title: seed.titles[0],
        titles: { en: seed.titles[0], 'zh-cn': seed.titles[1], 'zh-tw': seed.titles[2] },
        isLink: '',
        isHide: seed.hide ?? false,
        isKeepAlive: true,
        isAffix: seed.affix ?? false,
        isIframe: false,
        icon: seed.icon ?? '',
      });
      // Pages name the roles that may open them; the seeded admin role always can.
      if (seed.module) expect(entry.meta.roles, seed.name).toContain('admin');
    }
    expect(byName.get('TicketList')!.meta.roles).toEqual(['admin', 'common']);
    expect(byName.get('DeptList')!.meta.roles).toEqual(['admin']);
    expect(byName.get('TicketEdit')!.meta.isHide).toBe(true);
    expect(byName.get('DashboardTicket')!.meta.isAffix).toBe(true);
  });

  it('gives a user with only ticket:page the Home and Tickets groups with only the ticket pages', async () => {
    const { token } = await signedInWith(ctx, ['ticket:page']);
    const tree = await menusOf(token);
    expectShape(tree);
    // The hidden personal page (own account) is every signed-in user's; the menu does not show it.
    expect(tree.filter((e) => !e.meta.isHide).map((e) => e.name)).toEqual(['Dashboard', 'Ticket']);
    expect(outline(tree)).toEqual([
      { name: 'Dashboard', children: [{ name: 'DashboardTicket' }] },
      {
        name: 'Ticket',
        children: [{ name: 'TicketList' }, { name: 'TicketCreate' }, { name: 'TicketEdit' }, { name: 'TicketInfo' }],
      },
      { name: 'Personal' },
    ]);
    expect(tree.find((e) => e.name === 'Personal')!.meta.isHide).toBe(true);
    expect(tree[0]).toMatchObject({ path: '/dashboard', redirect: '/dashboard/ticket', meta: { title: 'Home' } });
    expect(tree[1]).toMatchObject({ path: '/ticket', redirect: '/ticket/list', meta: { title: 'Tickets' } });
  });

  it('gives a user without page permissions no groups at all, and follows permission and menu changes at once', async () => {
    const { token } = await signedInWith(ctx, ['dept:view', 'dept:create']);
    expect(outline(await menusOf(token))).toEqual([{ name: 'Personal' }]);

    const { token: organiser } = await signedInWith(ctx, ['dept:page', 'position:page']);
    expect(outline(await menusOf(organiser))).toEqual([
      { name: 'Organization', children: [{ name: 'DeptList' }, { name: 'PositionList' }] },
      { name: 'Personal' },
    ]);
    await ctx.db.update(menu).set({ enabled: false }).where(eq(menu.name, 'PositionList'));
    try {
      expect(outline(await menusOf(organiser))).toEqual([
        { name: 'Organization', children: [{ name: 'DeptList' }] },
        { name: 'Personal' },
      ]);
    } finally {
      await ctx.db.update(menu).set({ enabled: true }).where(eq(menu.name, 'PositionList'));
    }
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await ctx.call('GET', '/api/Menu/WebMenus');
    expect(response.status).toBe(401);
  });
});
