import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WebMenu } from '@casedesk/shared';
import { signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf } from '../../../test/platform-helpers.js';
import { menuSeed, type MenuSeed } from './menu.seed.js';
import { webApi } from '../webApi/web-api.table.js';
import { menu, menuApi } from './menu.table.js';

type FieldErrors = { errors: { field: string; message: string }[] };

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
const outline = (entries: (WebMenu | MenuSeed | MenuNode)[]): Outline[] =>
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
    expect(byName.get('TicketCreate')!.meta.roles).toEqual(['admin', 'common']);
    expect(byName.get('TicketEdit')!.meta.isHide).toBe(true);
    expect(byName.get('DashboardTicket')!.meta.isAffix).toBe(true);
  });

  it('gives a user with only ticket:page the Home and Tickets groups with only the ticket pages they may use', async () => {
    const { token } = await signedInWith(ctx, ['ticket:page']);
    const tree = await menusOf(token);
    expectShape(tree);
    // The hidden personal page (own account) is every signed-in user's; the menu does not show it.
    expect(tree.filter((e) => !e.meta.isHide).map((e) => e.name)).toEqual(['Dashboard', 'Ticket', 'Help']);
    // New ticket and Edit ticket also need ticket:create and ticket:edit (their identification).
    expect(outline(tree)).toEqual([
      {
        name: 'Dashboard',
        children: [
          { name: 'DashboardTicket' },
          { name: 'NotificationList' },
          { name: 'Task' },
          { name: 'WorkflowInstanceInfo' },
        ],
      },
      // A catalog request's progress page is every ticket reader's (Progress answers whoever may see the ticket).
      { name: 'Ticket', children: [{ name: 'TicketList' }, { name: 'CatalogRequest' }, { name: 'TicketInfo' }] },
      { name: 'Help' },
      { name: 'Personal' },
    ]);
    const { token: creator } = await signedInWith(ctx, ['ticket:page', 'ticket:create']);
    expect(outline(await menusOf(creator))[1]).toEqual({
      name: 'Ticket',
      children: [
        { name: 'TicketList' },
        { name: 'TicketCreate' },
        { name: 'Catalog' },
        { name: 'CatalogRequest' },
        { name: 'TicketInfo' },
      ],
    });
    const { token: editor } = await signedInWith(ctx, ['ticket:page', 'ticket:edit']);
    expect(outline(await menusOf(editor))[1]).toEqual({
      name: 'Ticket',
      children: [{ name: 'TicketList' }, { name: 'CatalogRequest' }, { name: 'TicketEdit' }, { name: 'TicketInfo' }],
    });
    // Without the page permission the identification alone shows nothing (My notifications and My approvals are everyone's).
    const { token: createOnly } = await signedInWith(ctx, ['ticket:create']);
    expect(outline(await menusOf(createOnly))).toEqual([
      {
        name: 'Dashboard',
        children: [{ name: 'NotificationList' }, { name: 'Task' }, { name: 'WorkflowInstanceInfo' }],
      },
      { name: 'Help' },
      { name: 'Personal' },
    ]);
    expect(tree.find((e) => e.name === 'Personal')!.meta.isHide).toBe(true);
    expect(tree[0]).toMatchObject({ path: '/dashboard', redirect: '/dashboard/ticket', meta: { title: 'Home' } });
    expect(tree[1]).toMatchObject({ path: '/ticket', redirect: '/ticket/list', meta: { title: 'Tickets' } });
  });

  it('gives a user without page permissions only the pages of every signed-in user, and follows permission and menu changes at once', async () => {
    const { token } = await signedInWith(ctx, ['dept:view', 'dept:create']);
    // My notifications, My approvals, an approval's page (under Home) and Help and My account are every signed-in user's.
    expect(outline(await menusOf(token))).toEqual([
      {
        name: 'Dashboard',
        children: [{ name: 'NotificationList' }, { name: 'Task' }, { name: 'WorkflowInstanceInfo' }],
      },
      { name: 'Help' },
      { name: 'Personal' },
    ]);

    const { token: organiser } = await signedInWith(ctx, ['dept:page', 'position:page']);
    expect(outline(await menusOf(organiser))).toEqual([
      {
        name: 'Dashboard',
        children: [{ name: 'NotificationList' }, { name: 'Task' }, { name: 'WorkflowInstanceInfo' }],
      },
      { name: 'Organization', children: [{ name: 'DeptList' }, { name: 'PositionList' }] },
      { name: 'Help' },
      { name: 'Personal' },
    ]);
    await ctx.db.update(menu).set({ enabled: false }).where(eq(menu.name, 'PositionList'));
    try {
      expect(outline(await menusOf(organiser))).toEqual([
        {
          name: 'Dashboard',
          children: [{ name: 'NotificationList' }, { name: 'Task' }, { name: 'WorkflowInstanceInfo' }],
        },
        { name: 'Organization', children: [{ name: 'DeptList' }] },
        { name: 'Help' },
        { name: 'Personal' },
      ]);
    } finally {
      await ctx.db.update(menu).set({ enabled: true }).where(eq(menu.name, 'PositionList'));
    }
  });

  it('lets an identification that is no permission code (free text of older menus) gate nothing', async () => {
    const { token } = await signedInWith(ctx, ['ticket:page']);
    await ctx.db.update(menu).set({ identification: 'Ticket list screen' }).where(eq(menu.name, 'TicketList'));
    try {
      expect(outline(await menusOf(token))[1]!.children).toContainEqual({ name: 'TicketList' });
    } finally {
      await ctx.db.update(menu).set({ identification: null }).where(eq(menu.name, 'TicketList'));
    }
  });

  it('answers 401 without a signed-in user', async () => {
    const response = await ctx.call('GET', '/api/Menu/WebMenus');
    expect(response.status).toBe(401);
  });
});

type MenuRecord = {
  id: number;
  parentId: number | null;
  path: string;
  name: string;
  title: string;
  titles: Record<string, string> | null;
  rowVersion: number;
  isHide: boolean;
  enabled: boolean;
  menuType: string;
  identification: string | null;
};
type MenuNode = MenuRecord & { children: MenuNode[] };
type MenuApis = { menuId: number; apis: { id: number; method: string; url: string }[] };

describe('Menu administration', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let counter = 0;
  const admin = async () => (await signedInWith(ctx, [], { roles: ['admin'] })).token;
  const newMenu = (over: Record<string, unknown> = {}) => {
    counter++;
    return {
      path: `/test/m${counter}`,
      name: `TestMenu${counter}`,
      component: `test/m${counter}/index`,
      title: `Test ${counter}`,
      titles: { en: `Test ${counter}`, 'zh-cn': `测试 ${counter}`, 'zh-tw': `測試 ${counter}` },
      ...over,
    };
  };
  const add = async (token: string, over: Record<string, unknown> = {}) =>
    dataOf<MenuRecord>(await ctx.call('POST', '/api/Menu/Add', { token, body: newMenu(over) }));
  const byName = async (name: string) => (await ctx.db.select().from(menu).where(eq(menu.name, name)))[0]!;
  const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

  it('gives the editor the whole tree, hidden and disabled entries too', async () => {
    const token = await admin();
    await ctx.db.update(menu).set({ enabled: false }).where(eq(menu.name, 'VendorList'));
    try {
      const tree = dataOf<MenuNode[]>(await ctx.call('GET', '/api/Menu/Tree', { token }));
      expect(outline(tree)).toEqual(outline(menuSeed));
      const all = flatten(tree);
      expect(all.find((n) => n.name === 'VendorList')!.enabled).toBe(false);
      expect(all.find((n) => n.name === 'TicketEdit')!.isHide).toBe(true);
    } finally {
      await ctx.db.update(menu).set({ enabled: true }).where(eq(menu.name, 'VendorList'));
    }
  });

  it('renames a menu and WebMenus shows it on the next call', async () => {
    const token = await admin();
    const row = await byName('CategoryList');
    const record = dataOf<MenuRecord>(await ctx.call('GET', `/api/Menu/Get/${row.id}`, { token }));
    const titles = { en: 'Ticket categories', 'zh-cn': '工单类别', 'zh-tw': '工單類別' };
    const body = { ...record, title: titles.en, titles };
    for (const key of ['createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'] as const)
      delete (body as Record<string, unknown>)[key];
    const saved = dataOf<MenuRecord>(await ctx.call('POST', '/api/Menu/Update', { token, body }));
    expect(saved.rowVersion).toBe(record.rowVersion + 1);
    const tree = dataOf<WebMenu[]>(await ctx.call('GET', '/api/Menu/WebMenus', { token }));
    const entry = tree.find((e) => e.name === 'MasterData')!.children!.find((e) => e.name === 'CategoryList')!;
    expect(entry.meta).toMatchObject({ title: 'Ticket categories', titles });

    // The version it read is stale now: refused, nothing written.
    const stale = await ctx.call('POST', '/api/Menu/Update', { token, body: { ...body, title: 'Stale' } });
    expect(stale.status).toBe(409);
    expect((await byName('CategoryList')).title).toBe('Ticket categories');
  });

  it('adds a sub-menu, validates path, name, parent and link, and refuses duplicates', async () => {
    const token = await admin();
    const parent = await add(token);
    const child = await add(token, { parentId: parent.id });
    expect(child.parentId).toBe(parent.id);

    const bad = async (over: Record<string, unknown>, field: string) => {
      const response = await ctx.call('POST', '/api/Menu/Add', { token, body: newMenu(over) });
      expect(response.status, response.raw).toBe(400);
      expect((response.body.data as FieldErrors).errors.map((e) => e.field)).toContain(field);
    };
    await bad({ path: 'no-slash' }, 'path');
    await bad({ path: '/with space' }, 'path');
    await bad({ name: '1starts-with-digit' }, 'name');
    await bad({ name: parent.name.toLowerCase() }, 'name');
    await bad({ path: parent.path }, 'path');
    await bad({ parentId: 999_999 }, 'parentId');
    await bad({ menuType: 'link' }, 'linkUrl');
    await bad({ menuType: 'iframe', linkUrl: 'javascript:alert(1)' }, 'linkUrl');
    await bad({ identification: 'ticket:fly' }, 'identification');
    await bad({ identification: 'System management' }, 'identification');

    // A menu cannot go under its own child.
    const response = await ctx.call('POST', '/api/Menu/Update', {
      token,
      body: {
        ...newMenu({ path: parent.path, name: parent.name }),
        id: parent.id,
        rowVersion: parent.rowVersion,
        parentId: child.id,
      },
    });
    expect(response.status, response.raw).toBe(400);

    const link = await add(token, { menuType: 'link', linkUrl: 'https://example.com/help' });
    expect(link.menuType).toBe('link');
    const gated = await add(token, { identification: 'ticket:export' });
    expect(gated.identification).toBe('ticket:export');
  });

  it('refuses to delete a menu with sub-menus, saying so, and deletes a leaf', async () => {
    const token = await admin();
    const parent = await add(token);
    const child = await add(token, { parentId: parent.id });
    const refused = await ctx.call('POST', `/api/Menu/Delete/${parent.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.resultMsg).toBe('The menu has 1 sub-menu(s); delete or move them first.');
    expect(await ctx.db.select().from(menu).where(eq(menu.id, parent.id))).toHaveLength(1);

    dataOf(await ctx.call('POST', `/api/Menu/Delete/${child.id}`, { token }));
    dataOf(await ctx.call('POST', `/api/Menu/Delete/${parent.id}`, { token }));
    expect(await ctx.db.select().from(menu).where(eq(menu.id, parent.id))).toHaveLength(0);
  });

  it('binds web APIs to a menu, replacing the set in one go, and refuses unknown APIs', async () => {
    const token = await admin();
    const target = await add(token);
    const apis = await ctx.db.select().from(webApi).orderBy(asc(webApi.id)).limit(3);
    expect(apis).toHaveLength(3);
    const ids = apis.map((a) => a.id);

    const saved = dataOf<MenuApis>(
      await ctx.call('POST', '/api/Menu/SaveApis', { token, body: { menuId: target.id, webApiIds: [ids[0], ids[1]] } }),
    );
    expect(saved.apis.map((a) => a.id).sort()).toEqual([ids[0], ids[1]].sort());
    dataOf(await ctx.call('POST', '/api/Menu/SaveApis', { token, body: { menuId: target.id, webApiIds: [ids[2]] } }));
    const read = dataOf<MenuApis>(await ctx.call('GET', `/api/Menu/Apis/${target.id}`, { token }));
    expect(read.apis.map((a) => a.id)).toEqual([ids[2]]);

    const unknown = await ctx.call('POST', '/api/Menu/SaveApis', {
      token,
      body: { menuId: target.id, webApiIds: [ids[0], 999_999] },
    });
    expect(unknown.status).toBe(400);
    const after = await ctx.db.select().from(menuApi).where(eq(menuApi.menuId, target.id));
    expect(after.map((r) => r.webApiId)).toEqual([ids[2]]);

    expect((await ctx.call('GET', '/api/Menu/Apis/999999', { token })).status).toBe(404);
    const missing = await ctx.call('POST', '/api/Menu/SaveApis', { token, body: { menuId: 999_999, webApiIds: [] } });
    expect(missing.status).toBe(404);
  });

  it('exports the menus as .xlsx', async () => {
    const token = await admin();
    const response = await ctx.call('POST', '/api/Menu/Export', { token, body: {} });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses every administration call to a user without the menu permissions', async () => {
    const { token } = await signedInWith(ctx, ['menu:page']);
    const row = await byName('CategoryList');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/Menu/Tree'],
      ['GET', '/api/Menu/Get'],
      ['GET', `/api/Menu/Get/${row.id}`],
      ['POST', '/api/Menu/Query', {}],
      ['POST', '/api/Menu/Add', newMenu()],
      ['POST', '/api/Menu/Update', { ...newMenu(), id: row.id, rowVersion: row.rowVersion }],
      ['POST', `/api/Menu/Delete/${row.id}`],
      ['POST', '/api/Menu/Delete', [row.id]],
      ['POST', '/api/Menu/Export', {}],
      ['GET', `/api/Menu/Apis/${row.id}`],
      ['POST', '/api/Menu/SaveApis', { menuId: row.id, webApiIds: [] }],
    ];
    for (const [method, url, body] of calls) {
      const response = await ctx.call(method as 'GET' | 'POST', url, { token, body });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    expect((await byName('CategoryList')).rowVersion).toBe(row.rowVersion);

    // With only the view permission, reading works and writing does not.
    const { token: viewer } = await signedInWith(ctx, ['menu:view']);
    dataOf(await ctx.call('GET', '/api/Menu/Tree', { token: viewer }));
    dataOf(await ctx.call('GET', `/api/Menu/Apis/${row.id}`, { token: viewer }));
    const write = await ctx.call('POST', '/api/Menu/SaveApis', {
      token: viewer,
      body: { menuId: row.id, webApiIds: [] },
    });
    expect(write.status).toBe(403);
  });
});
