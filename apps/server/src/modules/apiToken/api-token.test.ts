import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { settingMessages, type ApiToken, type ApiTokenCreated, type MyInfo, type Settings } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp, type Response } from '../../../test/helpers.js';
import { addTicket, admin, ticketWorld, type Staff } from '../../../test/ticket-factories.js';
import { apiToken } from './api-token.table.js';
import { appUser } from '../user/user.table.js';

const ctx = useTestApp();
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

async function create(token: string, name = 'CI', expiresInDays = 30): Promise<ApiTokenCreated> {
  const response = await ctx.call('POST', '/api/ApiToken/Create', { token, body: { name, expiresInDays } });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as ApiTokenCreated;
}

/** A call as an integration makes it: the personal token, and no Auth-Token header. */
const asIntegration = (token: string, url = '/api/token/GetMyInfo', method: 'GET' | 'POST' = 'GET', body?: unknown) =>
  ctx.call(method, url, { token, authToken: false, body });

describe('personal API tokens', () => {
  it('are shown once, stored hashed, listed without secrets, and act as their owner without Auth-Token', async () => {
    const user = await createUser(ctx);
    const { token: session } = await signIn(ctx, user);
    const created = await create(session, 'Reporting');
    expect(created.token).toMatch(/^cdk_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.token.slice(0, 10));
    const days = (new Date(created.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);

    const [stored] = await ctx.db.select().from(apiToken).where(eq(apiToken.id, created.id));
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const mine = await ctx.call('GET', '/api/ApiToken/Mine', { token: session });
    const list = mine.body.data as ApiToken[];
    expect(list.map((t) => t.name)).toEqual(['Reporting']);
    expect(JSON.stringify(list)).not.toContain(created.token);
    expect(list[0]).not.toHaveProperty('token');

    const info = await asIntegration(created.token);
    expect(info.status, info.raw).toBe(200);
    expect((info.body.data as MyInfo).id).toBe(user.id);
    const [used] = await ctx.db.select().from(apiToken).where(eq(apiToken.id, created.id));
    expect(used!.lastUsedAt).not.toBeNull();
    // The sign-in bearer still needs the header; only personal tokens are exempt.
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token: session, authToken: false })).status).toBe(400);
  });

  it("answer to the owner's permissions and data scope", async () => {
    const w = await ticketWorld(ctx);
    const other = await ticketWorld(ctx);
    const mineTicket = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const theirs = await addTicket(ctx, other.agent.token, {
      projectId: other.projectId,
      categoryId: other.categoryId,
    });
    const { token } = await create(w.agent.token);
    expect((await asIntegration(token, `/api/Ticket/Get/${mineTicket.id}`)).status).toBe(200);
    expect((await asIntegration(token, `/api/Ticket/Get/${theirs.id}`)).status).toBe(404);
    // No admin rights: the settings are out of reach.
    expect((await asIntegration(token, '/api/Settings/Get')).status).toBe(403);
    const created = await asIntegration(token, '/api/Ticket/Add', 'POST', {
      subject: 'From the integration',
      projectId: w.projectId,
      categoryId: w.categoryId,
    });
    expect(created.status, created.raw).toBe(200);
  });

  it('stop at once when revoked, expired, or when the owner is locked, inactive or deleted', async () => {
    const revokeMe = await createUser(ctx);
    const revokeSession = (await signIn(ctx, revokeMe)).token;
    const revoked = await create(revokeSession);
    expect((await asIntegration(revoked.token)).status).toBe(200);
    const revoke = await ctx.call('POST', `/api/ApiToken/Revoke/${revoked.id}`, { token: revokeSession });
    expect(revoke.status, revoke.raw).toBe(200);
    expect((revoke.body.data as ApiToken).revokedAt).not.toBeNull();
    expect((await asIntegration(revoked.token)).status).toBe(401);

    const expired = await create(revokeSession);
    await ctx.db
      .update(apiToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiToken.id, expired.id));
    expect((await asIntegration(expired.token)).status).toBe(401);

    for (const change of [{ lockedAt: new Date() }, { status: 'Inactive' as const }, { deletedAt: new Date() }]) {
      const owner = await createUser(ctx);
      const { token } = await create((await signIn(ctx, owner)).token);
      expect((await asIntegration(token)).status).toBe(200);
      await ctx.db.update(appUser).set(change).where(eq(appUser.id, owner.id));
      expect((await asIntegration(token)).status, JSON.stringify(change)).toBe(401);
    }

    expect((await asIntegration('cdk_not-a-real-token')).status).toBe(401);
    // An invalid personal token is refused, not treated as "no token, check the Auth-Token header".
    expect((await ctx.call('GET', '/api/token/GetMyInfo', { token: 'cdk_x' })).status).toBe(401);
  });

  it('may be revoked by their owner or a settings administrator, not by anyone else', async () => {
    const owner = await createUser(ctx);
    const ownerSession = (await signIn(ctx, owner)).token;
    const target = await create(ownerSession);
    const stranger = await signedInWith(ctx, []);
    expect((await ctx.call('POST', `/api/ApiToken/Revoke/${target.id}`, { token: stranger.token })).status).toBe(404);
    expect((await ctx.call('GET', '/api/ApiToken/Mine', { token: stranger.token })).body.data).toEqual([]);
    expect((await asIntegration(target.token)).status).toBe(200);
    expect((await ctx.call('GET', '/api/ApiToken/All', { token: stranger.token })).status).toBe(403);
    const all = await ctx.call('GET', '/api/ApiToken/All', { token: boss.token });
    expect(all.status).toBe(200);
    const listed = (all.body.data as (ApiToken & { ownerLoginName: string })[]).find((t) => t.id === target.id);
    expect(listed).toMatchObject({ ownerLoginName: owner.loginName, revokedAt: null });
    expect(JSON.stringify(all.body.data)).not.toContain(target.token);
    const byAdmin = await ctx.call('POST', `/api/ApiToken/Revoke/${target.id}`, { token: boss.token });
    expect(byAdmin.status, byAdmin.raw).toBe(200);
    expect((await asIntegration(target.token)).status).toBe(401);
  });

  it('cannot mint further tokens, and all stop when personal tokens are turned off', async () => {
    const owner = await createUser(ctx);
    const session = (await signIn(ctx, owner)).token;
    const { token } = await create(session);
    const minted = await asIntegration(token, '/api/ApiToken/Create', 'POST', { name: 'more', expiresInDays: 1 });
    expect(minted.status).toBe(403);
    expect(minted.body.resultMsg).toBe(settingMessages.tokenCannotCreateToken);

    const current = (await ctx.call('GET', '/api/Settings/Get', { token: boss.token })).body.data as Settings;
    const save = (personalTokens: boolean, rowVersion: number) =>
      ctx.call('POST', '/api/Settings/Save', {
        token: boss.token,
        body: { group: 'token', value: { ...current.token.value, personalTokens }, rowVersion },
      });
    const off = await save(false, current.token.rowVersion);
    expect(off.status, off.raw).toBe(200);
    let on: Response;
    try {
      expect((await asIntegration(token)).status).toBe(401);
      const refused = await ctx.call('POST', '/api/ApiToken/Create', {
        token: session,
        body: { name: 'x', expiresInDays: 1 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.resultMsg).toBe(settingMessages.personalTokensOff);
    } finally {
      // The setting is global: turned back on even if a check above failed, for the file's other tests.
      on = await save(true, (off.body.data as { rowVersion: number }).rowVersion);
    }
    expect(on.status, on.raw).toBe(200);
    expect((await asIntegration(token)).status).toBe(200);
  });

  it('validates the request', async () => {
    const { token } = await signedInWith(ctx, []);
    for (const body of [
      { name: '', expiresInDays: 1 },
      { name: 'x', expiresInDays: 0 },
      { name: 'x', expiresInDays: 9999 },
      { name: 'x' },
    ])
      expect((await ctx.call('POST', '/api/ApiToken/Create', { token, body })).status).toBe(400);
    expect((await ctx.call('POST', '/api/ApiToken/Revoke/999999', { token })).status).toBe(404);
  });
});
