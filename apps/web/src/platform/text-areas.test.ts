import { describe, expect, it } from 'vitest';
import { registeredTextAreas } from './i18n';
import { shellTextAreas, textAreaOf, textChunkOf } from './text-areas';

describe('text areas', () => {
  it('are listed by i18n.ts exactly for the shell (the screens’ are listed by the routes’ map)', () => {
    expect([...registeredTextAreas()].sort()).toEqual([...shellTextAreas].sort());
  });

  it('are named by their folder under src, and go to the sign-in, shell or their own chunk', () => {
    expect(textAreaOf('/src/features/ticket/locales/zh-cn.json')).toEqual({
      area: 'features/ticket',
      language: 'zh-cn',
    });
    expect(textAreaOf('C:\\app\\src\\platform\\locales\\en.json')).toEqual({ area: 'platform', language: 'en' });
    expect(textAreaOf('/repo/node_modules/x/src/locales/en.json')).toBeUndefined();
    expect(textChunkOf('features/auth', 'en')).toBe('texts-sign-in-en');
    expect(textChunkOf('platform/crud', 'zh-tw')).toBe('texts-shell-zh-tw');
    expect(textChunkOf('features/system/settings', 'en')).toBe('texts-system-settings-en');
    expect(textChunkOf('platform/cron', 'en')).toBe('texts-platform-cron-en');
  });
});
