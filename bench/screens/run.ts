// bench:screens - how long a person waits for each built screen opened by its address (headless Chromium,
// loopback, the built app): N times in a fresh browser context (cold cache) and N times again in the same
// context (warm cache), plus "open a ticket from the list" inside the app. Prints a Markdown table and writes
// bench/results/screens-<time>.md. Every run is bounded (BENCH_MAX_SECONDS) and stops what it started.
// The first row is the baseline (baseline.ts): the ticket list's first page as static HTML from the same server.
//   BENCH_SCREENS_RUNS=5  BENCH_SCREENS_ONLY=ticket,dashboard  BENCH_SCREENS_DB=postgres://... (default: fresh PGlite with demo data)
//   BENCH_BUILD=1 (build web + server first; otherwise only when dist is missing)  BENCH_SCREENS_WEB=<another web build>
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type CDPSession, type Page, type Request } from 'playwright-core';
import type { MyInfo, TicketListItem, TokenData, WebMenu } from '@casedesk/shared';
import { userInfoFrom } from '../../apps/web/src/platform/user-info.js';
import { launchChromium } from '../../e2e/support/chromium.js';
import { baselineHtml, baselinePath } from './baseline.js';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
};
const runs = num('BENCH_SCREENS_RUNS', 5);
const maxSeconds = num('BENCH_MAX_SECONDS', 3600);
const port = num('BENCH_SCREENS_PORT', 3960);
const only = (process.env.BENCH_SCREENS_ONLY ?? '').split(',').filter(Boolean);
const password = process.env.BENCH_ADMIN_PASSWORD ?? 'Bench@12345';
const dbUrl = process.env.BENCH_SCREENS_DB ?? '';
/** BENCH_SCREENS_SHOTS=1: also screenshot each measured screen in en, zh-cn and zh-tw (bench/results/screens-shots/). */
const shots = process.env.BENCH_SCREENS_SHOTS === '1';
/** BENCH_SCREENS_SHOTS_THEME='{"isDark":true,"primary":"#eb2f96"}': theme settings for the shots (to compare looks). */
const shotsTheme = JSON.parse(process.env.BENCH_SCREENS_SHOTS_THEME ?? '{}') as Record<string, unknown>;
/** BENCH_SCREENS_TRACE=1: print each load's requests (start and end in ms from the navigation) to find waterfalls. */
const trace = process.env.BENCH_SCREENS_TRACE === '1';
/** BENCH_SCREENS_PROFILE=1: a Chromium trace of one warm load per screen (bench/results/screens-traces/, chrome://tracing). */
const profile = process.env.BENCH_SCREENS_PROFILE === '1';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const base = `http://127.0.0.1:${port}`;
const storagePrefix = 'casedesk-ticket:';
let server: ChildProcess | undefined;
let browser: Browser | undefined;
let dataDir: string | undefined;
let webDist = '';

async function cleanUp() {
  await browser?.close().catch(() => undefined);
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    for (let i = 0; i < 30 && server.exitCode === null; i++) await new Promise((r) => setTimeout(r, 100));
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
const deadline = setTimeout(() => {
  console.error(`bench:screens gave up after ${maxSeconds} s`);
  void cleanUp().finally(() => process.exit(1));
}, maxSeconds * 1000);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
process.on('exit', () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
});

/** BENCH_SCREENS_WEB=<folder>: another build of the web app than apps/web/dist (to compare builds on one server). */
const webBuild = process.env.BENCH_SCREENS_WEB ?? join(repoRoot, 'apps/web/dist');

async function startServer() {
  const built =
    existsSync(join(repoRoot, 'apps/server/dist/main.js')) && existsSync(join(repoRoot, 'apps/web/dist/index.html'));
  if (!built || process.env.BENCH_BUILD === '1')
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-screens-'));
  // The built web app is copied, so a build during the run changes nothing measured; the baseline page is written
  // there before the start (the server lists its static files then) and filled once the API can be asked for the rows.
  webDist = join(dataDir, 'web');
  cpSync(webBuild, webDist, { recursive: true });
  writeFileSync(join(webDist, baselinePath), baselineHtml([], 0));
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DATABASE_URL: dbUrl,
      // The embedded database gets the demo data (tickets, users, projects) so that lists have rows.
      DEMO_DATA: dbUrl ? 'false' : 'true',
      ADMIN_PASSWORD: password,
      RATE_LIMIT_MAX: '0',
      LOGIN_RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      WORKERS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 1200; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not become ready in 5 minutes');
}

// --- the API, as the web app speaks it (contract section 3: Auth-Token on every call) ---
type Envelope<T> = { resultCode: number; resultMsg: string; data: T };
let publicKey = '';
async function call<T>(method: 'GET' | 'POST', path: string, token?: string, body?: unknown): Promise<T> {
  publicKey ||= ((await (await fetch(`${base}/api/token/PublicKey`)).json()) as Envelope<string>).data;
  const plain = `${randomBytes(16).toString('hex')}:${Math.floor(Date.now() / 1000)}`;
  const authToken = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
  const headers: Record<string, string> = { 'auth-token': authToken };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.resultCode !== 200) throw new Error(`${method} ${path}: ${envelope.resultMsg}`);
  return envelope.data;
}

/** The local storage a signed-in browser holds (platform/auth-store.ts), so each fresh context starts signed in. */
function signedInStorage(tokens: TokenData, info: MyInfo) {
  const userInfo = userInfoFrom(info);
  const values: Record<string, unknown> = {
    token: tokens.token,
    tokenExp: tokens.exp,
    refreshToken: tokens.refreshToken,
    userInfo,
    lastActivity: Date.now(),
  };
  return Object.entries(values).map(([key, value]) => ({
    name: `${storagePrefix}${key}`,
    value: JSON.stringify(value),
  }));
}

// --- the screens: the menu's leaves whose component is a page of the web app (app/router/views.ts) ---
type Screen = { path: string; component: string; kind: 'chart' | 'content' | 'baseline' };

function pageViews(): string[] {
  const features = join(repoRoot, 'apps/web/src/features');
  const files = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\/pages\//.test(f) && f.endsWith('.tsx') && !f.endsWith('.test.tsx') && !f.includes('/components/'),
  );
  return files.map((f) =>
    f
      .replace('/pages/', '/')
      .replace(/\.tsx$/, '')
      .replace(/\/index$/, ''),
  );
}

function screensOf(menus: WebMenu[], views: string[]): Screen[] {
  return menus.flatMap((menu): Screen[] => {
    if (menu.children?.length) return screensOf(menu.children, views);
    const wanted = menu.component
      .trim()
      .replace(/^\/+/, '')
      .replace(/\.(tsx|jsx|vue|ts|js)$/, '')
      .replace(/(^|\/)index$/, '');
    const matches = wanted ? views.filter((v) => v === wanted || v.endsWith(`/${wanted}`)) : [];
    if (matches.length !== 1 || menu.path.includes(':') || menu.meta.isLink) return [];
    return [{ path: menu.path, component: wanted, kind: wanted.startsWith('dashboard/') ? 'chart' : 'content' }];
  });
}

/**
 * "First useful content", checked in the page after every DOM change: the address is the screen's, the visible
 * page (`.app-content .page-view`, hidden keep-alive pages ignored) shows no loading indicator (`.ant-spin-spinning`,
 * `.ant-skeleton`), and it shows its data: a chart screen a drawn chart (`canvas`); any other screen a table body
 * row (data or the "no data" row, `.ant-table-tbody tr`), a form field (`.ant-form-item`), a tree node, a
 * description list, a card or an empty-state. The moment is `performance.now()` from the navigation's start.
 */
// A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
const readyProbe = `(() => {
  const contentMarker = '.ant-table-tbody tr:not(.ant-table-measure-row), .ant-form-item, .ant-tree-treenode, '
    + '.ant-descriptions, .ant-card-body, .ant-empty, .ant-result, .ant-list-item';
  // The first moment each address showed each kind of content, whether or not the bench said yet what it waits for
  // (a static page may be complete before then).
  const seen = {};
  const check = () => {
    const path = location.pathname.toLowerCase();
    const at = (seen[path] ??= {});
    if (at.content === undefined || at.chart === undefined) {
      const pages = [...document.querySelectorAll('.app-content .page-view')].filter((p) => p.checkVisibility());
      const page = pages[pages.length - 1];
      if (page && !page.querySelector('.ant-spin-spinning, .ant-skeleton')) {
        if (at.chart === undefined && page.querySelector('canvas')) at.chart = performance.now();
        if (at.content === undefined && page.querySelector(contentMarker)) at.content = performance.now();
      }
    }
    const wanted = window.__screenWanted;
    if (!wanted || window.__screenReadyAt !== undefined) return;
    const ready = seen[wanted.path.toLowerCase()]?.[wanted.kind === 'chart' ? 'chart' : 'content'];
    if (ready !== undefined) window.__screenReadyAt = ready;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  window.__screenCheck = check;
})();`;

type Load = { ms: number; requests: number; apiCalls: number; kb: number; scriptKb: number; cpu?: Cpu };
/** The renderer's main-thread time during a load (Chromium's Performance.getMetrics, seconds → ms). */
type Cpu = { task: number; script: number; styleLayout: number };

const cpuSessions = new WeakMap<Page, CDPSession>();
/**
 * The page's main-thread totals so far; the first call starts Chromium's counting. Only a new page's totals are one
 * load's: a navigation may move a page to a new renderer, whose totals start again.
 */
async function cpuOf(page: Page): Promise<Cpu> {
  let session = cpuSessions.get(page);
  if (!session) {
    session = await page.context().newCDPSession(page);
    await session.send('Performance.enable');
    cpuSessions.set(page, session);
  }
  const { metrics } = await session.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: value('TaskDuration'),
    script: value('ScriptDuration'),
    styleLayout: value('RecalcStyleDuration') + value('LayoutDuration'),
  };
}

const isStream = (request: Request) =>
  request.resourceType() === 'eventsource' || /\/Stream$/i.test(new URL(request.url()).pathname);

/**
 * Opens the screen's address in `page` and answers when its first useful content shows. Requests and bytes
 * (headers + body as sent, i.e. compressed) are counted until no request has been open for 500 ms; the
 * notification event stream, open for as long as the page, counts as a request but not its bytes.
 */
async function openScreen(page: Page, screen: Screen): Promise<Load> {
  let requests = 0;
  let apiCalls = 0;
  let bytes = 0;
  let scriptBytes = 0;
  let open = 0;
  let lastChange = performance.now();
  const startedAt = performance.now();
  const timeline: string[] = [];
  const onRequest = (request: Request) => {
    requests++;
    const at = performance.now() - startedAt;
    if (trace)
      void request
        .response()
        .then(() =>
          timeline.push(
            `${at.toFixed(0).padStart(6)} ${(performance.now() - startedAt).toFixed(0).padStart(6)} ${request.url().replace(base, '')}`,
          ),
        );
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls++;
    if (isStream(request)) return;
    open++;
    const settle = () => {
      open--;
      lastChange = performance.now();
    };
    request.response().then(async (response) => {
      const sizes = response ? await request.sizes().catch(() => null) : null;
      if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize;
      if (sizes && request.resourceType() === 'script') scriptBytes += sizes.responseBodySize;
      settle();
    }, settle);
  };
  page.on('request', onRequest);
  try {
    await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
    await page.evaluate(
      (wanted) => {
        const w = window as unknown as { __screenWanted: typeof wanted; __screenCheck?: () => void };
        w.__screenWanted = wanted;
        w.__screenCheck?.();
      },
      { path: screen.path, kind: screen.kind },
    );
    const handle = await page
      .waitForFunction(() => (window as unknown as { __screenReadyAt?: number }).__screenReadyAt, undefined, {
        timeout: 20_000,
      })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: join(repoRoot, 'bench/results/screens-failed.png') }).catch(() => undefined);
        throw new Error(`${screen.path} showed no content (at ${page.url()}, see bench/results/screens-failed.png)`, {
          cause: error,
        });
      });
    const ms = (await handle.jsonValue()) as number;
    const until = performance.now() + 10_000;
    while ((open > 0 || performance.now() - lastChange < 500) && performance.now() < until)
      await new Promise((r) => setTimeout(r, 50));
    if (trace) console.error(`${screen.path}: ready at ${ms.toFixed(0)} ms\n${timeline.sort().join('\n')}`);
    return { ms, requests, apiCalls, kb: bytes / 1024, scriptKb: scriptBytes / 1024 };
  } finally {
    page.off('request', onRequest);
  }
}

async function newContext(storage: { name: string; value: string }[]): Promise<BrowserContext> {
  const context = await browser!.newContext({
    viewport: { width: 1366, height: 820 },
    locale: 'en-US',
    storageState: { cookies: [], origins: [{ origin: base, localStorage: storage }] },
  });
  await context.addInitScript({ content: readyProbe });
  if (trace) context.on('console', (message) => console.error(`console: ${message.text()}`));
  return context;
}

/** In the app: the ticket list is shown; click the first ticket's link and wait for the ticket screen's content. */
async function openTicketFromList(page: Page): Promise<number> {
  await openScreen(page, { path: '/ticket/list', component: 'ticket/list', kind: 'content' });
  const link = page.locator('.app-content .ant-table-tbody tr.ant-table-row a[href*="/ticket/info"]').first();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('The ticket list shows no ticket link');
  const path = new URL(href, base).pathname;
  await page.evaluate(
    (wanted) => {
      const w = window as unknown as { __screenWanted: typeof wanted; __screenReadyAt?: number; __clickedAt: number };
      w.__screenReadyAt = undefined;
      w.__screenWanted = wanted;
      w.__clickedAt = performance.now();
    },
    { path, kind: 'content' },
  );
  await link.click();
  const handle = await page.waitForFunction(
    () => {
      const w = window as unknown as { __screenReadyAt?: number; __clickedAt: number };
      return w.__screenReadyAt === undefined ? undefined : w.__screenReadyAt - w.__clickedAt;
    },
    undefined,
    { timeout: 20_000 },
  );
  return (await handle.jsonValue()) as number;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

type Row = { screen: string; kind: string; cold: Load[]; warm: Load[] };

async function main() {
  await startServer();
  // Signed in through the API; again for each screen, so that a long run never outlives the access token.
  const signIn = async () => {
    const tokens = await call<TokenData>('POST', '/api/token/Login', undefined, { userName: 'admin', password });
    const info = await call<MyInfo>('GET', '/api/token/GetMyInfo', tokens.token);
    return { tokens, storage: signedInStorage(tokens, info) };
  };
  const first = await signIn();
  const menus = await call<WebMenu[]>('GET', '/api/Menu/WebMenus', first.tokens.token);
  let screens = screensOf(menus, pageViews());
  // The ticket page (a `:id` route) with the list's first ticket; the baseline page first, filled with the same list.
  const list = await call<{ items: TicketListItem[]; total: number }>('POST', '/api/Ticket/Query', first.tokens.token, {
    page: 1,
    pageSize: 20,
  });
  writeFileSync(join(webDist, baselinePath), baselineHtml(list.items, list.total));
  const firstTicket = list.items[0];
  const ticketAt = screens.findIndex((s) => s.path === '/ticket/list');
  if (firstTicket && ticketAt >= 0)
    screens.splice(ticketAt + 1, 0, {
      path: `/ticket/info/${firstTicket.id}`,
      component: 'ticket/info',
      kind: 'content',
    });
  screens.unshift({ path: baselinePath, component: '', kind: 'baseline' });
  if (only.length) screens = screens.filter((s) => s.kind === 'baseline' || only.some((w) => s.path.includes(w)));
  console.error(`${screens.length} screens, ${runs} cold + ${runs} warm loads each`);

  browser = await launchChromium();

  const rows: Row[] = [];
  for (const screen of screens) {
    const row: Row = { screen: screen.path, kind: screen.kind, cold: [], warm: [] };
    const { storage } = await signIn();
    try {
      for (let i = 0; i < runs; i++) {
        const context = await newContext(storage);
        try {
          const page = await context.newPage();
          await cpuOf(page);
          row.cold.push({ ...(await openScreen(page, screen)), cpu: await cpuOf(page) });
        } finally {
          await context.close();
        }
      }
      // Warm: one context; a first load fills its cache, then the measured loads navigate to the address again.
      const context = await newContext(storage);
      try {
        const page = await context.newPage();
        await openScreen(page, screen);
        for (let i = 0; i < runs; i++) {
          // The renderer's totals before and after; a navigation that moved to a new renderer gives no difference.
          const before = await cpuOf(page);
          const load = await openScreen(page, screen);
          const after = await cpuOf(page);
          const cpu = {
            task: after.task - before.task,
            script: after.script - before.script,
            styleLayout: after.styleLayout - before.styleLayout,
          };
          row.warm.push(cpu.task >= 0 ? { ...load, cpu } : load);
        }
        if (profile) {
          const dir = join(repoRoot, 'bench/results/screens-traces');
          mkdirSync(dir, { recursive: true });
          const path = join(dir, `${screen.path.slice(1).replace(/[/.]/g, '_')}-warm.json`);
          await browser!.startTracing(page, { path, screenshots: false });
          await openScreen(page, screen);
          await browser!.stopTracing();
        }
      } finally {
        await context.close();
      }
    } catch (error) {
      console.error(`${screen.path}: ${error instanceof Error ? error.stack : String(error)}`);
    }
    rows.push(row);
    const c = row.cold.map((l) => l.ms);
    const w = row.warm.map((l) => l.ms);
    console.error(`${screen.path.padEnd(40)} cold p50 ${median(c).toFixed(0)} ms, warm p50 ${median(w).toFixed(0)} ms`);
  }

  const inApp: number[] = [];
  const { storage } = await signIn();
  if (!only.length || only.some((word) => word.includes('ticket'))) {
    const context = await newContext(storage);
    try {
      const page = await context.newPage();
      for (let i = 0; i < runs + 1; i++) {
        const ms = await openTicketFromList(page);
        if (i > 0) inApp.push(ms); // the first fills the cache with the ticket screen's code
      }
    } catch (error) {
      console.error(`ticket from list: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    } finally {
      await context.close();
    }
  }

  if (shots) {
    const dir = join(repoRoot, 'bench/results/screens-shots');
    mkdirSync(dir, { recursive: true });
    const { storage } = await signIn();
    for (const language of ['en', 'zh-cn', 'zh-tw']) {
      const theme = {
        name: `${storagePrefix}themeConfig`,
        value: JSON.stringify({ ...shotsTheme, globalI18n: language }),
      };
      const context = await newContext([...storage, theme]);
      try {
        const page = await context.newPage();
        for (const screen of screens) {
          await openScreen(page, screen).catch((error: unknown) => console.error(String(error)));
          // Transitions finished (a table's loading fade, for one): shots of two builds compare the settled look.
          await page.screenshot({
            path: join(dir, `${screen.path.slice(1).replace(/\//g, '_')}-${language}.png`),
            animations: 'disabled',
          });
        }
      } finally {
        await context.close();
      }
    }
  }

  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  const ms = (loads: Load[]) => loads.map((l) => l.ms);
  const baseline = rows.find((r) => r.kind === 'baseline');
  const ratio = (value: number, of: number | undefined) =>
    of && Number.isFinite(value) ? `${(value / of).toFixed(1)}×` : '-';
  const cpus = (loads: Load[]) => loads.flatMap((l) => (l.cpu ? [l.cpu] : []));
  const cpuMedian = (loads: Load[], key: keyof Cpu) => median(cpus(loads).map((c) => c[key]));
  const lines = [
    `bench:screens, ${new Date().toISOString()}, ${runs} loads each, ${dbUrl ? 'PostgreSQL' : 'PGlite with demo data'}, admin`,
    '',
    "Times to first useful content (ms from the navigation); × = p50 over the baseline's p50 (a static HTML page of the",
    "ticket list's first page from the same server); script KB = scripts as sent (compressed) on a cold load; main",
    "thread = the renderer's task time, p50 ms (cold: until no request was open for 500 ms; warm: the same, per navigation).",
    '',
    '| screen | cold p50 | cold p90 | warm p50 | warm p90 | cold × | warm × | script KB | KB cold | requests cold | API calls | main thread cold | main thread warm |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const bc = baseline ? median(ms(baseline.cold)) : undefined;
  const bw = baseline ? median(ms(baseline.warm)) : undefined;
  for (const row of rows) {
    const cold = ms(row.cold);
    const warm = ms(row.warm);
    const cells = [
      row.kind === 'baseline' ? `${row.screen} (baseline)` : row.screen,
      fmt(median(cold)),
      fmt(percentile(cold, 90)),
      fmt(median(warm)),
      fmt(percentile(warm, 90)),
      ratio(median(cold), bc),
      ratio(median(warm), bw),
      fmt(median(row.cold.map((l) => l.scriptKb))),
      fmt(median(row.cold.map((l) => l.kb))),
      fmt(median(row.cold.map((l) => l.requests))),
      fmt(median(row.cold.map((l) => l.apiCalls))),
      fmt(cpuMedian(row.cold, 'task')),
      fmt(cpuMedian(row.warm, 'task')),
    ];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  const screenRows = rows.filter((r) => r.kind !== 'baseline');
  const all = (pick: (r: Row) => Load[]) => screenRows.flatMap((r) => pick(r));
  lines.push(
    `| **all screens** | ${fmt(median(ms(all((r) => r.cold))))} | ${fmt(percentile(ms(all((r) => r.cold)), 90))} | ${fmt(
      median(ms(all((r) => r.warm))),
    )} | ${fmt(percentile(ms(all((r) => r.warm)), 90))} | ${ratio(median(ms(all((r) => r.cold))), bc)} | ${ratio(
      median(ms(all((r) => r.warm))),
      bw,
    )} | ${fmt(median(all((r) => r.cold).map((l) => l.scriptKb)))} | | | | ${fmt(
      cpuMedian(
        all((r) => r.cold),
        'task',
      ),
    )} | ${fmt(
      cpuMedian(
        all((r) => r.warm),
        'task',
      ),
    )} |`,
  );
  // Main thread split (Chromium's Performance.getMetrics): less swayed by other load than wall-clock times.
  const cpuCells = (loads: Load[]) =>
    (['task', 'script', 'styleLayout'] as const).map((key) => fmt(cpuMedian(loads, key))).join(' | ');
  lines.push(
    '',
    'Main thread, p50 ms: all tasks, script, style and layout; cold, then warm:',
    '',
    '| screen | cold tasks | cold script | cold style+layout | warm tasks | warm script | warm style+layout |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => `| ${row.screen} | ${cpuCells(row.cold)} | ${cpuCells(row.warm)} |`),
    `| **all screens** | ${cpuCells(all((r) => r.cold))} | ${cpuCells(all((r) => r.warm))} |`,
  );
  if (inApp.length)
    lines.push(
      '',
      `Open a ticket from the list (in the app, click to the ticket's content): p50 ${fmt(median(inApp))} ms, p90 ${fmt(percentile(inApp, 90))} ms`,
    );
  const report = lines.join('\n');
  console.log(report);
  mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
  const file = join(repoRoot, `bench/results/screens-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, `${report}\n`);
  writeFileSync(file.replace(/\.md$/, '.json'), `${JSON.stringify(rows)}\n`);
  console.error(`written ${relative(repoRoot, file)}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
