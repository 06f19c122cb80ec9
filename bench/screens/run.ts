// bench:screens - how long a person waits for each built screen opened by its address (headless Chromium,
// loopback, the built app): N times in a fresh browser context (cold cache) and N times again in the same
// context (warm cache), plus "open a ticket from the list" inside the app. Prints a Markdown table and writes
// bench/results/screens-<time>.md. Every run is bounded (BENCH_MAX_SECONDS) and stops what it started.
//   BENCH_SCREENS_RUNS=7  BENCH_SCREENS_ONLY=ticket,dashboard  BENCH_SCREENS_DB=postgres://... (default: fresh PGlite with demo data)
//   BENCH_BUILD=1 (build web + server first; otherwise only when dist is missing)
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type CDPSession, type Page, type Request } from 'playwright-core';
import type { MyInfo, TokenData, WebMenu } from '@casedesk/shared';
import { userInfoFrom } from '../../apps/web/src/platform/user-info.js';
import { launchChromium } from '../../e2e/support/chromium.js';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number`);
  return value;
};
const runs = num('BENCH_SCREENS_RUNS', 7);
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

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const base = `http://127.0.0.1:${port}`;
const storagePrefix = 'casedesk-ticket:';
let server: ChildProcess | undefined;
let browser: Browser | undefined;
let dataDir: string | undefined;

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

async function startServer() {
  const built =
    existsSync(join(repoRoot, 'apps/server/dist/main.js')) && existsSync(join(repoRoot, 'apps/web/dist/index.html'));
  if (!built || process.env.BENCH_BUILD === '1')
    execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  dataDir = mkdtempSync(join(tmpdir(), 'casedesk-bench-screens-'));
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
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
type Screen = { path: string; component: string; kind: 'chart' | 'content' };

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
  const check = () => {
    const wanted = window.__screenWanted;
    if (!wanted || window.__screenReadyAt !== undefined) return;
    if (location.pathname.toLowerCase() !== wanted.path.toLowerCase()) return;
    const pages = [...document.querySelectorAll('.app-content .page-view')].filter((p) => p.checkVisibility());
    const page = pages[pages.length - 1];
    if (!page || page.querySelector('.ant-spin-spinning, .ant-skeleton')) return;
    if (page.querySelector(wanted.kind === 'chart' ? 'canvas' : contentMarker)) window.__screenReadyAt = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

type Load = { ms: number; requests: number; apiCalls: number; kb: number; cpu?: Cpu };
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
      settle();
    }, settle);
  };
  page.on('request', onRequest);
  try {
    await page.goto(`${base}${screen.path}`, { waitUntil: 'commit' });
    await page.evaluate(
      (wanted) => {
        (window as unknown as { __screenWanted: typeof wanted }).__screenWanted = wanted;
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
    return { ms, requests, apiCalls, kb: bytes / 1024 };
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
  if (only.length) screens = screens.filter((s) => only.some((word) => s.path.includes(word)));
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
        for (let i = 0; i < runs; i++) row.warm.push(await openScreen(page, screen));
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
  const lines = [
    `bench:screens, ${new Date().toISOString()}, ${runs} loads each, ${dbUrl ? 'PostgreSQL' : 'PGlite with demo data'}, admin`,
    '',
    '| screen | kind | cold p50 ms | cold p95 ms | warm p50 ms | warm p95 ms | requests cold | API calls | KB cold | requests warm | KB warm |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const cold = row.cold.map((l) => l.ms);
    const warm = row.warm.map((l) => l.ms);
    lines.push(
      `| ${row.screen} | ${row.kind} | ${fmt(median(cold))} | ${fmt(percentile(cold, 95))} | ${fmt(median(warm))} | ${fmt(percentile(warm, 95))} | ${fmt(median(row.cold.map((l) => l.requests)))} | ${fmt(median(row.cold.map((l) => l.apiCalls)))} | ${fmt(median(row.cold.map((l) => l.kb)))} | ${fmt(median(row.warm.map((l) => l.requests)))} | ${fmt(median(row.warm.map((l) => l.kb)))} |`,
    );
  }
  const all = (pick: (r: Row) => Load[]) => rows.flatMap((r) => pick(r).map((l) => l.ms));
  lines.push(
    `| **all screens** | | ${fmt(median(all((r) => r.cold)))} | ${fmt(
      percentile(
        all((r) => r.cold),
        95,
      ),
    )} | ${fmt(median(all((r) => r.warm)))} | ${fmt(
      percentile(
        all((r) => r.warm),
        95,
      ),
    )} | | | | | |`,
  );
  // Main thread of a cold load (a new page's renderer totals): less swayed by other load than wall-clock times.
  const cpus = (loads: Load[]) => loads.flatMap((l) => (l.cpu ? [l.cpu] : []));
  const cpuCells = (loads: Load[]) =>
    (['task', 'script', 'styleLayout'] as const).map((key) => fmt(median(cpus(loads).map((c) => c[key])))).join(' | ');
  lines.push(
    '',
    'Main thread of a cold load, p50 ms (until no request was open for 500 ms):',
    '',
    '| screen | all tasks | script | style and layout |',
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| ${row.screen} | ${cpuCells(row.cold)} |`),
    `| **all screens** | ${cpuCells(rows.flatMap((r) => r.cold))} |`,
  );
  if (inApp.length)
    lines.push(
      '',
      `Open a ticket from the list (in the app, click to the ticket's content): p50 ${fmt(median(inApp))} ms, p95 ${fmt(percentile(inApp, 95))} ms`,
    );
  const report = lines.join('\n');
  console.log(report);
  mkdirSync(join(repoRoot, 'bench/results'), { recursive: true });
  const file = join(repoRoot, `bench/results/screens-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, `${report}\n`);
  console.error(`written ${relative(repoRoot, file)}`);
}

try {
  await main();
} finally {
  await cleanUp();
}
