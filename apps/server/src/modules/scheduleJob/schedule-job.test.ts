import { and, desc, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  cronMessages,
  scheduleJobMessages,
  type JobHandlerInfo,
  type JobRun,
  type Page,
  type ScheduleJob,
} from '@casedesk/shared';
import { inTimeZone, signedInWith, useTestApp, type TestContext } from '../../../test/helpers.js';
import { seedSystem } from '../../db/seed-system.js';
import { defineJobHandler } from '../../platform/jobs/job-handler.js';
import { jobRun, scheduleJob } from '../../platform/jobs/jobs.table.js';
import { createJobRegistry } from '../../platform/jobs/registry.js';
import { createScheduler } from '../../platform/jobs/scheduler.js';
import { systemLog } from '../../platform/platform.table.js';
import { pruneJobRunsDefault, pruneJobRunsHandler } from './schedule-job.service.js';

// Test-only handlers, registered through the app's options (the product never sees them).
const calls: { className: string; jobId: number | null; fireTime: Date; params: unknown }[] = [];
const gates = new Map<string, { release: () => void; promise: Promise<void> }>();
function gate(name: string) {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  gates.set(name, { release, promise });
  return gates.get(name)!;
}

const echo = defineJobHandler({
  className: 'test.echo',
  title: { en: 'Echo', 'zh-cn': '回声', 'zh-tw': '回聲' },
  params: z.object({ word: z.string().min(1).default('hello'), times: z.number().int().min(1).max(3).default(1) }),
  async run(ctx, params) {
    calls.push({ className: 'test.echo', jobId: ctx.jobId, fireTime: ctx.fireTime, params });
    return { message: params.word.repeat(params.times) };
  },
});
const boom = defineJobHandler({
  className: 'test.boom',
  title: { en: 'Boom', 'zh-cn': '爆', 'zh-tw': '爆' },
  params: z.object({}),
  async run() {
    throw new Error('the handler blew up');
  },
});
// Waits until the test opens its gate: a run that is "in flight" for as long as the test wants.
const hold = (className: string, onInterrupted: 'fail' | 'retry') =>
  defineJobHandler({
    className,
    title: { en: className, 'zh-cn': className, 'zh-tw': className },
    params: z.object({ gate: z.string() }),
    onInterrupted,
    async run(ctx, params) {
      calls.push({ className, jobId: ctx.jobId, fireTime: ctx.fireTime, params });
      await gates.get(params.gate)?.promise;
      return { message: 'released' };
    },
  });
const testHandlers = [echo, boom, hold('test.hold', 'fail'), hold('test.holdRetry', 'retry')];

const ctx = useTestApp({}, { jobHandlers: testHandlers });
let admin: string;

beforeAll(async () => {
  admin = (await signedInWith(ctx, [], { roles: ['admin'] })).token;
  // Other modules' default jobs (scheduled tickets fire every 5 s) stay out of the claims these tests count.
  await ctx.db
    .update(scheduleJob)
    .set({ isStart: false })
    .where(ne(scheduleJob.className, pruneJobRunsHandler.className));
});

async function addJob(body: Record<string, unknown>) {
  const response = await ctx.call('POST', '/api/ScheduleJob/Add', {
    token: admin,
    body: { className: 'test.echo', ...body },
  });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as ScheduleJob;
}
const start = async (id: number) => {
  const response = await ctx.call('POST', `/api/ScheduleJob/Start/${id}`, { token: admin });
  expect(response.status, response.raw).toBe(200);
  return response.body.data as ScheduleJob;
};
const jobRow = async (id: number) => (await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.id, id)))[0]!;
const runsOf = async (jobId: number) => ctx.db.select().from(jobRun).where(eq(jobRun.jobId, jobId)).orderBy(jobRun.id);
const scheduler = (c: TestContext) => c.built.scheduler;
/** Another process's scheduler on the same database (its own lease and nothing of ours in flight). */
const otherScheduler = (leaseMs = 60_000) =>
  createScheduler({
    db: ctx.db,
    config: ctx.config,
    log: ctx.app.log,
    registry: createJobRegistry([pruneJobRunsHandler, ...testHandlers]),
    timeZone: async () => 'UTC',
    leaseMs,
    instanceId: 'other-process',
  });
const seconds = (date: Date, n: number) => new Date(date.getTime() + n * 1000);

describe('ScheduleJob: saving', () => {
  it.each([
    [{ cron: '* * * * *' }, 'cron', cronMessages.tooFewParts],
    [{ cron: 'x * * * * ?' }, 'cron', 'seconds: "x" is not a valid value.'],
    [{ cron: '0 0 0 32 * ?' }, 'cron', 'day of month must be 1-31, not 32.'],
    [{ triggerType: 'Interval', intervalSecond: null }, 'intervalSecond', scheduleJobMessages.intervalRequired],
    [
      { beginTime: '2030-01-02T00:00:00Z', endTime: '2030-01-01T00:00:00Z' },
      'endTime',
      scheduleJobMessages.endBeforeBegin,
    ],
    [{ className: 'no.such.handler' }, 'className', scheduleJobMessages.unknownHandler],
    [{ jobParams: { word: '' } }, 'jobParams.word', undefined],
    [{ jobParams: { times: 9 } }, 'jobParams.times', undefined],
  ])('refuses %j with 400 on %s', async (extra, field, message) => {
    const response = await ctx.call('POST', '/api/ScheduleJob/Add', {
      token: admin,
      body: { name: `bad ${field} ${JSON.stringify(extra)}`, className: 'test.echo', ...extra },
    });
    expect(response.status, response.raw).toBe(400);
    const errors = (response.body.data as { errors?: { field: string; message: string }[] } | null)?.errors ?? [];
    const error = errors.find((e) => e.field === field);
    expect(error, response.raw).toBeDefined();
    if (message) expect(error!.message).toBe(message);
  });

  // A garbage text is refused on Add and on Update, keyed and on the field; it never becomes the default.
  it('refuses a garbage cron on Add and Update with a keyed error on cron, and keeps the saved one', async () => {
    const withKeys = { 'message-keys': '1' };
    type Refusal = { errors?: { field: string; messageKey?: string }[] } | null;
    const added = await ctx.call('POST', '/api/ScheduleJob/Add', {
      token: admin,
      headers: withKeys,
      body: { name: 'banana job', className: 'test.echo', cron: 'banana' },
    });
    expect(added.status, added.raw).toBe(400);
    expect((added.body.data as Refusal)?.errors).toContainEqual(
      expect.objectContaining({ field: 'cron', messageKey: 'cron.tooFewParts' }),
    );
    const job = await addJob({ name: 'banana later', cron: '0 0 4 * * ?' });
    for (const [cron, messageKey] of [
      ['banana', 'cron.tooFewParts'],
      ['banana * * * * ?', 'cron.badValue'],
    ] as const) {
      const updated = await ctx.call('POST', '/api/ScheduleJob/Update', {
        token: admin,
        headers: withKeys,
        body: { id: job.id, rowVersion: job.rowVersion, cron },
      });
      expect(updated.status, updated.raw).toBe(400);
      expect((updated.body.data as Refusal)?.errors).toContainEqual(
        expect.objectContaining({ field: 'cron', messageKey }),
      );
    }
    const rows = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.id, job.id));
    expect(rows[0]!.cron).toBe('0 0 4 * * ?');
  });

  it('saves a stopped job without a next run, computes it on Start and clears it on Stop', async () => {
    const job = await addJob({ name: 'every minute', cron: '0 * * * * ?', jobParams: { word: 'hi' } });
    expect(job).toMatchObject({ isStart: false, nextRunAt: null, runTimes: 0, jobGroup: 'default' });
    const started = await start(job.id);
    const next = new Date(started.nextRunAt!);
    expect(started.isStart).toBe(true);
    expect(next.getUTCSeconds()).toBe(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect(started.rowVersion).toBe(job.rowVersion + 1);
    const stopped = await ctx.call('POST', `/api/ScheduleJob/Stop/${job.id}`, { token: admin });
    expect(stopped.body.data).toMatchObject({ isStart: false, nextRunAt: null });
  });

  it('keeps the year part and the begin time when computing the next run', async () => {
    const job = await addJob({ name: 'new year 2031', cron: '0 0 0 1 1 ? 2031', isStart: true });
    expect(job.nextRunAt).toBe(new Date('2031-01-01T00:00:00Z').toISOString());
    const later = await addJob({
      name: 'from 2030',
      cron: '0 0 12 * * ?',
      isStart: true,
      beginTime: '2030-06-01T00:00:00+00:00',
    });
    expect(later.nextRunAt).toBe('2030-06-01T12:00:00.000Z');
  });

  it('recomputes the next run when an update changes the trigger (partial update)', async () => {
    const job = await addJob({ name: 'hourly', cron: '0 0 * * * ?', isStart: true });
    const response = await ctx.call('POST', '/api/ScheduleJob/Update', {
      token: admin,
      body: { id: job.id, rowVersion: job.rowVersion, cron: '0 0 0 1 1 ? 2032' },
    });
    expect(response.status, response.raw).toBe(200);
    expect(response.body.data).toMatchObject({ cron: '0 0 0 1 1 ? 2032', nextRunAt: '2032-01-01T00:00:00.000Z' });
  });

  it('lists jobs by running state and keyword, and exports them as .xlsx', async () => {
    const on = await start(
      (await addJob({ name: 'listed running', jobGroup: 'listing', cron: '0 0 0 1 1 ? 2034' })).id,
    );
    await addJob({ name: 'listed stopped', jobGroup: 'listing' });
    const query = async (body: Record<string, unknown>) =>
      ((await ctx.call('POST', '/api/ScheduleJob/Query', { token: admin, body })).body.data as Page<ScheduleJob>).items;
    expect((await query({ jobGroup: 'listing', isStart: true })).map((job) => job.id)).toEqual([on.id]);
    expect((await query({ keyword: 'listed' })).map((job) => job.name).sort()).toEqual([
      'listed running',
      'listed stopped',
    ]);
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/ScheduleJob/Export',
      headers: { authorization: `Bearer ${admin}`, 'auth-token': ctx.newAuthToken() },
      payload: { jobGroup: 'listing' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses to start a job that has no fire time left', async () => {
    const job = await addJob({ name: 'ended', cron: '* * * * * ?', endTime: '2020-01-01T00:00:00Z' });
    const response = await ctx.call('POST', `/api/ScheduleJob/Start/${job.id}`, { token: admin });
    expect(response.status).toBe(400);
    expect(response.body.resultMsg).toBe(scheduleJobMessages.noFireTimeLeft);
  });

  it('lists the handlers with their titles and parameter schemas', async () => {
    const response = await ctx.call('GET', '/api/ScheduleJob/Handlers', { token: admin });
    const handlers = response.body.data as JobHandlerInfo[];
    const echoInfo = handlers.find((h) => h.className === 'test.echo')!;
    expect(echoInfo.title['zh-cn']).toBe('回声');
    expect(echoInfo.paramsSchema).toMatchObject({ type: 'object', properties: { word: { type: 'string' } } });
    expect(handlers.map((h) => h.className)).toContain('jobs.pruneRuns');
  });

  it('seeds the default jobs once, by name, and never overwrites an edit', async () => {
    const [seeded] = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.name, pruneJobRunsDefault.name));
    expect(seeded).toMatchObject({ className: 'jobs.pruneRuns', isStart: true, cron: '0 30 3 * * ?' });
    expect(seeded!.nextRunAt).not.toBeNull();
    const edited = await ctx.call('POST', '/api/ScheduleJob/Update', {
      token: admin,
      body: { id: seeded!.id, rowVersion: seeded!.rowVersion, cron: '0 0 4 * * ?', jobParams: { keepDays: 7 } },
    });
    expect(edited.status, edited.raw).toBe(200);
    await seedSystem(ctx.db, { adminPassword: undefined });
    const rows = await ctx.db.select().from(scheduleJob).where(eq(scheduleJob.name, pruneJobRunsDefault.name));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cron: '0 0 4 * * ?', jobParams: { keepDays: 7 } });
  });

  it("reads cron hours in the server setting's time zone", async () => {
    await inTimeZone(ctx, admin, 'Asia/Shanghai', async () => {
      const job = await addJob({ name: '2 am in Shanghai', cron: '0 0 2 * * ?', isStart: true });
      expect(new Date(job.nextRunAt!).getUTCHours()).toBe(18);
    });
  });

  it('works out the next fire of started cron jobs again when the time zone changes, and of nothing else', async () => {
    const daily = await addJob({ name: '2 am wherever the desk is', cron: '0 0 2 * * ?', isStart: true });
    const stopped = await addJob({ name: 'stopped at 2 am', cron: '0 0 2 * * ?', isStart: false });
    const interval = await addJob({
      name: 'every hour',
      triggerType: 'Interval',
      intervalSecond: 3600,
      cron: null,
      isStart: true,
    });
    expect(new Date(daily.nextRunAt!).getUTCHours()).toBe(2);
    const before = { interval: (await jobRow(interval.id)).nextRunAt, version: (await jobRow(daily.id)).rowVersion };
    await inTimeZone(ctx, admin, 'Asia/Shanghai', async () => {
      const moved = await jobRow(daily.id);
      expect(moved.nextRunAt!.getUTCHours()).toBe(18);
      expect(moved.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
      expect(moved.rowVersion).toBe(before.version); // bookkeeping, not an edit
      expect((await jobRow(stopped.id)).nextRunAt).toBeNull();
      expect((await jobRow(interval.id)).nextRunAt).toEqual(before.interval);
    });
    expect((await jobRow(daily.id)).nextRunAt!.getUTCHours()).toBe(2); // and back in UTC
  });
});

describe('ScheduleJob: the scheduler', () => {
  it('claims a due fire once, even with two schedulers ticking at the same moment', async () => {
    const job = await start((await addJob({ name: 'claim once', cron: '* * * * * ?' })).id);
    const due = new Date(job.nextRunAt!);
    const other = otherScheduler();
    // Other tests' started jobs may be due too: what counts is that this job's fire ran once.
    await Promise.all([scheduler(ctx).tick(due), other.tick(due)]);
    await scheduler(ctx).tick(due);
    await Promise.all([scheduler(ctx).drain(), other.drain()]);
    expect(calls.filter((call) => call.jobId === job.id).map((call) => call.fireTime)).toEqual([due]);
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [r.status, r.fireTime.toISOString(), r.message])).toEqual([
      ['Succeeded', due.toISOString(), 'hello'],
    ]);
    const after = await jobRow(job.id);
    expect(after).toMatchObject({ runTimes: 1, lastResult: 'Succeeded', lastRunAt: due });
    expect(after.nextRunAt!.getTime()).toBe(due.getTime() + 1000);
    expect(after.rowVersion).toBe(job.rowVersion); // the scheduler's bookkeeping is no edit
  });

  it('runs fires missed during downtime once, then goes on from now', async () => {
    const job = await start((await addJob({ name: 'missed', cron: '* * * * * ?' })).id);
    const due = new Date(job.nextRunAt!);
    const anHourLater = seconds(due, 3600);
    expect(await scheduler(ctx).tick(anHourLater)).toBeGreaterThanOrEqual(1);
    await scheduler(ctx).drain();
    const runs = await runsOf(job.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.fireTime).toEqual(due);
    expect((await jobRow(job.id)).nextRunAt).toEqual(seconds(anHourLater, 1));
  });

  it('marks a throwing handler Failed, writes the system log, and keeps going with the others', async () => {
    const bad = await start((await addJob({ name: 'boom', className: 'test.boom', cron: '* * * * * ?' })).id);
    const good = await start((await addJob({ name: 'fine', cron: '* * * * * ?' })).id);
    const now = new Date(Math.max(Date.parse(bad.nextRunAt!), Date.parse(good.nextRunAt!)));
    await scheduler(ctx).tick(now);
    await scheduler(ctx).drain();
    const [failed] = await runsOf(bad.id);
    expect(failed).toMatchObject({ status: 'Failed', message: 'the handler blew up' });
    expect((await runsOf(good.id))[0]!.status).toBe('Succeeded');
    expect((await jobRow(bad.id)).lastResult).toBe('Failed');
    const [logged] = await ctx.db
      .select()
      .from(systemLog)
      .where(eq(systemLog.source, 'job'))
      .orderBy(desc(systemLog.id))
      .limit(5);
    expect(logged).toMatchObject({ level: 'error' });
    expect(logged!.message).toContain('the handler blew up');
    // It is still scheduled.
    expect((await jobRow(bad.id)).isStart).toBe(true);
  });

  it('fails a run whose parameters no longer fit its handler', async () => {
    const job = await start((await addJob({ name: 'stale params', cron: '* * * * * ?' })).id);
    await ctx.db
      .update(scheduleJob)
      .set({ jobParams: { times: 99 } })
      .where(eq(scheduleJob.id, job.id));
    await scheduler(ctx).tick(new Date(job.nextRunAt!));
    await scheduler(ctx).drain();
    expect((await runsOf(job.id))[0]!.status).toBe('Failed');
  });

  it('skips a fire while the previous run of the job is still running', async () => {
    const g = gate('skip');
    const job = await start(
      (await addJob({ name: 'slow', className: 'test.hold', cron: '* * * * * ?', jobParams: { gate: 'skip' } })).id,
    );
    const due = new Date(job.nextRunAt!);
    await scheduler(ctx).tick(due);
    await scheduler(ctx).tick(seconds(due, 1));
    g.release();
    await scheduler(ctx).drain();
    const runs = await runsOf(job.id);
    expect(runs.map((r) => r.status)).toEqual(['Succeeded', 'Skipped']);
    expect(runs[1]!.message).toBe(scheduleJobMessages.previousStillRunning);
    expect((await jobRow(job.id)).runTimes).toBe(1);
  });

  it('runs an interval trigger on its grid, cycleRunTimes times, then stops', async () => {
    const job = await start(
      (await addJob({ name: 'twice', triggerType: 'Interval', intervalSecond: 10, cycleRunTimes: 2, cron: null })).id,
    );
    const first = new Date(job.nextRunAt!);
    expect(first.getTime() - Date.now()).toBeGreaterThan(8_000);
    await scheduler(ctx).tick(seconds(first, 3)); // a late tick does not move the grid
    await scheduler(ctx).drain();
    expect((await jobRow(job.id)).nextRunAt).toEqual(seconds(first, 10));
    await scheduler(ctx).tick(seconds(first, 10));
    await scheduler(ctx).drain();
    const after = await jobRow(job.id);
    expect(after).toMatchObject({ runTimes: 2, isStart: false, nextRunAt: null });
    expect((await runsOf(job.id)).map((r) => r.fireTime)).toEqual([first, seconds(first, 10)]);
  });

  it('declares a run interrupted when its process stopped renewing the lease (kill -9)', async () => {
    const g = gate('crash');
    const job = await start(
      (await addJob({ name: 'crashy', className: 'test.hold', cron: '* * * * * ?', jobParams: { gate: 'crash' } })).id,
    );
    const crashed = otherScheduler(5_000);
    const due = new Date(job.nextRunAt!);
    await crashed.tick(due); // "the other process" claims it, then is never heard of again
    await ctx.db.update(scheduleJob).set({ isStart: false }).where(eq(scheduleJob.id, job.id));
    expect((await runsOf(job.id))[0]!.status).toBe('Running');
    // Within the lease nothing happens; past it, any scheduler records the run as interrupted.
    await scheduler(ctx).tick(seconds(due, 2));
    expect((await runsOf(job.id))[0]!.status).toBe('Running');
    await scheduler(ctx).tick(seconds(due, 6));
    const [run] = await runsOf(job.id);
    expect(run).toMatchObject({ status: 'Failed', message: scheduleJobMessages.interrupted });
    expect((await jobRow(job.id)).lastResult).toBe('Failed');
    // The "dead" process's handler ending late does not overwrite what was recorded.
    g.release();
    await crashed.drain();
    expect((await runsOf(job.id))[0]!.status).toBe('Failed');
  });

  it('keeps a long run alive past its lease while its process renews it', async () => {
    const g = gate('long');
    const job = await start(
      (await addJob({ name: 'long', className: 'test.hold', cron: '* * * * * ?', jobParams: { gate: 'long' } })).id,
    );
    const alive = otherScheduler(3_000); // renews every second
    await alive.tick(new Date(job.nextRunAt!));
    await ctx.db.update(scheduleJob).set({ isStart: false }).where(eq(scheduleJob.id, job.id));
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    await scheduler(ctx).tick(new Date());
    expect((await runsOf(job.id))[0]!.status).toBe('Running');
    g.release();
    await alive.drain();
    expect((await runsOf(job.id))[0]!.status).toBe('Succeeded');
    await alive.stop();
  });

  it('runs an interrupted run once more when its handler asks for retry', async () => {
    const g = gate('retry');
    const job = await start(
      (
        await addJob({
          name: 'retried',
          className: 'test.holdRetry',
          cron: '* * * * * ?',
          jobParams: { gate: 'retry' },
        })
      ).id,
    );
    const due = new Date(job.nextRunAt!);
    await otherScheduler(5_000).tick(due);
    await ctx.db.update(scheduleJob).set({ isStart: false }).where(eq(scheduleJob.id, job.id));
    g.release();
    await scheduler(ctx).tick(seconds(due, 6));
    await scheduler(ctx).drain();
    const runs = await runsOf(job.id);
    expect(runs.map((r) => [r.status, r.attempt, r.trigger, r.fireTime.toISOString()])).toEqual([
      ['Failed', 1, 'Schedule', due.toISOString()],
      ['Succeeded', 2, 'Retry', due.toISOString()],
    ]);
  });

  it("stops gracefully: aborts the handlers' signal, waits a bounded time, records what did not end", async () => {
    gate('shutdown'); // never released: this handler ignores its signal
    const job = await start(
      (
        await addJob({
          name: 'stubborn',
          className: 'test.hold',
          cron: '* * * * * ?',
          jobParams: { gate: 'shutdown' },
        })
      ).id,
    );
    const stopping = otherScheduler();
    await stopping.tick(new Date(job.nextRunAt!));
    await ctx.db.update(scheduleJob).set({ isStart: false }).where(eq(scheduleJob.id, job.id));
    await stopping.stop(200);
    expect((await runsOf(job.id))[0]).toMatchObject({ status: 'Failed', message: scheduleJobMessages.interrupted });
    gates.get('shutdown')!.release();
  });

  it('runs a job now, stopped or not, and lists its runs newest first', async () => {
    const job = await addJob({ name: 'on demand', cron: '0 0 0 1 1 ? 2033', jobParams: { word: 'now' } });
    const first = await ctx.call('POST', `/api/ScheduleJob/RunNow/${job.id}`, { token: admin });
    expect(first.status, first.raw).toBe(200);
    expect((first.body.data as JobRun).status).toBe('Running');
    await scheduler(ctx).drain();
    await ctx.call('POST', `/api/ScheduleJob/RunNow/${job.id}`, { token: admin });
    await scheduler(ctx).drain();
    const page = await ctx.call('POST', '/api/ScheduleJob/Runs', {
      token: admin,
      body: { jobId: job.id, pageSize: 1 },
    });
    expect(page.status, page.raw).toBe(200);
    const runs = page.body.data as Page<JobRun>;
    expect(runs.total).toBe(2);
    expect(runs.items).toHaveLength(1);
    expect(runs.items[0]).toMatchObject({ status: 'Succeeded', message: 'now', jobId: job.id });
    expect(runs.items[0]!.id).toBeGreaterThan((first.body.data as JobRun).id);
    expect((await ctx.call('POST', '/api/ScheduleJob/RunNow/999999', { token: admin })).status).toBe(404);
    expect((await ctx.call('POST', '/api/ScheduleJob/Runs', { token: admin, body: { jobId: 999999 } })).status).toBe(
      404,
    );
  });

  it("prunes run history older than keepDays (the default job's handler)", async () => {
    const job = await addJob({ name: 'old runs' });
    const now = new Date();
    await ctx.db.insert(jobRun).values([
      { jobId: job.id, fireTime: seconds(now, -40 * 86400), status: 'Succeeded' },
      { jobId: job.id, fireTime: seconds(now, -40 * 86400 + 1), status: 'Running' },
      { jobId: job.id, fireTime: seconds(now, -86400), status: 'Failed' },
    ]);
    const result = await pruneJobRunsHandler.run(
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        fireTime: now,
        jobId: null,
        signal: new AbortController().signal,
      },
      { keepDays: 30 },
    );
    expect(result).toEqual({ message: '1 run(s) older than 30 days removed.' });
    expect((await runsOf(job.id)).map((r) => r.status)).toEqual(['Running', 'Failed']);
  });

  it('deletes a job with its run history', async () => {
    const job = await addJob({ name: 'short lived' });
    await ctx.db.insert(jobRun).values({ jobId: job.id, fireTime: new Date(), status: 'Succeeded' });
    const response = await ctx.call('POST', `/api/ScheduleJob/Delete/${job.id}`, { token: admin });
    expect(response.body.data).toEqual({ deleted: 1 });
    expect(
      await ctx.db
        .select()
        .from(jobRun)
        .where(and(eq(jobRun.jobId, job.id))),
    ).toEqual([]);
  });
});

describe('ScheduleJob: who may not', () => {
  it('needs scheduleJob:view to read, :create to add, :onOff to start, stop or run now', async () => {
    const job = await addJob({ name: 'guarded' });
    const viewer = (await signedInWith(ctx, ['scheduleJob:view'])).token;
    const nobody = (await signedInWith(ctx, [])).token;
    expect((await ctx.call('POST', '/api/ScheduleJob/Query', { token: nobody, body: {} })).status).toBe(403);
    expect((await ctx.call('GET', '/api/ScheduleJob/Handlers', { token: nobody })).status).toBe(403);
    expect((await ctx.call('POST', '/api/ScheduleJob/Runs', { token: nobody, body: { jobId: job.id } })).status).toBe(
      403,
    );
    expect((await ctx.call('POST', '/api/ScheduleJob/Query', { token: viewer, body: {} })).status).toBe(200);
    const add = await ctx.call('POST', '/api/ScheduleJob/Add', {
      token: viewer,
      body: { name: 'sneaky', className: 'test.echo' },
    });
    expect(add.status).toBe(403);
    for (const action of ['Start', 'Stop', 'RunNow'])
      expect((await ctx.call('POST', `/api/ScheduleJob/${action}/${job.id}`, { token: viewer })).status).toBe(403);
    expect(await runsOf(job.id)).toEqual([]);
    expect((await jobRow(job.id)).isStart).toBe(false);
  });
});
