import { randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type Api, type TestUser } from '../support/api';
import { launchBrowser, newContext, shot, signedIn } from '../support/browser';

type Page1<T> = { items: T[]; total: number };
type JobRecord = { id: number; name: string; isStart: boolean; cron: string | null; runTimes: number };
type RunRecord = { id: number; status: string; fireTime: string };

/** This spec's own administrator: its language and sessions reach no other spec. */
let admin: TestUser;
let api: Api;
let browser: Browser;
const suffix = randomBytes(3).toString('hex').toUpperCase();
let attempt = 0;
const made: number[] = [];

beforeAll(async () => {
  ({ user: admin, api } = await createAdmin());
  browser = await launchBrowser();
});

afterAll(async () => {
  // Later specs share this server: leave no job of ours running or listed.
  for (const id of made) {
    await api.call('POST', `/api/ScheduleJob/Stop/${id}`, {});
    await api.call('POST', `/api/ScheduleJob/Delete/${id}`, {});
  }
  await browser?.close();
});

const row = (page: Page, text: string): Locator => page.locator('.job-list .ant-table-row', { hasText: text }).first();
const nextRuns = (page: Page) => page.locator('.cron-editor .cron-next-run').allInnerTexts();

describe('scheduled jobs', () => {
  it('an admin schedules a job with the cron editor, starts it, sees its runs arrive and stops it', async () => {
    const name = `Prune history ${suffix}-${++attempt}`; // a retry must not find what a failed try saved
    const context = await newContext(browser);
    const page = await context.newPage();
    await signedIn(page, admin, '/system/scheduleJob');
    await page.locator('.job-list .ant-table').waitFor();

    await page.locator('.job-new').click();
    const drawer = page.locator('.master-editor');
    await drawer.locator('#name').waitFor();
    await drawer.locator('#name').fill(name);
    // A handler the product offers: the run-history pruning job of the platform.
    await drawer.locator('.job-handler').click();
    await page.locator('.ant-select-dropdown').getByText('Prune job run history', { exact: true }).click();
    await expect
      .poll(async () => JSON.parse(await drawer.locator('.job-params').inputValue()))
      .toEqual({ keepDays: 30 });

    // The default every-second expression previews five runs one second apart.
    const cronText = drawer.locator('input.cron-text');
    await expect.poll(() => cronText.inputValue()).toBe('* * * * * ?');
    await expect.poll(async () => (await nextRuns(page)).length).toBe(5);
    const everySecond = await nextRuns(page);

    // A shortcut rewrites the text and the preview: every hour falls on minute and second zero.
    await drawer.locator('.cron-shortcut-button').click();
    await page.locator('.cron-shortcuts').getByText('Every hour', { exact: true }).click();
    await expect.poll(() => cronText.inputValue()).toBe('0 0 * * * ?');
    await expect.poll(() => nextRuns(page)).not.toEqual(everySecond);
    for (const run of await nextRuns(page)) expect(run).toMatch(/:00:00(\s[AP]M)?$/);

    // A garbage expression stays as typed, marked invalid with the reason, and is not saved (it never becomes
    // the every-second default).
    let adds = 0;
    const countAdds = (request: { url: () => string }) => {
      if (request.url().includes('/api/ScheduleJob/Add')) adds++;
    };
    page.on('request', countAdds);
    await cronText.fill('banana');
    await drawer.locator('#name').click();
    await expect.poll(() => cronText.getAttribute('aria-invalid')).toBe('true');
    await drawer
      .locator('.ant-form-item-explain-error', { hasText: /6 or 7 parts/ })
      .first()
      .waitFor();
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer
      .locator('.ant-form-item-explain-error', { hasText: /6 or 7 parts/ })
      .first()
      .waitFor();
    expect(await cronText.inputValue()).toBe('banana');
    expect(adds).toBe(0);
    page.off('request', countAdds);
    expect(await drawer.locator('.cron-problem').count()).toBe(0); // said once, under the field
    await shot(page, 'scheduled-job-cron-invalid-en');

    // What the test waits for: a run every 2 seconds.
    await cronText.fill('*/2 * * * * ?');
    await expect
      .poll(async () => {
        const runs = await nextRuns(page);
        return runs.length === 5 && runs.every((run) => Number(/:(\d\d)(\s[AP]M)?$/.exec(run)?.[1]) % 2 === 0);
      })
      .toBe(true);
    await shot(page, 'scheduled-job-cron-editor-en');

    // Parameters the handler refuses: the server's 400 shows under the parameters, naming the property.
    const params = drawer.locator('.job-params');
    await params.fill('{"keepDays": 0}');
    const refused = page.waitForResponse((r) => r.url().includes('/api/ScheduleJob/Add'));
    await drawer.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(400);
    await drawer.locator('.ant-form-item-explain-error', { hasText: /^keepDays: / }).waitFor();
    await params.fill('{"keepDays": 7}');

    const saved = page.waitForResponse((r) => r.url().includes('/api/ScheduleJob/Add'));
    await drawer.getByRole('button', { name: 'Save' }).click();
    const body = (await (await saved).json()) as { resultCode: number; data: JobRecord };
    expect(body.resultCode).toBe(200);
    made.push(body.data.id);
    expect(body.data).toMatchObject({ name, cron: '*/2 * * * * ?', isStart: false });
    await drawer.waitFor({ state: 'hidden' });

    const job = row(page, name);
    await job.locator('.job-deactivated').waitFor();
    await job.locator('.job-start').click();
    await job.locator('.job-running').waitFor();

    // The history drawer polls: succeeded runs arrive without a reload.
    await job.locator('.job-history').click();
    const history = page.locator('.job-runs');
    await history.locator('.job-runs-table').waitFor();
    await expect
      .poll(() => history.locator('.run-status-Succeeded').count(), { timeout: 45_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    await shot(page, 'scheduled-job-runs-en');
    await history.locator('.ant-drawer-close').click();
    await history.waitFor({ state: 'hidden' });

    await job.locator('.job-stop').click();
    await job.locator('.job-deactivated').waitFor();

    const stored = await api.ok<JobRecord>('GET', `/api/ScheduleJob/Detail/${body.data.id}`);
    expect(stored.isStart).toBe(false);
    const runs = await api.ok<Page1<RunRecord>>('POST', '/api/ScheduleJob/Runs', {
      jobId: body.data.id,
      page: 1,
      pageSize: 100,
    });
    expect(runs.items.filter((r) => r.status === 'Succeeded').length).toBeGreaterThanOrEqual(2);
    // Each fire time ran once, on the even seconds of the expression.
    const fireTimes = runs.items.map((r) => r.fireTime);
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    for (const time of fireTimes) expect(new Date(time).getUTCSeconds() % 2).toBe(0);
    await context.close();
  });
});
