import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { allTextsOf } from './all-texts.fixture';
import { activateLanguage, initI18n, loadTextAreas, registerTextFiles } from './i18n';

// Two screens' areas, as the routes' map (app/router/views.ts) lists every screen's.
registerTextFiles(import.meta.glob('/src/features/{ticket,dashboard}/locales/*.json'));

type Texts = { [key: string]: string | Texts };
const text = (language: string, key: string) =>
  key
    .split('.')
    .reduce<string | Texts | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      allTextsOf(language),
    );

describe('texts loaded by area', () => {
  it('gives a screen’s area in the language shown, and every area wanted so far in the language switched to', async () => {
    await initI18n('en');
    // Start-up loads the sign-in pages' texts only; a screen's come with its route.
    expect(i18n.exists('login.title')).toBe(true);
    expect(i18n.exists('ticket.status.New')).toBe(false);

    await loadTextAreas(['features/ticket']);
    expect(i18n.t('ticket.status.New')).toBe(text('en', 'ticket.status.New'));
    expect(i18n.exists('ticket.status.New', { lng: 'zh-cn' })).toBe(false);

    // A switch loads the open screens' texts in the new language before it shows it.
    await activateLanguage('zh-cn');
    expect(i18n.t('ticket.status.New')).toBe(text('zh-cn', 'ticket.status.New'));
    expect(i18n.t('ticket.status.New')).not.toBe(text('en', 'ticket.status.New'));
    expect(i18n.exists('dashboard.refresh')).toBe(false);
  });

  it('gives an area asked for during a switch in the language shown and in the one coming', async () => {
    const switching = activateLanguage('zh-tw');
    const loading = loadTextAreas(['features/dashboard']);
    await Promise.all([switching, loading]);
    expect(i18n.t('dashboard.refresh')).toBe(text('zh-tw', 'dashboard.refresh'));
    expect(i18n.t('dashboard.refresh', { lng: 'zh-cn' })).toBe(text('zh-cn', 'dashboard.refresh'));
    expect(i18n.exists('dashboard.refresh', { lng: 'en' })).toBe(false);
  });
});
