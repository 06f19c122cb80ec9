import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { allPermissionCodes, messages, roleMessages, userMessages, type PermissionCode } from '@casedesk/shared';
import { configuration } from '../src/modules/configuration/configuration.table.js';
import { industry } from '../src/modules/industry/industry.table.js';
import { region } from '../src/modules/region/region.table.js';
import { permission, role, rolePermission } from '../src/modules/role/role.table.js';
import { appUser, userRole } from '../src/modules/user/user.table.js';
import { userGroup } from '../src/modules/userGroup/user-group.table.js';
import { webApi } from '../src/modules/webApi/web-api.table.js';
import { createRole, createUser, signIn, useTestApp } from './helpers.js';
import { createProject } from './ticket-factories.js';

/**
 * The authorization matrix of the administration modules: for every route, a user holding every
 * permission but the route's own gets 403, and a user holding only that one succeeds. A route added
 * to these controllers without a case here fails the coverage test.
 */
const controllers = ['User', 'UserGroup', 'Role', 'Permission', 'Region', 'Industry', 'Configuration', 'WebApi'];

type Request = { url: string; body?: unknown; query?: Record<string, string> };
type Case = { route: string; code: PermissionCode; request: () => Promise<Request> };

const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}_${Date.now().toString(36)}`;

const targetUser = async (values: Partial<typeof appUser.$inferInsert> = {}) => (await createUser(ctx, { values })).id;
const userBody = async (id: number) => {
  const [u] = await ctx.db.select().from(appUser).where(eq(appUser.id, id));
  return { id, rowVersion: u!.rowVersion, loginName: u!.loginName, realName: u!.realName ?? 'T' };
};
const newGroup = async () =>
  (
    await ctx.db
      .insert(userGroup)
      .values({ name: unique('g') })
      .returning()
  )[0]!;
const newRole = async () =>
  (
    await ctx.db
      .insert(role)
      .values({ name: unique('r'), code: unique('r') })
      .returning()
  )[0]!;
const newRegion = async () =>
  (
    await ctx.db
      .insert(region)
      .values({ code: unique('R'), name: 'Region' })
      .returning()
  )[0]!;
const newIndustry = async () =>
  (
    await ctx.db
      .insert(industry)
      .values({ code: unique('I'), name: 'Industry' })
      .returning()
  )[0]!;
const newConfiguration = async () =>
  (
    await ctx.db
      .insert(configuration)
      .values({ name: unique('c'), value: 'v' })
      .returning()
  )[0]!;

/** The nine generic calls of a resource whose rows `make` creates, plus its Add/Update bodies. */
function resourceCases(
  name: string,
  module: string,
  make: () => Promise<{ id: number; rowVersion: number }>,
  add: () => Record<string, unknown>,
  update: (row: { id: number; rowVersion: number }) => Promise<Record<string, unknown>>,
): Case[] {
  const code = (action: string) => `${module}:${action}` as PermissionCode;
  const base = `/api/${name}`;
  return [
    { route: `GET ${base}/Get`, code: code('view'), request: async () => ({ url: `${base}/Get` }) },
    {
      route: `GET ${base}/Get/:key`,
      code: code('view'),
      request: async () => ({ url: `${base}/Get/${(await make()).id}` }),
    },
    {
      route: `GET ${base}/Detail/:key`,
      code: code('view'),
      request: async () => ({ url: `${base}/Detail/${(await make()).id}` }),
    },
    { route: `POST ${base}/Query`, code: code('view'), request: async () => ({ url: `${base}/Query`, body: {} }) },
    { route: `POST ${base}/Add`, code: code('create'), request: async () => ({ url: `${base}/Add`, body: add() }) },
    {
      route: `POST ${base}/Update`,
      code: code('edit'),
      request: async () => ({ url: `${base}/Update`, body: await update(await make()) }),
    },
    {
      route: `POST ${base}/Delete`,
      code: code('batchDelete'),
      request: async () => ({ url: `${base}/Delete`, body: [(await make()).id] }),
    },
    {
      route: `POST ${base}/Delete/:key`,
      code: code('delete'),
      request: async () => ({ url: `${base}/Delete/${(await make()).id}` }),
    },
    { route: `POST ${base}/Export`, code: code('export'), request: async () => ({ url: `${base}/Export`, body: {} }) },
  ];
}

const cases: Case[] = [
  ...resourceCases(
    'User',
    'user',
    async () => userBody(await targetUser()),
    () => ({ loginName: unique('u'), realName: 'New', password: 'Start@123' }),
    async (row) => ({ ...(row as Awaited<ReturnType<typeof userBody>>), jobTitle: 'x' }),
  ),
  {
    route: 'POST /api/User/QueryDeleted',
    code: 'user:view',
    request: async () => ({ url: '/api/User/QueryDeleted', body: {} }),
  },
  {
    route: 'POST /api/User/ExportDeleted',
    code: 'user:export',
    request: async () => ({ url: '/api/User/ExportDeleted', body: {} }),
  },
  {
    route: 'POST /api/User/Restore',
    code: 'user:restore',
    request: async () => ({ url: '/api/User/Restore', body: [await targetUser({ deletedAt: new Date() })] }),
  },
  {
    route: 'POST /api/User/Lock',
    code: 'user:unlock',
    request: async () => ({ url: '/api/User/Lock', body: [await targetUser()] }),
  },
  {
    route: 'POST /api/User/Unlock',
    code: 'user:unlock',
    request: async () => ({
      url: '/api/User/Unlock',
      body: [await targetUser({ lockedAt: new Date(), errorCount: 5 })],
    }),
  },
  {
    route: 'POST /api/User/OnOff',
    code: 'user:onOff',
    request: async () => ({ url: '/api/User/OnOff', body: { ids: [await targetUser()], status: 'Inactive' } }),
  },
  {
    route: 'POST /api/User/ResetPassword',
    code: 'user:edit',
    request: async () => ({
      url: '/api/User/ResetPassword',
      body: { id: await targetUser(), password: 'Temp@1234', confirmPassword: 'Temp@1234' },
    }),
  },
  {
    route: 'POST /api/User/ResetSecondFactor',
    code: 'user:edit',
    request: async () => ({ url: '/api/User/ResetSecondFactor', body: { id: await targetUser() } }),
  },
  {
    route: 'GET /api/User/PersonalData/:key',
    code: 'user:edit',
    request: async () => ({ url: `/api/User/PersonalData/${await targetUser()}` }),
  },
  {
    route: 'POST /api/User/Erase',
    code: 'user:delete',
    request: async () => {
      const { id, rowVersion } = await userBody(await targetUser());
      return { url: '/api/User/Erase', body: { id, rowVersion } };
    },
  },

  ...resourceCases(
    'UserGroup',
    'userGroup',
    newGroup,
    () => ({ name: unique('g') }),
    async (row) => ({ id: row.id, rowVersion: row.rowVersion, name: unique('g') }),
  ),
  { route: 'GET /api/UserGroup/Tree', code: 'userGroup:view', request: async () => ({ url: '/api/UserGroup/Tree' }) },
  {
    route: 'POST /api/UserGroup/SetDefault/:key',
    code: 'userGroup:edit',
    request: async () => ({ url: `/api/UserGroup/SetDefault/${(await newGroup()).id}` }),
  },

  ...resourceCases(
    'Role',
    'role',
    newRole,
    () => ({ name: 'R', code: unique('r'), permissions: [] }),
    async (row) => {
      const [r] = await ctx.db.select().from(role).where(eq(role.id, row.id));
      return { id: r!.id, rowVersion: r!.rowVersion, name: 'Renamed', code: r!.code };
    },
  ),
  {
    route: 'GET /api/Role/Users/:key',
    code: 'role:view',
    request: async () => ({ url: `/api/Role/Users/${(await newRole()).id}` }),
  },
  {
    route: 'GET /api/Role/PermissionMatrix',
    code: 'role:view',
    request: async () => ({ url: '/api/Role/PermissionMatrix' }),
  },
  {
    route: 'POST /api/Role/SavePermissionMatrix',
    code: 'role:edit',
    request: async () => {
      const r = await newRole();
      return {
        url: '/api/Role/SavePermissionMatrix',
        body: { roles: [{ id: r.id, rowVersion: r.rowVersion, permissions: [] }] },
      };
    },
  },
  { route: 'GET /api/Permission/Get', code: 'role:view', request: async () => ({ url: '/api/Permission/Get' }) },
  {
    route: 'GET /api/Permission/Get/:key',
    code: 'role:view',
    request: async () => {
      const [p] = await ctx.db.select({ id: permission.id }).from(permission).limit(1);
      return { url: `/api/Permission/Get/${p!.id}` };
    },
  },
  {
    route: 'POST /api/Permission/Query',
    code: 'role:view',
    request: async () => ({ url: '/api/Permission/Query', body: {} }),
  },
  {
    route: 'POST /api/Permission/Export',
    code: 'role:export',
    request: async () => ({ url: '/api/Permission/Export', body: {} }),
  },

  ...resourceCases(
    'Region',
    'region',
    newRegion,
    () => ({ code: unique('R'), name: 'Region' }),
    async (row) => ({ id: row.id, rowVersion: row.rowVersion, name: 'Renamed' }),
  ),
  { route: 'GET /api/Region/Children', code: 'region:view', request: async () => ({ url: '/api/Region/Children' }) },
  ...resourceCases(
    'Industry',
    'industry',
    newIndustry,
    () => ({ code: unique('I'), name: 'Industry' }),
    async (row) => ({ id: row.id, rowVersion: row.rowVersion, code: unique('I'), name: 'Renamed' }),
  ),
  { route: 'GET /api/Industry/Tree', code: 'industry:view', request: async () => ({ url: '/api/Industry/Tree' }) },
  ...resourceCases(
    'Configuration',
    'configuration',
    newConfiguration,
    () => ({ name: unique('c'), value: '1' }),
    async (row) => ({ id: row.id, rowVersion: row.rowVersion, name: unique('c'), value: '2' }),
  ),

  { route: 'GET /api/WebApi/Get', code: 'webApi:view', request: async () => ({ url: '/api/WebApi/Get' }) },
  ...(['Get', 'Detail'] as const).map((action): Case => ({
    route: `GET /api/WebApi/${action}/:key`,
    code: 'webApi:view',
    request: async () => {
      const [api] = await ctx.db.select({ id: webApi.id }).from(webApi).limit(1);
      return { url: `/api/WebApi/${action}/${api!.id}` };
    },
  })),
  {
    route: 'POST /api/WebApi/Query',
    code: 'webApi:view',
    request: async () => ({ url: '/api/WebApi/Query', body: {} }),
  },
  {
    route: 'POST /api/WebApi/Export',
    code: 'webApi:export',
    request: async () => ({ url: '/api/WebApi/Export', body: {} }),
  },
  {
    route: 'POST /api/WebApi/OnOff',
    code: 'webApi:onOff',
    request: async () => {
      const [api] = await ctx.db.select({ id: webApi.id }).from(webApi).where(eq(webApi.url, '/api/Dept/Get'));
      return { url: '/api/WebApi/OnOff', body: { ids: [api!.id], enabled: true } };
    },
  },
];

describe('authorization matrix of the administration routes', () => {
  const probes = { allBut: { token: '', roleId: 0 }, only: { token: '', roleId: 0 } };
  const grant = async (roleId: number, codes: string[]) => {
    await ctx.db.delete(rolePermission).where(eq(rolePermission.roleId, roleId));
    const ids = await ctx.db.select({ id: permission.id }).from(permission).where(inArray(permission.code, codes));
    expect(ids).toHaveLength(codes.length);
    if (ids.length) await ctx.db.insert(rolePermission).values(ids.map((p) => ({ roleId, permissionId: p.id })));
  };

  beforeAll(async () => {
    for (const probe of [probes.allBut, probes.only]) {
      const user = await createUser(ctx);
      probe.roleId = await createRole(ctx, []);
      await ctx.db.insert(userRole).values({ userId: user.id, roleId: probe.roleId });
      probe.token = (await signIn(ctx, user)).token;
    }
  });

  it('has a case for every route of these controllers, each with the route’s declared permission', () => {
    const routes = ctx.built.routes.filter(
      (r) => r.method !== 'HEAD' && controllers.includes(r.url.split('/')[2] ?? ''),
    );
    expect(cases.map((c) => c.route).sort()).toEqual(routes.map((r) => `${r.method} ${r.url}`).sort());
    const declared = new Map(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(cases.filter((c) => declared.get(c.route) !== c.code).map((c) => c.route)).toEqual([]);
  });

  it('refuses each route with 403 to a user holding every permission but its own', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      await grant(
        probes.allBut.roleId,
        allPermissionCodes.filter((code) => code !== c.code),
      );
      const request = await c.request();
      const response = await ctx.call(c.route.startsWith('GET') ? 'GET' : 'POST', request.url, {
        token: probes.allBut.token,
        body: request.body,
        query: request.query,
      });
      if (response.status !== 403 || response.body.resultMsg !== messages.forbidden)
        failures.push(`${c.route} without ${c.code}: ${response.status} ${response.raw.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets each route succeed for a user holding only its permission', async () => {
    const failures: string[] = [];
    for (const c of cases) {
      await grant(probes.only.roleId, [c.code]);
      const request = await c.request();
      const response = await ctx.call(c.route.startsWith('GET') ? 'GET' : 'POST', request.url, {
        token: probes.only.token,
        body: request.body,
        query: request.query,
      });
      const isFile = c.route.includes('Export') || c.route.includes('PersonalData');
      const succeeded = response.status === 200 && (isFile || response.body.resultCode === 200);
      if (!succeeded) failures.push(`${c.route} with ${c.code}: ${response.status} ${response.raw.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * No one grants more than they hold (contract section 17): a granter holding user and role management, every
 * permission but one, data scope "projects" and one project, tries every granting route on themselves and on
 * someone else with each kind of widening (a permission, a data scope, a project). Each is refused (400); the same
 * call granting only what the granter holds succeeds, so the refusals are the rule and not a broken request.
 */
describe('no one grants more than they hold', () => {
  const withheld: PermissionCode = 'region:delete';
  const heldCode: PermissionCode = 'region:view';
  type Widening = 'permission' | 'dataScope' | 'project' | 'none';
  type GrantCase = { route: string; target: 'self' | 'other'; widening: Widening; body: () => Promise<unknown> };
  const granter = { id: 0, token: '', roleId: 0, ownProject: 0, otherProject: 0 };

  const roleWith = async (codes: string[], dataScope: 'all' | 'projects' | 'own') => {
    const id = await createRole(ctx, codes);
    await ctx.db.update(role).set({ dataScope }).where(eq(role.id, id));
    return id;
  };
  const rolesOf = async (userId: number) =>
    (await ctx.db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, userId))).map((r) => r.id);
  /** What each widening adds to a user: a role or a project, or (none) only what the granter holds. */
  const userGrant = async (widening: Widening, current: { roles: number[]; projects: number[] }) => {
    if (widening === 'project') return { roles: current.roles, projects: [...current.projects, granter.otherProject] };
    const roleId =
      widening === 'permission'
        ? await roleWith([withheld], 'own')
        : widening === 'dataScope'
          ? await roleWith([], 'all')
          : await roleWith([heldCode], 'projects');
    return { roles: [...current.roles, roleId], projects: [...current.projects, granter.ownProject] };
  };
  /** What each widening asks of a role. */
  const roleGrant = (widening: Widening): { permissions?: string[]; dataScope?: string } =>
    widening === 'permission'
      ? { permissions: [heldCode, withheld] }
      : widening === 'dataScope'
        ? { dataScope: 'all' }
        : { permissions: [heldCode], dataScope: 'projects' };
  const roleBody = async (id: number) => {
    const [r] = await ctx.db.select().from(role).where(eq(role.id, id));
    return { id, rowVersion: r!.rowVersion, name: r!.name, code: r!.code };
  };
  const everyHeldCode = () => allPermissionCodes.filter((code) => code !== withheld);

  const userWidenings: Widening[] = ['permission', 'dataScope', 'project', 'none'];
  const roleWidenings: Widening[] = ['permission', 'dataScope', 'none'];
  // The matrix carries permissions only (a role's data scope is changed by Role/Update).
  const matrixWidenings: Widening[] = ['permission', 'none'];

  const grantCases: GrantCase[] = [
    ...userWidenings.map((widening): GrantCase => ({
      route: 'POST /api/User/Add',
      target: 'other',
      widening,
      body: async () => ({
        loginName: unique('u'),
        realName: 'New',
        password: 'Start@123',
        ...(await userGrant(widening, { roles: [], projects: [] })),
      }),
    })),
    ...(['self', 'other'] as const).flatMap((target) =>
      userWidenings.map((widening): GrantCase => ({
        route: 'POST /api/User/Update',
        target,
        widening,
        body: async () => {
          const id = target === 'self' ? granter.id : await targetUser();
          const projects = target === 'self' ? [granter.ownProject] : [];
          return { ...(await userBody(id)), ...(await userGrant(widening, { roles: await rolesOf(id), projects })) };
        },
      })),
    ),
    ...roleWidenings.map((widening): GrantCase => ({
      route: 'POST /api/Role/Add',
      target: 'other',
      widening,
      body: async () => ({ name: 'R', code: unique('r'), dataScope: 'projects', ...roleGrant(widening) }),
    })),
    ...(['self', 'other'] as const).flatMap((target) =>
      roleWidenings.map((widening): GrantCase => ({
        route: 'POST /api/Role/Update',
        target,
        widening,
        body: async () => {
          const id = target === 'self' ? granter.roleId : await roleWith([], 'projects');
          const grant = roleGrant(widening);
          // The granter's own role keeps what it has; a widening adds to it.
          const permissions =
            target === 'self' && grant.permissions
              ? { permissions: [...new Set([...everyHeldCode(), ...grant.permissions])] }
              : {};
          return { ...(await roleBody(id)), ...grant, ...permissions };
        },
      })),
    ),
    ...(['self', 'other'] as const).flatMap((target) =>
      matrixWidenings.map((widening): GrantCase => ({
        route: 'POST /api/Role/SavePermissionMatrix',
        target,
        widening,
        body: async () => {
          const id = target === 'self' ? granter.roleId : await roleWith([], 'projects');
          const base = target === 'self' ? everyHeldCode() : [heldCode];
          const permissions = widening === 'permission' ? [...base, withheld] : base;
          return { roles: [{ id, rowVersion: (await roleBody(id)).rowVersion, permissions }] };
        },
      })),
    ),
  ];

  const refusals: Record<Exclude<Widening, 'none'>, string[]> = {
    permission: [userMessages.cannotGrant, roleMessages.cannotGrant],
    dataScope: [userMessages.cannotGrantScope, roleMessages.cannotGrantScope],
    project: [userMessages.cannotGrantProjects],
  };

  beforeAll(async () => {
    granter.ownProject = await createProject(ctx);
    granter.otherProject = await createProject(ctx);
    const user = await createUser(ctx, { projects: [granter.ownProject] });
    granter.id = user.id;
    granter.roleId = await roleWith(everyHeldCode(), 'projects');
    await ctx.db.insert(userRole).values({ userId: user.id, roleId: granter.roleId });
    granter.token = (await signIn(ctx, user)).token;
  });

  it('covers every granting route with every widening it can carry, on the granter and on others', () => {
    const covered = new Set(grantCases.map((c) => `${c.route} ${c.target} ${c.widening}`));
    expect(covered.size).toBe(grantCases.length);
    expect(new Set(grantCases.map((c) => c.route))).toEqual(
      new Set([
        'POST /api/User/Add',
        'POST /api/User/Update',
        'POST /api/Role/Add',
        'POST /api/Role/Update',
        'POST /api/Role/SavePermissionMatrix',
      ]),
    );
  });

  it('refuses every widening with 400 and lets the same call through when it grants only what the granter holds', async () => {
    const failures: string[] = [];
    for (const c of grantCases) {
      const body = await c.body();
      const response = await ctx.call('POST', c.route.slice('POST '.length), { token: granter.token, body });
      const name = `${c.route} on ${c.target} with ${c.widening}`;
      if (c.widening === 'none') {
        if (response.status !== 200) failures.push(`${name}: ${response.status} ${response.raw.slice(0, 300)}`);
      } else if (response.status !== 400 || !refusals[c.widening].includes(response.body.resultMsg))
        failures.push(`${name}: ${response.status} ${response.raw.slice(0, 300)}`);
    }
    expect(failures).toEqual([]);
    // Nothing of the refused calls stuck: the granter still holds only what they held.
    const me = await ctx.call('GET', '/api/token/GetMyInfo', { token: granter.token });
    expect(me.body.data).toMatchObject({ projects: [granter.ownProject] });
    expect((me.body.data as { permissions: string[] }).permissions).not.toContain(withheld);
    const [mine] = await ctx.db.select({ dataScope: role.dataScope }).from(role).where(eq(role.id, granter.roleId));
    expect(mine!.dataScope).toBe('projects');
  });
});
