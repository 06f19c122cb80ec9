import { describe, expect, it } from 'vitest';
import { accountMessages, messages } from '@casedesk/shared';
import { createUser, signIn, useTestApp, userRow } from '../../../test/helpers.js';

describe('My Account', () => {
  const ctx = useTestApp();

  it('needs a signed-in user', async () => {
    const response = await ctx.call('GET', '/api/Account/Profile');
    expect(response.status).toBe(401);
  });

  it("shows and updates only the caller's own profile, with rowVersion", async () => {
    const user = await createUser(ctx, { roles: ['common'] });
    const other = await createUser(ctx, { roles: ['common'] });
    const { token } = await signIn(ctx, user);

    const read = await ctx.call('GET', '/api/account/profile', { token });
    expect(read.status, read.raw).toBe(200);
    const profile = read.body.data as { id: number; rowVersion: number; loginName: string; roleNames: string[] };
    expect(profile).toMatchObject({
      id: user.id,
      loginName: user.loginName,
      roleNames: ['common'],
      roleTitles: ['Staff'],
    });

    const saved = await ctx.call('POST', '/api/Account/UpdateProfile', {
      token,
      body: {
        rowVersion: profile.rowVersion,
        realName: ' Ada ',
        lastName: 'Lovelace',
        mobile: '+44 20 1234',
        id: other.id,
      },
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data).toMatchObject({
      id: user.id,
      realName: 'Ada',
      lastName: 'Lovelace',
      mobile: '+44 20 1234',
    });
    expect((await userRow(ctx, other.id)).realName).toBe('Test');

    const stale = await ctx.call('POST', '/api/Account/UpdateProfile', {
      token,
      body: { rowVersion: profile.rowVersion, realName: 'Grace' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    expect((await userRow(ctx, user.id)).realName).toBe('Ada');
  });

  it('refuses invalid input with the spec texts', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const empty = await ctx.call('POST', '/api/Account/UpdateProfile', {
      token,
      body: { rowVersion: 1, realName: '' },
    });
    expect(empty.status).toBe(400);
    const email = await ctx.call('POST', '/api/Account/UpdateEmail', {
      token,
      body: { rowVersion: 1, email: 'nope', password: user.password },
    });
    expect(email.status).toBe(400);
    expect(email.body.resultMsg).toContain(messages.invalidEmail);
    const language = await ctx.call('POST', '/api/Account/UpdateLanguage', { token, body: { language: 'fr' } });
    expect(language.status).toBe(400);
  });

  it('changes the e-mail address only with the current password', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const { rowVersion } = (await userRow(ctx, user.id)) as { rowVersion: number };
    const wrong = await ctx.call('POST', '/api/Account/UpdateEmail', {
      token,
      body: { rowVersion, email: 'new@example.test', password: 'Wrong@123' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.resultMsg).toBe(accountMessages.passwordIncorrect);
    const right = await ctx.call('POST', '/api/Account/UpdateEmail', {
      token,
      body: { rowVersion, email: 'new@example.test', password: user.password },
    });
    expect(right.status, right.raw).toBe(200);
    const row = await userRow(ctx, user.id);
    expect(row.email).toBe('new@example.test');
    expect(row.errorCount).toBe(0);
  });

  it('a name changed here is the name lists show (the stored full name follows it)', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const { rowVersion } = (await ctx.call('GET', '/api/Account/Profile', { token })).body.data as {
      rowVersion: number;
    };
    const saved = await ctx.call('POST', '/api/Account/UpdateProfile', {
      token,
      body: { rowVersion, realName: 'Renée', lastName: 'Okafor' },
    });
    expect(saved.status, saved.raw).toBe(200);
    expect((await userRow(ctx, user.id)).fullName).toBe('Renée Okafor');
  });

  it('saves the language whatever version the caller read', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const saved = await ctx.call('POST', '/api/Account/UpdateLanguage', { token, body: { language: 'zh-tw' } });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data).toEqual({ language: 'zh-tw' });
    const info = await ctx.call('GET', '/api/token/GetMyInfo', { token });
    expect(info.body.data).toMatchObject({ language: 'zh-tw' });
  });

  it('unlocks the screen with the password; five wrong ones hold this address off, the session stays open', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const verify = (password: string) => ctx.call('POST', '/api/Account/VerifyPassword', { token, body: { password } });
    expect((await verify(user.password)).status).toBe(200);
    for (let i = 1; i <= 5; i++) {
      const bad = await verify('Nope@123');
      expect(bad.status).toBe(400);
      expect(bad.body.resultMsg).toBe(accountMessages.passwordIncorrect);
    }
    // Held off: even the right password is answered as a wrong one, so guessing cannot go on.
    const held = await verify(user.password);
    expect(held.status).toBe(400);
    expect(held.body.resultMsg).toBe(accountMessages.passwordIncorrect);
    // Counted with sign-in: the same address cannot sign in either, while another can.
    const login = (ip: string) =>
      ctx.call('POST', '/api/token/Login', {
        body: { userName: user.loginName, password: user.password },
        remoteAddress: ip,
      });
    expect((await login('127.0.0.1')).body.resultMsg).toBe(messages.loginFailed);
    expect((await login('198.51.100.44')).status).toBe(200);
    // The account is not locked and the session goes on.
    expect((await userRow(ctx, user.id)).lockedAt).toBeNull();
    expect((await ctx.call('GET', '/api/Account/Profile', { token })).status).toBe(200);
  });

  it('counts wrong passwords of the e-mail change with those of sign-in', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const { rowVersion } = (await ctx.call('GET', '/api/Account/Profile', { token })).body.data as {
      rowVersion: number;
    };
    for (let i = 1; i <= 4; i++)
      await ctx.call('POST', '/api/token/Login', { body: { userName: user.loginName, password: 'Wrong@pass1' } });
    const fifth = await ctx.call('POST', '/api/Account/UpdateEmail', {
      token,
      body: { rowVersion, email: 'held@example.test', password: 'Wrong@123' },
    });
    expect(fifth.body.resultMsg).toBe(accountMessages.passwordIncorrect);
    const right = await ctx.call('POST', '/api/Account/UpdateEmail', {
      token,
      body: { rowVersion, email: 'held@example.test', password: user.password },
    });
    expect(right.status).toBe(400);
    expect((await userRow(ctx, user.id)).email).not.toBe('held@example.test');
  });
});
