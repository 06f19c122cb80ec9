import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  caseNumberPattern,
  messages,
  settingMessages,
  type Holiday,
  type Page,
  type PublicSettings,
  type SettingGroup,
  type Settings,
  type SettingValues,
} from '@casedesk/shared';
import { createUser, signIn, signedInWith, userRow, useTestApp, type Response } from '../../../test/helpers.js';
import { addTicket, admin, ticketWorld, type Staff, type TicketData } from '../../../test/ticket-factories.js';
import { userSession } from '../auth/auth.table.js';
import { addServiceHours, invalidateSettings } from './setting.service.js';
import { appSetting, holiday } from './setting.table.js';

const ctx = useTestApp({ dataDir: mkdtempSync(join(tmpdir(), 'casedesk-settings-')) });
let boss: Staff;

beforeAll(async () => {
  boss = await admin(ctx);
});

// Settings and holidays are global to the database: every test starts from the defaults and an empty
// calendar, whatever an earlier (or failed) test saved, so the tests hold in any order.
beforeEach(async () => {
  await ctx.db.delete(appSetting);
  await ctx.db.delete(holiday);
  invalidateSettings(ctx.db);
});

async function settings(): Promise<Settings> {
  const response = await ctx.call('GET', '/api/Settings/Get', { token: boss.token });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as Settings;
}

/** Saves a group with the given keys changed, from its current value and rowVersion. */
async function change<G extends SettingGroup>(group: G, patch: Partial<SettingValues[G]>): Promise<Response> {
  const current = (await settings())[group];
  const response = await ctx.call('POST', '/api/Settings/Save', {
    token: boss.token,
    body: { group, value: { ...current.value, ...patch }, rowVersion: current.rowVersion },
  });
  expect(response.status, response.raw).toBe(200);
  return response;
}

const wrongSignIn = (loginName: string) =>
  ctx.call('POST', '/api/token/Login', { body: { userName: loginName, password: 'Wrong@12345' } });

describe('Settings API', () => {
  it('answers the defaults before anything is saved, saves a group with rowVersion and refuses a stale one', async () => {
    const before = await settings();
    expect(before.basic).toMatchObject({
      rowVersion: 0,
      value: { productTitle: 'Casedesk', caseNumberPrefix: 'TCK', defaultLanguage: 'en', timeZone: 'UTC' },
    });
    expect(before.toggles.value).toEqual({
      lockout: true,
      lockoutAttempts: 5,
      accountLockAddresses: 10,
      privateTickets: true,
      ssoButton: false,
      webhookPrivateAddresses: false,
      twoFactorRoles: [],
    });
    expect(before.token.value).toEqual({
      accessMinutes: ctx.config.accessTokenMinutes,
      refreshDays: ctx.config.refreshTokenDays,
      personalTokens: true,
    });
    expect(before.upload.value.maxSizeMb).toBe(20);
    expect(before.upload.value.allowedTypes).toContain('pdf');

    const body = { group: 'basic', value: { ...before.basic.value, productTitle: 'Service Desk' }, rowVersion: 0 };
    const saved = await ctx.call('POST', '/api/Settings/Save', { token: boss.token, body });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data).toMatchObject({ rowVersion: 1, value: { productTitle: 'Service Desk' } });
    // The same rowVersion again: someone else saved in between.
    const stale = await ctx.call('POST', '/api/Settings/Save', {
      token: boss.token,
      body: { ...body, value: { ...body.value, productTitle: 'Lost' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.resultMsg).toBe(messages.staleRowVersion);
    expect((await settings()).basic).toMatchObject({ rowVersion: 1, value: { productTitle: 'Service Desk' } });

    const publicView = await ctx.call('GET', '/api/Settings/Public');
    expect(publicView.status).toBe(200);
    expect(publicView.body.data as PublicSettings).toMatchObject({
      productTitle: 'Service Desk',
      defaultLanguage: 'en',
      ssoButton: false,
      maxUploadSizeMb: 20,
    });
  });

  it('validates each group against its schema', async () => {
    const current = await settings();
    const bad = [
      { group: 'basic', value: { ...current.basic.value, caseNumberPrefix: 'tck-1' } },
      { group: 'basic', value: { ...current.basic.value, timeZone: 'Mars/Olympus' } },
      { group: 'toggles', value: { ...current.toggles.value, lockoutAttempts: 0 } },
      { group: 'token', value: { ...current.token.value, accessMinutes: 100_000 } },
      { group: 'upload', value: { ...current.upload.value, allowedTypes: ['.pdf'] } },
      { group: 'upload', value: { ...current.upload.value, extra: true } },
      { group: 'nope', value: {} },
    ];
    for (const body of bad) {
      const response = await ctx.call('POST', '/api/Settings/Save', {
        token: boss.token,
        body: { ...body, rowVersion: 0 },
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is for those with the settings permissions only; the public part needs no sign-in', async () => {
    const viewer = await signedInWith(ctx, ['settings:view']);
    expect((await ctx.call('GET', '/api/Settings/Get', { token: viewer.token })).status).toBe(200);
    const current = await settings();
    const save = await ctx.call('POST', '/api/Settings/Save', {
      token: viewer.token,
      body: { group: 'toggles', value: current.toggles.value, rowVersion: current.toggles.rowVersion },
    });
    expect(save.status).toBe(403);
    const nobody = await signedInWith(ctx, []);
    expect((await ctx.call('GET', '/api/Settings/Get', { token: nobody.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/Holiday/Get', { token: nobody.token })).status).toBe(403);
    expect((await ctx.call('GET', '/api/Settings/Public')).status).toBe(200);
  });

  it('keeps a holiday calendar: add, list by year, refuse a second one on the same day, delete', async () => {
    const add = (day: string, name: string) =>
      ctx.call('POST', '/api/Holiday/Add', { token: boss.token, body: { day, name } });
    expect((await add('2026-12-25', 'Christmas Day')).status).toBe(200);
    expect((await add('2027-01-01', 'New Year')).status).toBe(200);
    expect((await add('2026-12-25', 'Again')).status).toBe(409);
    expect((await add('2026-02-30', 'No such day')).status).toBe(400);
    const in2026 = await ctx.call('GET', '/api/Holiday/Get', { token: boss.token, query: { year: '2026' } });
    expect((in2026.body.data as Page<Holiday>).items.map((h) => h.name)).toEqual(['Christmas Day']);
    const all = await settings();
    expect(all.holidays.map((h) => h.day)).toEqual(['2026-12-25', '2027-01-01']);
    const id = all.holidays[0]!.id;
    expect((await ctx.call('POST', `/api/Holiday/Delete/${id}`, { token: boss.token })).status).toBe(200);
    expect((await settings()).holidays.map((h) => h.day)).toEqual(['2027-01-01']);
  });
});

describe('every setting takes effect', () => {
  it('lockout off: five failures in a row lock nobody', async () => {
    await change('toggles', { lockout: false });
    const user = await createUser(ctx);
    for (let i = 0; i < 6; i++) expect((await wrongSignIn(user.loginName)).body.resultMsg).toBe(messages.loginFailed);
    const row = await userRow(ctx, user.id);
    expect(row.lockedAt).toBeNull();
    expect(row.errorCount).toBe(6);
    expect(
      (await ctx.call('POST', '/api/token/Login', { body: { userName: user.loginName, password: user.password } }))
        .status,
    ).toBe(200);
  });

  it('lockout attempts 3: the third failure holds the address off (the right password then fails too)', async () => {
    await change('toggles', { lockout: true, lockoutAttempts: 3 });
    const user = await createUser(ctx);
    const right = () =>
      ctx.call('POST', '/api/token/Login', { body: { userName: user.loginName, password: user.password } });
    await wrongSignIn(user.loginName);
    await wrongSignIn(user.loginName);
    expect((await right()).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await wrongSignIn(user.loginName)).body.resultMsg).toBe(messages.loginFailed);
    expect((await right()).body.resultMsg).toBe(messages.loginFailed);
    expect((await userRow(ctx, user.id)).lockedAt).toBeNull();
  });

  it('account lock after held-off addresses 1: the first hold-off locks the whole account', async () => {
    await change('toggles', { lockout: true, lockoutAttempts: 2, accountLockAddresses: 1 });
    const user = await createUser(ctx);
    await wrongSignIn(user.loginName);
    expect((await userRow(ctx, user.id)).lockedAt).toBeNull();
    await wrongSignIn(user.loginName);
    expect((await userRow(ctx, user.id)).lockedAt).not.toBeNull();
    await change('toggles', { lockoutAttempts: 5, accountLockAddresses: 10 });
  });

  it('access minutes set the access token expiry; refresh days set the session (refresh token) expiry', async () => {
    await change('token', { accessMinutes: 7, refreshDays: 3 });
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user);
    const claims = decodeJwt(tokens.token);
    expect(tokens.exp - claims.iat!).toBe(7 * 60);
    const [session] = await ctx.db.select().from(userSession).where(eq(userSession.userId, user.id));
    const days = (session!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);

    await change('token', { accessMinutes: 30, refreshDays: 10 });
    const refreshed = await ctx.call('POST', '/api/token/RefreshToken', {
      body: { token: tokens.refreshToken, userName: user.loginName },
    });
    expect(refreshed.status, refreshed.raw).toBe(200);
    const data = refreshed.body.data as { token: string; exp: number };
    expect(data.exp - decodeJwt(data.token).iat!).toBe(30 * 60);
    const [after] = await ctx.db.select().from(userSession).where(eq(userSession.userId, user.id));
    expect((after!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(9.99);
  });

  it('the case-number prefix names the next ticket', async () => {
    const w = await ticketWorld(ctx);
    const before = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect(before.caseNumber).toMatch(/^TCK-\d{4}-\d{6}$/);
    await change('basic', { caseNumberPrefix: 'HELP' });
    const after = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    expect(after.caseNumber).toMatch(/^HELP-\d{4}-\d{6}$/);
    expect(after.caseNumber).toMatch(caseNumberPattern);
  });

  it("holidays close every service-level calendar: a ticket's clock skips them, by days of the calendar's zone", async () => {
    const w = await ticketWorld(ctx);
    const plusDays = (day: string, n: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const hours = (n: number) => n * 3_600_000;
    const due = (t: TicketData) => Date.parse(String(t.dueDate));
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
    const calendar = async (timeZone: string) => {
      const response = await ctx.call('POST', '/api/SlaCalendar/Add', {
        token: boss.token,
        body: { name: `Around the clock ${timeZone}`, timeZone, workingHours: allDay },
      });
      expect(response.status, response.raw).toBe(200);
      return (response.body.data as { id: number }).id;
    };
    const policy = async (calendarId: number, priority: string, resolutionMinutes: number) => {
      const response = await ctx.call('POST', '/api/SlaPolicy/Add', {
        token: boss.token,
        body: {
          name: `Holiday ${priority}`,
          calendarId,
          conditions: [
            { field: 'projectId', op: 'eq', value: w.projectId },
            { field: 'priority', op: 'eq', value: priority },
          ],
          firstResponseMinutes: 60,
          resolutionMinutes,
        },
      });
      expect(response.status, response.raw).toBe(200);
    };
    const utc = await calendar('UTC');
    await policy(utc, 'Urgent', 4 * 60);
    await policy(utc, 'Low', 7 * 24 * 60);
    await policy(await calendar('Asia/Taipei'), 'Medium', 4 * 60);
    const ticketOf = (priority: string) =>
      addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId, priority });
    const addHoliday = async (day: string) => {
      const response = await ctx.call('POST', '/api/Holiday/Add', { token: boss.token, body: { day, name: 'Closed' } });
      expect(response.status, response.raw).toBe(200);
      return (response.body.data as Holiday).id;
    };
    const removeHolidays = async (ids: number[]) => {
      for (const id of ids)
        expect((await ctx.call('POST', `/api/Holiday/Delete/${id}`, { token: boss.token })).status).toBe(200);
    };

    const plain = await ticketOf('Urgent');
    expect(due(plain) - Date.parse(String(plain.openDate))).toBe(hours(4));

    // Closed today and tomorrow (UTC): the clock starts the day after, whichever of the two the ticket opens on.
    const today = new Date().toISOString().slice(0, 10);
    const closed = [
      await addHoliday(today),
      await addHoliday(plusDays(today, 1)),
      await addHoliday(plusDays(today, 5)),
    ];
    const held = await ticketOf('Urgent');
    expect(due(held)).toBe(Date.parse(`${plusDays(today, 2)}T04:00:00Z`));
    // A new priority chooses the Low policy, counted from the opening: 7 days run through the holiday on day 5.
    const low = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: held.id, rowVersion: held.rowVersion, priority: 'Low' },
    });
    expect(low.status, low.raw).toBe(200);
    expect(due(low.body.data as TicketData)).toBe(Date.parse(`${plusDays(today, 10)}T00:00:00Z`));
    await removeHolidays(closed);

    // A holiday is a day of the calendar's own zone.
    const taipeiToday = new Date(Date.now() + hours(8)).toISOString().slice(0, 10);
    const taipei = [await addHoliday(taipeiToday), await addHoliday(plusDays(taipeiToday, 1))];
    const inTaipei = await ticketOf('Medium');
    expect(due(inTaipei)).toBe(Date.parse(`${plusDays(taipeiToday, 2)}T04:00:00+08:00`));
    await removeHolidays(taipei);
    const after = await ticketOf('Urgent');
    expect(due(after) - Date.parse(String(after.openDate))).toBe(hours(4));
  });

  it('private tickets off: a new private ticket, or making one private, is refused', async () => {
    const w = await ticketWorld(ctx);
    await change('toggles', { privateTickets: false });
    const refused = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'Secret', projectId: w.projectId, categoryId: w.categoryId, privateTicket: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.resultMsg).toBe(settingMessages.privateTicketsOff);
    const open = await addTicket(ctx, w.agent.token, { projectId: w.projectId, categoryId: w.categoryId });
    const update = await ctx.call('POST', '/api/Ticket/Update', {
      token: w.agent.token,
      body: { id: open.id, rowVersion: open.rowVersion, privateTicket: true },
    });
    expect(update.status).toBe(400);
    await change('toggles', { privateTickets: true });
    const allowed = await ctx.call('POST', '/api/Ticket/Add', {
      token: w.agent.token,
      body: { subject: 'Secret', projectId: w.projectId, categoryId: w.categoryId, privateTicket: true },
    });
    expect(allowed.status, allowed.raw).toBe(200);
  });

  it('upload size limit and allowed types govern uploads', async () => {
    const user = await createUser(ctx);
    const { token } = await signIn(ctx, user);
    const upload = async (name: string, type: string, data: Buffer) => {
      const boundary = `----settings${Date.now()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/Files/Upload',
        headers: {
          authorization: `Bearer ${token}`,
          'auth-token': ctx.newAuthToken(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      return { status: response.statusCode, message: (JSON.parse(response.body) as { resultMsg: string }).resultMsg };
    };
    const twoMb = Buffer.alloc(2 * 1024 * 1024, 0x61);
    expect((await upload('notes.txt', 'text/plain', twoMb)).status).toBe(200);
    await change('upload', { maxSizeMb: 1 });
    const tooBig = await upload('notes.txt', 'text/plain', twoMb);
    expect(tooBig.status).toBe(413);
    expect(tooBig.message).toBe('Maximum File Size of 1 Mb is allowed');

    await change('upload', { maxSizeMb: 20, allowedTypes: ['pdf', 'png'] });
    const refused = await upload('notes.txt', 'text/plain', Buffer.from('hello'));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(settingMessages.typeNotAllowed('txt'));
    await change('upload', { allowedTypes: ['txt', 'csv', 'pdf', 'png'] });
    expect((await upload('notes.txt', 'text/plain', Buffer.from('hello'))).status).toBe(200);
  });

  it('product title, default language, time zone and the SSO button reach the public settings', async () => {
    await change('basic', { productTitle: 'Help Centre', defaultLanguage: 'zh-tw', timeZone: 'Asia/Taipei' });
    await change('toggles', { ssoButton: true });
    const view = (await ctx.call('GET', '/api/Settings/Public')).body.data as PublicSettings;
    expect(view).toMatchObject({
      productTitle: 'Help Centre',
      defaultLanguage: 'zh-tw',
      timeZone: 'Asia/Taipei',
      ssoButton: true,
    });
  });
});

describe('service hours and the holiday calendar', () => {
  const at = (iso: string) => new Date(iso);
  const iso = (d: Date) => d.toISOString();

  it('count every hour when no holiday is in the way', () => {
    expect(iso(addServiceHours(at('2026-03-02T10:00:00Z'), 24, ['2026-03-05'], 'UTC'))).toBe(
      '2026-03-03T10:00:00.000Z',
    );
  });

  it('skip a holiday the time runs through, one that the due date falls on, and one the ticket opens on', () => {
    expect(iso(addServiceHours(at('2026-03-02T10:00:00Z'), 24, ['2026-03-03'], 'UTC'))).toBe(
      '2026-03-04T10:00:00.000Z',
    );
    expect(iso(addServiceHours(at('2026-03-06T10:00:00Z'), 72, ['2026-03-09'], 'UTC'))).toBe(
      '2026-03-10T10:00:00.000Z',
    );
    expect(iso(addServiceHours(at('2026-03-03T15:00:00Z'), 4, ['2026-03-03'], 'UTC'))).toBe('2026-03-04T04:00:00.000Z');
    expect(iso(addServiceHours(at('2026-03-02T10:00:00Z'), 24, ['2026-03-03', '2026-03-04'], 'UTC'))).toBe(
      '2026-03-05T10:00:00.000Z',
    );
  });

  it('take holidays as days of the given time zone, across a daylight-saving change', () => {
    // Taipei is UTC+8: 2026-03-03 there is 2026-03-02T16:00Z to 2026-03-03T16:00Z.
    expect(iso(addServiceHours(at('2026-03-02T10:00:00Z'), 4, ['2026-03-03'], 'Asia/Taipei'))).toBe(
      '2026-03-02T14:00:00.000Z',
    );
    expect(iso(addServiceHours(at('2026-03-02T17:00:00Z'), 4, ['2026-03-03'], 'Asia/Taipei'))).toBe(
      '2026-03-03T20:00:00.000Z',
    );
    // New York moves to daylight time on Sunday 2026-03-08: Saturday opens at 05:00Z, Monday at 04:00Z.
    expect(iso(addServiceHours(at('2026-03-07T17:00:00Z'), 4, ['2026-03-07'], 'America/New_York'))).toBe(
      '2026-03-08T09:00:00.000Z',
    );
    expect(iso(addServiceHours(at('2026-03-07T17:00:00Z'), 4, ['2026-03-07', '2026-03-08'], 'America/New_York'))).toBe(
      '2026-03-09T08:00:00.000Z',
    );
  });
});
