import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SecondFactorChallenge, TokenData, TwoFactorStatus } from '@casedesk/shared';
import { createUser, signIn, useTestApp, type TestUser } from '../../../test/helpers.js';
import { virtualAuthenticator } from '../../../test/virtual-authenticator.js';
import { userPasskey } from './auth.table.js';

const systemUrl = 'https://desk.casedesk.test';
const ctx = useTestApp({ systemUrl });

/** Registers a new virtual key for the user under My account (`at`: where the browser says it was made). */
async function addPasskey(token: string, at: { origin?: string; rpID?: string } = {}) {
  const key = virtualAuthenticator(systemUrl);
  const options = await ctx.call('POST', '/api/Account/Passkey/Options', { token });
  expect(options.status, options.raw).toBe(200);
  const created = key.register(options.body.data as { challenge: string }, at);
  const registered = await ctx.call('POST', '/api/Account/Passkey/Register', {
    token,
    body: { name: 'Desk key', response: created },
  });
  return { key, registered };
}

async function passkeyChallenge(user: TestUser) {
  const answer = await ctx.call('POST', '/api/token/Login', {
    body: { userName: user.loginName, password: user.password },
  });
  const { challenge, secondFactor } = answer.body.data as SecondFactorChallenge;
  expect(secondFactor).toEqual(['passkey']);
  const options = await ctx.call('POST', '/api/token/PasskeyOptions', { body: { challenge } });
  expect(options.status, options.raw).toBe(200);
  return { challenge, options: options.body.data as { challenge: string; allowCredentials: { id: string }[] } };
}

const passkeyLogin = (challenge: string, response: unknown) =>
  ctx.call('POST', '/api/token/PasskeyLogin', { body: { challenge, response } });

describe('Passkeys (WebAuthn)', () => {
  it('registers a key under My account and signs in with it as the second step', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const { key, registered } = await addPasskey(token);
    expect(registered.status, registered.raw).toBe(200);
    const [stored] = await ctx.db.select().from(userPasskey).where(eq(userPasskey.userId, user.id));
    expect(stored).toMatchObject({ credentialId: key.id, counter: 0, name: 'Desk key' });

    const { challenge, options } = await passkeyChallenge(user);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([key.id]);
    const signedIn = await passkeyLogin(challenge, key.assert(options));
    expect(signedIn.status, signedIn.raw).toBe(200);
    expect(signedIn.body.data).toHaveProperty('token');
    const [used] = await ctx.db.select().from(userPasskey).where(eq(userPasskey.userId, user.id));
    expect(used!.counter).toBe(1);
    expect(used!.lastUsedAt).not.toBeNull();

    const status = await ctx.call('GET', '/api/Account/TwoFactor', { token: (signedIn.body.data as TokenData).token });
    const listed = (status.body.data as TwoFactorStatus).passkeys;
    expect(listed).toMatchObject([{ name: 'Desk key' }]);
    const renamed = await ctx.call('POST', '/api/Account/Passkey/Rename', {
      token,
      body: { id: listed[0]!.id, name: 'Yellow key' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Yellow key' });
    expect((await ctx.call('POST', '/api/Account/Passkey/Remove', { token, body: { id: listed[0]!.id } })).status).toBe(
      200,
    );
    expect(await ctx.db.select().from(userPasskey).where(eq(userPasskey.userId, user.id))).toEqual([]);
  });

  it('refuses a key made for another origin or site, at registration and at sign-in', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const otherOrigin = await addPasskey(token, { origin: 'https://evil.test' });
    expect(otherOrigin.registered.status).toBe(400);
    const otherSite = await addPasskey(token, { rpID: 'evil.test' });
    expect(otherSite.registered.status).toBe(400);
    expect(await ctx.db.select().from(userPasskey).where(eq(userPasskey.userId, user.id))).toEqual([]);

    const { key } = await addPasskey(token);
    const { challenge, options } = await passkeyChallenge(user);
    const refused = await passkeyLogin(challenge, key.assert(options, { origin: 'https://evil.test' }));
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe('The passkey was not accepted. Please try again.');
    expect((await passkeyLogin(challenge, key.assert(options))).status).toBe(200);
  });

  it('refuses another user’s key and a key whose counter did not move on (a clone), and a stranger cannot rename', async () => {
    const owner = await createUser(ctx);
    const ownerToken = (await signIn(ctx, owner)).token;
    const { key: ownersKey } = await addPasskey(ownerToken);
    const other = await createUser(ctx);
    const { key: othersKey } = await addPasskey((await signIn(ctx, other)).token);

    // The owner's key signing the other user's sign-in: not theirs.
    const { challenge, options } = await passkeyChallenge(other);
    expect((await passkeyLogin(challenge, ownersKey.assert(options))).status).toBe(400);

    // Counter: a signature with the counter already seen is refused.
    const first = await passkeyLogin(challenge, othersKey.assert(options, { counter: 5 }));
    expect(first.status, first.raw).toBe(200);
    const again = await passkeyChallenge(other);
    expect((await passkeyLogin(again.challenge, othersKey.assert(again.options, { counter: 5 }))).status).toBe(400);
    expect((await passkeyLogin(again.challenge, othersKey.assert(again.options, { counter: 6 }))).status).toBe(200);

    const [othersRow] = await ctx.db.select().from(userPasskey).where(eq(userPasskey.userId, other.id));
    const stranger = await ctx.call('POST', '/api/Account/Passkey/Rename', {
      token: ownerToken,
      body: { id: othersRow!.id, name: 'Mine now' },
    });
    expect(stranger.status).toBe(404);
  });
});
