import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emailMessages,
  logMessages,
  msg,
  type LoginLog,
  type RequestLog,
  type Settings,
  type SqlLog,
  type SystemLog,
} from '@casedesk/shared';
import { createUser, signIn, signedInWith, testPassword, useTestApp, type TestUser } from '../../../test/helpers.js';
import { holidayReminder } from '../setting/index.js';
import { holiday, holidayReminderLog } from '../setting/setting.table.js';
import { loginLog, requestLog, sqlLog, systemLog } from '../../platform/platform.table.js';
import { email } from '../email/index.js';
import { logMessage, requestContext, writeLoginLog, writeSystemLog } from '../../platform/logs.js';
import { readXlsx } from '../../../test/platform-helpers.js';
import type { JobRunContext } from '../../platform/jobs/job-handler.js';
import { logRetention } from './log-retention.service.js';

const ctx = useTestApp();
let admin: TestUser;
let token: string;

const logNames = ['LoginLog', 'RequestLog', 'SqlLog', 'SystemLog', 'HolidayReminderLog'];

beforeAll(async () => {
  admin = await createUser(ctx, { roles: ['admin'] });
  token = (await signIn(ctx, admin)).token;
});

async function query<T>(name: string, body: Record<string, unknown> = {}) {
  const response = await ctx.call('POST', `/api/${name}/Query`, { token, body });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as { items: T[]; total: number; totalExact?: boolean };
}

async function saveSettings(group: 'log' | 'holidayReminder', value: Record<string, unknown>) {
  const current = (await ctx.call('GET', '/api/Settings/Get', { token })).body.data as Settings;
  const response = await ctx.call('POST', '/api/Settings/Save', {
    token,
    body: { group, value: { ...current[group].value, ...value }, rowVersion: current[group].rowVersion },
  });
  await ctx.built.logSettings.refresh();
  return response;
}

function jobContext(fireTime = new Date()): JobRunContext {
  return {
    db: ctx.db,
    config: ctx.config,
    log: ctx.app.log,
    fireTime,
    jobId: null,
    signal: new AbortController().signal,
  };
}

describe('log screens: who may see them', () => {
  it('answers 403 on every log route to a user without log:view, and has no route that writes', async () => {
    const { token: outsider } = await signedInWith(ctx, ['ticket:view']);
    for (const name of logNames) {
      for (const [method, url] of [
        ['POST', `/api/${name}/Query`],
        ['GET', `/api/${name}/Get`],
        ['GET', `/api/${name}/Get/1`],
        ['GET', `/api/${name}/Detail/1`],
        ['POST', `/api/${name}/Export`],
      ] as const) {
        const response = await ctx.call(method, url, { token: outsider, body: method === 'POST' ? {} : undefined });
        expect(response.status, `${method} ${url}`).toBe(403);
      }
      for (const action of ['Add', 'Update', 'Delete', 'Delete/1'])
        expect((await ctx.call('POST', `/api/${name}/${action}`, { token, body: {} })).status).toBe(404);
    }
  });

  it('lets log:view read but not export; log:export exports', async () => {
    const { token: viewer } = await signedInWith(ctx, ['log:view']);
    expect((await ctx.call('POST', '/api/LoginLog/Query', { token: viewer, body: {} })).status).toBe(200);
    expect((await ctx.call('POST', '/api/LoginLog/Export', { token: viewer, body: {} })).status).toBe(403);
    const { token: exporter } = await signedInWith(ctx, ['log:view', 'log:export']);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/LoginLog/Export',
      headers: { authorization: `Bearer ${exporter}`, 'auth-token': ctx.newAuthToken() },
      payload: { user: admin.loginName },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('sign-in log', () => {
  it('finds sign-ins by user in any case, result, address and time range, newest first, with a detail', async () => {
    const user = await createUser(ctx);
    await ctx.call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password: 'Wrong-pass-1' },
      remoteAddress: '10.1.2.3',
    });
    await ctx.call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password: testPassword },
      remoteAddress: '10.1.2.4',
    });
    const mine = await query<LoginLog>('LoginLog', { user: user.loginName.toUpperCase() });
    expect(mine.items.map((i) => i.result)).toEqual(['Succeeded', 'Failed']);
    expect(mine).toMatchObject({ total: 2, totalExact: true });
    expect(mine.items[0]!.logTime >= mine.items[1]!.logTime).toBe(true);
    const failed = await query<LoginLog>('LoginLog', { user: user.loginName, result: 'Failed' });
    expect(failed.items.map((i) => i.ip)).toEqual(['10.1.2.3']);
    expect((await query<LoginLog>('LoginLog', { ip: '10.1.2.4' })).items.map((i) => i.loginName)).toContain(
      user.loginName,
    );
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await query<LoginLog>('LoginLog', { user: user.loginName, from: future })).total).toBe(0);
    expect((await query<LoginLog>('LoginLog', { user: user.loginName, to: future })).total).toBe(2);
    const detail = await ctx.call('GET', `/api/LoginLog/Detail/${mine.items[0]!.id}`, { token });
    expect(detail.body.data).toMatchObject({ loginName: user.loginName, result: 'Succeeded', ip: '10.1.2.4' });
  });

  it('refuses a bad filter with the field', async () => {
    const response = await ctx.call('POST', '/api/LoginLog/Query', { token, body: { from: 'yesterday' } });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('from');
    const badResult = await ctx.call('POST', '/api/LoginLog/Query', { token, body: { result: 'Maybe' } });
    expect(badResult.status).toBe(400);
  });
});

describe('request log', () => {
  it('records requests with their user, filters errors, and writes nothing while switched off', async () => {
    const { user, token: userToken } = await signedInWith(ctx, ['log:view']);
    await ctx.call('POST', '/api/LoginLog/Query', { token: userToken, body: {} });
    await ctx.call('POST', '/api/SqlLog/Export', { token: userToken, body: {} });
    await ctx.built.requestLog.flush();
    const rows = await query<RequestLog>('RequestLog', { user: user.loginName });
    // Sign-in itself has no signed-in user yet: only the two calls after it are the user's.
    expect(rows.items.map((r) => [r.controller, r.action, r.status])).toEqual([
      ['SqlLog', 'Export', 403],
      ['LoginLog', 'Query', 200],
    ]);
    const errors = await query<RequestLog>('RequestLog', { user: user.loginName, result: 'error' });
    expect(errors.items.map((r) => r.status)).toEqual([403]);
    expect(errors.items[0]).toMatchObject({ path: '/api/SqlLog/Export', method: 'POST', area: 'log' });

    expect((await saveSettings('log', { requestLog: false })).status).toBe(200);
    await ctx.call('POST', '/api/LoginLog/Query', { token: userToken, body: {} });
    await ctx.built.requestLog.flush();
    expect((await query<RequestLog>('RequestLog', { user: user.loginName })).total).toBe(rows.total);
    expect((await saveSettings('log', { requestLog: true })).status).toBe(200);
  });
});

describe('slow SQL log', () => {
  it('keeps statements at least as slow as the threshold, with the request id and without parameters', async () => {
    expect((await saveSettings('log', { slowSqlMs: 20 })).status).toBe(200);
    await requestContext.run({ requestId: 'slow-request-1' }, async () => {
      await ctx.db.execute(sql`select pg_sleep(0.05), ${'param-secret-value'}::text as p`);
    });
    await ctx.built.sqlLog.flush();
    const found = await query<SqlLog>('SqlLog', { requestId: 'slow-request-1' });
    expect(found.total).toBe(1);
    expect(found.items[0]!.statement).toContain('pg_sleep');
    expect(found.items[0]!.statement).not.toContain('param-secret-value');
    expect(found.items[0]!.durationMs).toBeGreaterThanOrEqual(20);
    expect(found.items[0]!.rows).toBe(1);
    expect((await query<SqlLog>('SqlLog', { keyword: 'pg_sleep', minDurationMs: 20 })).total).toBeGreaterThan(0);

    // 0 keeps none.
    expect((await saveSettings('log', { slowSqlMs: 0 })).status).toBe(200);
    await requestContext.run({ requestId: 'slow-request-2' }, async () => {
      await ctx.db.execute(sql`select pg_sleep(0.05)`);
    });
    await ctx.built.sqlLog.flush();
    expect((await query<SqlLog>('SqlLog', { requestId: 'slow-request-2' })).total).toBe(0);
  });

  it('times statements inside transactions too', async () => {
    expect((await saveSettings('log', { slowSqlMs: 20 })).status).toBe(200);
    await requestContext.run({ requestId: 'slow-in-tx' }, () =>
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.05)`);
      }),
    );
    await ctx.built.sqlLog.flush();
    expect((await query<SqlLog>('SqlLog', { requestId: 'slow-in-tx' })).total).toBe(1);
    expect((await saveSettings('log', { slowSqlMs: 200 })).status).toBe(200);
  });

  it('names the request of each slow statement, also when statements wait for a pooled connection', async () => {
    expect((await saveSettings('log', { slowSqlMs: 20 })).status).toBe(200);
    // More at once than the pool has connections: a freed connection passes to a waiting request from the
    // callback of another's statement, so the request must be read where the connection was asked for.
    const ids = Array.from({ length: 25 }, (_, i) => `pool-wait-${i}`);
    await Promise.all(
      ids.map((id) =>
        requestContext.run({ requestId: id }, async () => {
          await ctx.db.execute(sql.raw(`select pg_sleep(0.03) as "${id}"`));
        }),
      ),
    );
    await ctx.built.sqlLog.flush();
    for (const id of ids) {
      const found = await query<SqlLog>('SqlLog', { requestId: id });
      expect(found.items.map((r) => r.statement)).toEqual([`select pg_sleep(0.03) as "${id}"`]);
    }
    expect((await saveSettings('log', { slowSqlMs: 200 })).status).toBe(200);
  });

  it('never fails a request when the log observer fails', async () => {
    ctx.database.observeStatements(() => {
      throw new Error('log broken');
    });
    try {
      expect((await ctx.call('POST', '/api/LoginLog/Query', { token, body: {} })).status).toBe(200);
    } finally {
      ctx.database.observeStatements(ctx.built.sqlLog.observe);
    }
  });
});

describe('system log', () => {
  it('lists client reports (VueLog) by level and source, with secrets taken out of the message', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    await ctx.call('GET', '/api/atest/VueLog', {
      query: { message: `forced sign-out: token expired; Bearer ${jwt} password=Hunter2-secret` },
    });
    const rows = await query<SystemLog>('SystemLog', { level: 'warn', source: 'client', keyword: 'forced sign-out' });
    expect(rows.total).toBe(1);
    expect(rows.items[0]!.message).toContain('forced sign-out: token expired');
    expect(rows.items[0]!.message).not.toContain(jwt);
    expect(rows.items[0]!.message).not.toContain('Hunter2-secret');
    expect((await query<SystemLog>('SystemLog', { level: 'error', keyword: 'forced sign-out' })).total).toBe(0);
  });
});

describe("the logs' own words, in the reader's language", () => {
  /** A reader with log:view and log:export whose language is `language`. */
  async function reader(language: string) {
    const user = await createUser(ctx, { roles: ['admin'] });
    const { token: readerToken } = await signIn(ctx, user);
    const changed = await ctx.call('POST', '/api/Account/UpdateLanguage', {
      token: readerToken,
      body: { language },
    });
    expect(changed.status, changed.raw).toBe(200);
    return readerToken;
  }
  const listed = async <T>(readerToken: string, name: string, keyword: string) => {
    const response = await ctx.call('POST', `/api/${name}/Query`, { token: readerToken, body: { keyword } });
    expect(response.status, response.raw).toBe(200);
    return (response.body.data as { items: T[] }).items;
  };
  const exported = async (readerToken: string, name: string, keyword: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/${name}/Export`,
      headers: { authorization: `Bearer ${readerToken}`, 'auth-token': ctx.newAuthToken() },
      payload: { keyword },
    });
    expect(response.statusCode).toBe(200);
    return (await readXlsx(response.rawPayload)).flat().join('\n');
  };

  it('words what the server wrote by key, its keyed values and fixed values too, in list, detail and export', async () => {
    const subject = `Outage ${Date.now()}`;
    await writeSystemLog(ctx.db, {
      level: 'warn',
      source: 'email',
      says: logMessage('mailWaits', { emailId: 7, subject, reason: msg(emailMessages, 'noAccount') }),
    });
    await writeSystemLog(ctx.db, {
      level: 'warn',
      source: 'email',
      says: logMessage('noTemplate', {
        event: { labelOf: 'emailEvent', value: 'ticketAssigned' },
        language: { labelOf: 'language', value: 'zh-tw' },
      }),
      detail: { subject },
    });
    // What the row keeps: the English text (a keyword finds it), its key and values.
    const [stored] = await ctx.db
      .select()
      .from(systemLog)
      .where(sql`${systemLog.messageKey} = 'log.mailWaits' and ${systemLog.message} like ${`%${subject}%`}`);
    expect(stored!.message).toBe(`E-mail 7 "${subject}" waits: ${emailMessages.noAccount}`);
    expect(stored!.messageValues).toMatchObject({ emailId: 7, subject, reason: { key: 'email.noAccount' } });

    const expected = {
      en: [`E-mail 7 "${subject}" waits: No mail account is set up`, 'for "Ticket assigned" in '],
      'zh-cn': [`邮件 7“${subject}”等待发送：尚未设置邮箱账户`, '“工单分配”邮件模板（繁体中文或英文）'],
      'zh-tw': [`郵件 7「${subject}」等待寄出：尚未設定郵件帳戶`, '「工單指派」郵件範本（繁體中文或英文）'],
    };
    for (const [language, [waits, template]] of Object.entries(expected)) {
      const readerToken = await reader(language);
      const [row] = await listed<SystemLog>(readerToken, 'SystemLog', subject);
      expect(row!.message, language).toContain(waits!);
      expect(row!.messageKey).toBe('log.mailWaits');
      const detail = await ctx.call('GET', `/api/SystemLog/Detail/${row!.id}`, { token: readerToken });
      expect((detail.body.data as SystemLog).message).toBe(row!.message);
      expect(await exported(readerToken, 'SystemLog', subject)).toContain(waits!);
      const templates = await listed<SystemLog>(readerToken, 'SystemLog', 'No active e-mail template');
      expect(templates[0]!.message, language).toContain(template!);
      if (language !== 'en') expect(templates[0]!.message).not.toMatch(/ticketAssigned|zh-tw|template/);
    }
  });

  it('words the sign-in log: a plain reason by its catalog key, one with numbers by its key and values', async () => {
    const user = await createUser(ctx);
    await ctx.call('POST', '/api/token/Login', { body: { userName: user.loginName, password: 'Wrong-pass-1' } });
    await writeLoginLog(ctx.db, {
      loginName: user.loginName,
      userId: user.id,
      result: 'Locked',
      ip: '192.0.2.9',
      says: logMessage('addressHeldOffFor', {
        minutes: 30,
        attempts: 5,
        ip: '192.0.2.9',
        purpose: msg(logMessages, 'purposeScreenUnlock'),
      }),
    });
    const expected = {
      en: [
        'address held off for 30 min after 5 wrong passwords in a row from 192.0.2.9 (screen unlock)',
        'wrong password',
      ],
      'zh-cn': ['地址 192.0.2.9 连续输错密码 5 次（解锁屏幕），暂停 30 分钟', '密码错误'],
      'zh-tw': ['位址 192.0.2.9 連續輸錯密碼 5 次（解除螢幕鎖定），暫停 30 分鐘', '密碼錯誤'],
    };
    for (const [language, [heldOff, wrong]] of Object.entries(expected)) {
      const readerToken = await reader(language);
      const rows = await listed<LoginLog>(readerToken, 'LoginLog', user.loginName);
      expect(rows.map((r) => r.message)).toEqual([heldOff, wrong]);
      const sheet = await exported(readerToken, 'LoginLog', user.loginName);
      expect(sheet).toContain(heldOff!);
      expect(sheet).toContain(wrong!);
    }
  });

  it('keeps a text that came without a key as it was written', async () => {
    await ctx.call('GET', '/api/atest/VueLog', { query: { message: 'chunk load failed: /assets/x.js' } });
    const readerToken = await reader('zh-cn');
    const [row] = await listed<SystemLog>(readerToken, 'SystemLog', 'chunk load failed');
    expect(row).toMatchObject({ message: 'chunk load failed: /assets/x.js', messageKey: null });
  });
});

describe('no secret in any log', () => {
  it('keeps passwords, tokens and Auth-Token values out of every log table', async () => {
    const password = 'Secret-pass-4321';
    const user = await createUser(ctx, { password, roles: ['admin'] });
    const authToken = ctx.newAuthToken();
    const signedIn = await ctx.call('POST', '/api/token/Login', {
      body: { userName: user.loginName, password },
      authToken,
    });
    const access = (signedIn.body.data as { token: string }).token;
    await ctx.call('POST', '/api/LoginLog/Query', { token: access, body: {} });
    await ctx.call('POST', '/api/token/Login', { body: { userName: user.loginName, password: `${password}x` } });
    await ctx.built.requestLog.flush();
    await ctx.built.sqlLog.flush();
    for (const table of [loginLog, requestLog, systemLog, sqlLog]) {
      const text = JSON.stringify(await ctx.db.select().from(table));
      expect(text).not.toContain(password);
      expect(text).not.toContain(access);
      expect(text).not.toContain(authToken);
    }
  });
});

describe('log retention', () => {
  it('deletes rows older than the days to keep in batches, and keeps the rest', async () => {
    expect((await saveSettings('log', { daysToKeep: 30 })).status).toBe(200);
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 10 * 86_400_000);
    const oldRows = Array.from({ length: 250 }, (_, i) => ({
      requestId: `old-${i}`,
      method: 'GET',
      url: '/api/old',
      status: 200,
      durationMs: 1,
      logTime: old,
    }));
    await ctx.db.insert(requestLog).values(oldRows);
    await ctx.db
      .insert(requestLog)
      .values({ requestId: 'recent', method: 'GET', url: '/api/recent', status: 200, durationMs: 1, logTime: recent });
    await ctx.db.insert(loginLog).values({ loginName: 'old-one', result: 'Failed', logTime: old });
    await ctx.db.insert(systemLog).values({ level: 'info', source: 'test', message: 'old', logTime: old });
    await ctx.db.insert(sqlLog).values({ statement: 'select old', durationMs: 500, logTime: old });
    // A reminder sent long ago for a holiday still to come must stay: it is what stops a second mail.
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const passed = new Date(Date.now() - 35 * 86_400_000).toISOString().slice(0, 10);
    await ctx.db.insert(holidayReminderLog).values([
      {
        holidayDay: soon,
        holidayName: 'Soon',
        userId: admin.id,
        loginName: admin.loginName,
        toAddress: 'a@x.test',
        language: 'en',
        logTime: old,
      },
      {
        holidayDay: passed,
        holidayName: 'Gone',
        userId: admin.id,
        loginName: admin.loginName,
        toAddress: 'a@x.test',
        language: 'en',
        logTime: old,
      },
    ]);

    const result = await logRetention.run(jobContext(), logRetention.params.parse({ batchSize: 100 }));
    expect(result?.message).toContain('request_log 250');

    const left = await ctx.db
      .select({ requestId: requestLog.requestId })
      .from(requestLog)
      .where(sql`${requestLog.url} in ('/api/old', '/api/recent')`);
    expect(left.map((r) => r.requestId)).toEqual(['recent']);
    expect(await ctx.db.select().from(loginLog).where(eq(loginLog.loginName, 'old-one'))).toEqual([]);
    expect(await ctx.db.select().from(systemLog).where(eq(systemLog.source, 'test'))).toEqual([]);
    expect(await ctx.db.select().from(sqlLog).where(eq(sqlLog.statement, 'select old'))).toEqual([]);
    const reminders = await ctx.db.select({ name: holidayReminderLog.holidayName }).from(holidayReminderLog);
    expect(reminders.map((r) => r.name)).toEqual(['Soon']);
    await ctx.db.delete(holidayReminderLog);
  });
});

describe('holiday reminder', () => {
  it('refuses reminder users that do not exist, naming the field', async () => {
    const response = await saveSettings('holidayReminder', { enabled: true, userIds: [999_999], daysBefore: 3 });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('value.userIds');
  });

  it('mails each chosen user once per coming holiday, in their language, and lists the sends', async () => {
    const english = await createUser(ctx);
    const chinese = await createUser(ctx, { values: { language: 'zh-cn' } });
    const fireTime = new Date('2031-05-01T06:00:00Z');
    await ctx.db.insert(holiday).values([
      { day: '2031-05-03', name: 'Labour Day' },
      { day: '2031-05-20', name: 'Too far' },
    ]);
    expect(
      (await saveSettings('holidayReminder', { enabled: true, userIds: [english.id, chinese.id], daysBefore: 3 }))
        .status,
    ).toBe(200);

    const first = await holidayReminder.run(jobContext(fireTime), {});
    const second = await holidayReminder.run(jobContext(new Date('2031-05-02T06:00:00Z')), {});
    expect(first?.message).toContain('2 reminder(s)');
    expect(second?.message).toContain('0 reminder(s)');

    const reminderMails = () => ctx.db.select().from(email).where(eq(email.event, 'holidayReminder'));
    const mails = await reminderMails();
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.to[0]!.startsWith(english.loginName))!.subject).toBe(
      'Holiday reminder: Labour Day on 2031-05-03',
    );
    expect(mails.find((m) => m.to[0]!.startsWith(chinese.loginName))!.subject).toBe('假期提醒：2031-05-03 Labour Day');

    const listed = await query<{ loginName: string; holidayDay: string; emailId: number }>('HolidayReminderLog', {
      user: chinese.loginName,
    });
    expect(listed.items).toMatchObject([{ loginName: chinese.loginName, holidayDay: '2031-05-03', language: 'zh-cn' }]);
    expect(listed.items[0]!.emailId).toBe(mails.find((m) => m.to[0]!.startsWith(chinese.loginName))!.id);

    // Two servers running it at once still send once: the unique key decides.
    await ctx.db.delete(holidayReminderLog);
    await ctx.db.delete(email).where(eq(email.event, 'holidayReminder'));
    await Promise.all([holidayReminder.run(jobContext(fireTime), {}), holidayReminder.run(jobContext(fireTime), {})]);
    expect(await reminderMails()).toHaveLength(2);
    await saveSettings('holidayReminder', { enabled: false, userIds: [] });
  });
});
