import { beforeEach, describe, expect, it, vi } from 'vitest';

const key = 'casedesk-ticket:themeConfig';
const stored = () => JSON.parse(window.localStorage.getItem(key) ?? 'null') as Record<string, unknown> | null;

/** A fresh copy of the store, reading local storage as it is now (as on a page load). */
async function load() {
  vi.resetModules();
  return import('./theme-store');
}

describe('the language of a visitor who has not chosen one', () => {
  beforeEach(() => window.localStorage.clear());

  it('follows the server default, shown but not remembered, even when other theme settings are saved', async () => {
    const store = await load();
    expect(store.isLanguageChosen()).toBe(false);
    store.applyDefaultLanguage('zh-tw');
    expect(store.getThemeConfig().globalI18n).toBe('zh-tw');
    store.updateThemeConfig({ isDark: true });
    expect(stored()).toMatchObject({ isDark: true });
    expect(stored()).not.toHaveProperty('globalI18n');
    expect(store.getThemeConfig().globalI18n).toBe('zh-tw');
    const next = await load();
    expect(next.isLanguageChosen()).toBe(false);
    expect(next.getThemeConfig().isDark).toBe(true);
  });

  it('gives way to a choice, which is remembered and outlives a later default', async () => {
    const store = await load();
    store.applyDefaultLanguage('zh-tw');
    store.updateThemeConfig({ globalI18n: 'zh-cn' });
    expect(store.isLanguageChosen()).toBe(true);
    expect(stored()).toMatchObject({ globalI18n: 'zh-cn' });
    const next = await load();
    expect(next.isLanguageChosen()).toBe(true);
    next.applyDefaultLanguage('en');
    expect(next.getThemeConfig().globalI18n).toBe('zh-cn');
  });

  it('keeps a choice through a reset of the theme settings', async () => {
    const store = await load();
    store.updateThemeConfig({ globalI18n: 'zh-tw', isDark: true });
    store.resetThemeConfig();
    expect(store.getThemeConfig()).toMatchObject({ globalI18n: 'zh-tw', isDark: false });
    expect(stored()).toMatchObject({ globalI18n: 'zh-tw' });
  });
});
