import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createAdmin, type Api } from '../support/api';
import { baseUrl, launchBrowser, shot } from '../support/browser';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';

type Language = 'en' | 'zh-cn' | 'zh-tw';
const languageNames: Record<Language, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };
const buttonText: Record<Language, string> = {
  en: 'Sign in with Corp ID',
  'zh-cn': '使用公司账户登录',
  'zh-tw': '使用公司帳戶登入',
};
const tabLabel: Record<Language, string> = { en: 'Third-party', 'zh-cn': '第三方', 'zh-tw': '第三方' };

/**
 * The server, started without SYSTEM_URL, names itself http://localhost:<port>: the browser uses that name too,
 * so the cookie binding a sign-in to the browser comes back with the provider's redirect.
 */
const origin = () => baseUrl().replace('127.0.0.1', 'localhost');
const suffix = randomBytes(3).toString('hex');

let browser: Browser;
let admin: Api;
let provider: TestProvider;

beforeAll(async () => {
  admin = await adminApi();
  provider = await startTestProvider({
    redirectUri: `${origin()}/api/token/SSOCallback`,
    postLogoutRedirectUri: `${origin()}/login`,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  // The sign-in page of the specs that follow has no SSO button again (the provider is gone with this file).
  const settings = await admin.ok<{ toggles: { value: Record<string, unknown>; rowVersion: number } }>(
    'GET',
    '/api/Settings/Get',
  );
  if (settings.toggles.value.ssoButton)
    await admin.ok('POST', '/api/Settings/Save', {
      group: 'toggles',
      value: { ...settings.toggles.value, ssoButton: false },
      rowVersion: settings.toggles.rowVersion,
    });
  await browser?.close();
  await provider?.close();
});

async function page(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 900 },
    locale: 'en-US',
    baseURL: origin(),
  });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function signInWithPassword(p: Page, user: { loginName: string; password: string }) {
  await p.goto('/login');
  await p.locator('input[autocomplete="username"]').fill(user.loginName);
  await p.locator('input[autocomplete="current-password"]').fill(user.password);
  await p.locator('button[type="submit"]').click();
  await p.waitForURL('**/dashboard/ticket');
  await p.locator('.app-header').waitFor();
}

async function openThirdParty(p: Page) {
  await p.goto('/system/settings');
  await p.locator('.settings-page .ant-tabs-tab[data-node-key="thirdParty"]').click();
  await p.locator('.settings-tab-thirdParty .settings-thirdParty').waitFor();
}

describe('single sign-on with OpenID Connect', () => {
  it('an admin configures Settings → Third-party against the provider, tests it and saves', async () => {
    const { user } = await createAdmin({ language: 'en' });
    const p = await page();
    await signInWithPassword(p, user);
    await openThirdParty(p);
    const form = p.locator('.settings-thirdParty');
    await form.locator('#issuerUrl').fill(provider.issuer);
    await form.locator('[data-testid="sso-test"]').click();
    await expect.poll(() => form.locator('.sso-test-result').innerText()).toContain(`${provider.issuer}/session/end`);
    await shot(p, 'sso-settings-test-en');
    await form.locator('#clientId').fill(provider.clientId);
    await form.locator('#clientSecret').fill(provider.clientSecret);
    await form.locator('#userMode input[value="link"]').check();
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const)
      await form.locator(`[id="buttonText_${language}"]`).fill(buttonText[language]);
    await form.locator('#enabled').click();
    await form.locator('.sso-redirect-uri').getByText(`${origin()}/api/token/SSOCallback`).waitFor();
    await form.locator('[data-testid="settings-save-thirdParty"]').click();
    await expect.poll(() => form.getAttribute('data-row-version')).toBe('1');
    await shot(p, 'sso-settings-en');
    // The secret is write-only: the form says it is set and never shows it.
    await p.reload();
    await p.locator('.settings-page .ant-tabs-tab[data-node-key="thirdParty"]').click();
    await expect.poll(() => p.locator('.settings-thirdParty #clientSecret').inputValue()).toBe('');
    expect(await p.content()).not.toContain(provider.clientSecret);
    await p.context().close();

    // The sign-in page shows the button once Settings → Toggles says so.
    const settings = await admin.ok<{ toggles: { value: Record<string, unknown>; rowVersion: number } }>(
      'GET',
      '/api/Settings/Get',
    );
    await admin.ok('POST', '/api/Settings/Save', {
      group: 'toggles',
      value: { ...settings.toggles.value, ssoButton: true },
      rowVersion: settings.toggles.rowVersion,
    });
  });

  it('shows the third-party tab in zh-cn and zh-tw', async () => {
    for (const language of ['zh-cn', 'zh-tw'] as const) {
      const { user } = await createAdmin({ language });
      const p = await page();
      await signInWithPassword(p, user);
      await p.goto('/system/settings');
      await p.locator('.settings-page .ant-tabs-tab').getByText(tabLabel[language], { exact: true }).click();
      await p.locator('.settings-thirdParty').waitFor();
      await shot(p, `sso-settings-${language}`);
      await p.context().close();
    }
  });

  it('a user signs in with the SSO button (in their language), lands on the page asked for, and signs out through the provider', async () => {
    const { user } = await createAdmin({ language: 'en' });
    provider.accounts.set(`corp-${suffix}`, { preferred_username: user.loginName, email: 'corp@example.test' });
    const p = await page();

    for (const language of ['zh-cn', 'zh-tw', 'en'] as const) {
      await p.goto('/login');
      if (language !== 'en' || (await p.locator('.sso-button').innerText()) !== buttonText.en) {
        await p
          .locator(
            '.auth-language button, button[aria-label="Language"], button[aria-label="语言"], button[aria-label="語言"]',
          )
          .first()
          .click();
        await p.getByRole('menuitem', { name: languageNames[language] }).click();
      }
      await p.locator('.sso-button').getByText(buttonText[language]).waitFor();
      await shot(p, `sso-login-${language}`);
    }

    // Asked for a page first: the sign-in goes through the provider and comes back to it.
    await p.goto('/system/settings');
    await p.waitForURL('**/login?redirect=*');
    await p.locator('.sso-button').click();
    await p.waitForURL(`${provider.issuer}/**`);
    await p.locator('input[name="login"]').fill(`corp-${suffix}`);
    await p.locator('input[name="password"]').fill('any');
    await p.locator('button[type="submit"]').click();
    // The provider asks for consent once.
    await p.locator('button[type="submit"]').click();
    await p.waitForURL('**/system/settings');
    await p.locator('.app-header').waitFor();
    expect(p.url()).not.toMatch(/sso=|token/);
    const info = await p.evaluate(() => localStorage.getItem('casedesk-ticket:userInfo'));
    expect(info).toContain(user.loginName);

    // Signing out ends the provider's session too, then comes back to the sign-in page.
    await p.locator('.header-user').click();
    await p.getByRole('menuitem', { name: /Sign out|Log out/ }).click();
    await p.waitForURL(`${provider.issuer}/session/end**`);
    await p.locator('button[autofocus], button[type="submit"]').first().click();
    await p.waitForURL(`${origin()}/login**`);
    await p.locator('.sso-button').waitFor();
    await p.context().close();
  });

  it('an SSO sign-in refused here shows why, in the user’s language', async () => {
    const p = await page();
    await p.goto('/login?ssoError=userInactive');
    await p.getByText('Your account here is inactive or locked.').waitFor();
    await p.context().close();
  });
});
