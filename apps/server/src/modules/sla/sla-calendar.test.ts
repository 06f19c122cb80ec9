import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, slaCalendarMessages, type SlaCalendar } from '@casedesk/shared';
import { createUser, signIn, signedInWith, useTestApp } from '../../../test/helpers.js';
import { dataOf, expectRefused } from '../../../test/platform-helpers.js';
import { holiday } from '../setting/index.js';
import { workingCalendarOf } from './sla-calendar.service.js';
import { slaCalendar } from './sla-calendar.table.js';

type Refusal = { errors?: { field: string; message: string; messageKey?: string }[] } | null;

const weekdays = (from: string, to: string) => [1, 2, 3, 4, 5].map((day) => ({ day, from, to }));

describe('SlaCalendar', () => {
  const ctx = useTestApp({ webDist: '/nonexistent/casedesk-web' });
  let token: string;
  let counter = 0;
  beforeAll(async () => {
    token = (await signIn(ctx, await createUser(ctx, { roles: ['admin'] }))).token;
  });
  const add = async (extra: Record<string, unknown> = {}) => {
    counter++;
    const body = { name: `Calendar ${counter}`, timeZone: 'Asia/Shanghai', workingHours: weekdays('09:00', '18:00') };
    return dataOf<SlaCalendar>(await ctx.call('POST', '/api/SlaCalendar/Add', { token, body: { ...body, ...extra } }));
  };

  it('has the seeded standard calendar: Monday to Friday 09:00-18:00 in the settings zone', async () => {
    const [seeded] = await ctx.db.select().from(slaCalendar).where(eq(slaCalendar.seedCode, 'standard'));
    expect(seeded).toMatchObject({ name: 'Standard business hours', timeZone: 'UTC', status: 'Active' });
    expect(seeded!.workingHours).toEqual(weekdays('09:00', '18:00'));
    const page = dataOf<{ items: SlaCalendar[] }>(
      await ctx.call('POST', '/api/SlaCalendar/Query', { token, body: { keyword: 'standard business' } }),
    );
    expect(page.items.map((c) => c.seedCode)).toEqual(['standard']);
  });

  it('adds, lists by keyword, status and sort, updates with rowVersion and deletes', async () => {
    const created = await add({ extraHolidays: ['2026-12-24'], status: 'Inactive' });
    expect(created).toMatchObject({ extraHolidays: ['2026-12-24'], status: 'Inactive', rowVersion: 1, seedCode: null });
    const inactive = dataOf<{ items: SlaCalendar[] }>(
      await ctx.call('POST', '/api/SlaCalendar/Query', {
        token,
        body: { status: 'Inactive', orderBy: [{ field: 'modifiedAt', desc: true }] },
      }),
    );
    expect(inactive.items.map((c) => c.id)).toContain(created.id);
    expect(inactive.items.every((c) => c.status === 'Inactive')).toBe(true);
    const sorted = await ctx.call('POST', '/api/SlaCalendar/Query', {
      token,
      body: { orderBy: [{ field: 'timeZone', desc: false }] },
    });
    expect(sorted.status).toBe(400);

    const body = { ...created, workingHours: [...weekdays('08:00', '12:00'), { day: 1, from: '13:00', to: '24:00' }] };
    const updated = dataOf<SlaCalendar>(await ctx.call('POST', '/api/SlaCalendar/Update', { token, body }));
    expect(updated).toMatchObject({ rowVersion: 2, workingHours: body.workingHours });
    const stale = await ctx.call('POST', '/api/SlaCalendar/Update', { token, body: { ...body, name: 'Stale' } });
    expect(stale.status).toBe(409);

    const twin = await ctx.call('POST', '/api/SlaCalendar/Add', {
      token,
      body: { name: created.name, timeZone: 'UTC', workingHours: weekdays('09:00', '17:00') },
    });
    expect(twin.status).toBe(400);
    expect((twin.body.data as Refusal)?.errors).toContainEqual(
      expect.objectContaining({ field: 'name', message: slaCalendarMessages.nameTaken }),
    );

    expect(dataOf(await ctx.call('POST', `/api/SlaCalendar/Delete/${created.id}`, { token }))).toEqual({ deleted: 1 });
    expect((await ctx.call('GET', `/api/SlaCalendar/Get/${created.id}`, { token })).status).toBe(404);
  });

  it.each([
    [{ workingHours: [] }, 'workingHours', 'slaCalendar.noWorkingHours'],
    [{ workingHours: [{ day: 1, from: '18:00', to: '09:00' }] }, 'workingHours.0.to', 'slaCalendar.endBeforeStart'],
    [
      {
        workingHours: [
          { day: 2, from: '09:00', to: '13:00' },
          { day: 2, from: '12:00', to: '18:00' },
        ],
      },
      'workingHours.1.from',
      'slaCalendar.overlap',
    ],
    [{ workingHours: [{ day: 3, from: '9am', to: '18:00' }] }, 'workingHours.0.from', 'slaCalendar.badTime'],
    [{ workingHours: [{ day: 3, from: '09:00', to: '24:30' }] }, 'workingHours.0.to', 'slaCalendar.badTime'],
    [{ workingHours: [{ day: 7, from: '09:00', to: '18:00' }] }, 'workingHours.0.day', 'validation.tooBig'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'setting.unknownTimeZone'],
    [{ extraHolidays: ['2026-12-24', '2026-12-24'] }, 'extraHolidays', 'slaCalendar.holidaysOnce'],
    [{ extraHolidays: ['24.12.2026'] }, 'extraHolidays.0', 'validation.invalidDate'],
  ])('refuses %j with 400 naming %s', async (extra, field, messageKey) => {
    const body = {
      name: `Bad ${field}`,
      timeZone: 'Europe/Berlin',
      workingHours: weekdays('09:00', '17:00'),
      ...extra,
    };
    const headers = { 'message-keys': '1' };
    const added = await ctx.call('POST', '/api/SlaCalendar/Add', { token, headers, body });
    expect(added.status, added.raw).toBe(400);
    expect((added.body.data as Refusal)?.errors).toContainEqual(expect.objectContaining({ field, messageKey }));
    const calendar = await add();
    const updated = await ctx.call('POST', '/api/SlaCalendar/Update', {
      token,
      headers,
      body: { ...calendar, ...extra },
    });
    expect(updated.status, updated.raw).toBe(400);
    expect((updated.body.data as Refusal)?.errors).toContainEqual(expect.objectContaining({ field, messageKey }));
  });

  it('words a refused week in the caller language', async () => {
    const chinese = await signIn(ctx, await createUser(ctx, { roles: ['admin'], values: { language: 'zh-cn' } }));
    const response = await ctx.call('POST', '/api/SlaCalendar/Add', {
      token: chinese.token,
      body: { name: 'Empty week', timeZone: 'UTC', workingHours: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.resultMsg).toBe('工作时间：请至少为一天设置工作时间。');
  });

  it('gives the working calendar: Settings holidays and extra days from the day asked on', async () => {
    await ctx.db.insert(holiday).values([
      { day: '2031-01-01', name: 'New Year' },
      { day: '2031-05-01', name: 'Labour Day' },
    ]);
    const calendar = await add({ extraHolidays: ['2030-12-31', '2031-02-03', '2031-05-01'] });
    const working = await workingCalendarOf(ctx.db, calendar.id, '2031-01-01');
    expect(working.timeZone).toBe('Asia/Shanghai');
    expect(working.workingHours).toEqual(weekdays('09:00', '18:00'));
    expect([...working.closedDays].sort()).toEqual(['2031-01-01', '2031-02-03', '2031-05-01']);
    await expect(workingCalendarOf(ctx.db, 2_000_000_000, '2031-01-01')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is closed to users without the calendar permissions', async () => {
    const calendar = await add();
    const { token: viewer } = await signedInWith(ctx, ['slaCalendar:view']);
    expect((await ctx.call('POST', '/api/SlaCalendar/Query', { token: viewer, body: {} })).status).toBe(200);
    const body = { name: 'X', timeZone: 'UTC', workingHours: weekdays('09:00', '17:00') };
    for (const [url, payload] of [
      ['/api/SlaCalendar/Add', body],
      ['/api/SlaCalendar/Update', { ...body, id: calendar.id, rowVersion: 1 }],
      [`/api/SlaCalendar/Delete/${calendar.id}`, undefined],
      ['/api/SlaCalendar/Delete', [calendar.id]],
      ['/api/SlaCalendar/Export', {}],
    ] as const) {
      const response = await expectRefused(ctx, 403, () => ctx.call('POST', url, { token: viewer, body: payload }));
      expect(response.body.resultMsg).toBe(messages.forbidden);
    }
    const { token: stranger } = await signedInWith(ctx, ['position:view']);
    expect((await ctx.call('GET', `/api/SlaCalendar/Get/${calendar.id}`, { token: stranger })).status).toBe(403);
    expect((await ctx.call('POST', '/api/SlaCalendar/Query', { token: stranger, body: {} })).status).toBe(403);
  });
});
