import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { initI18n, languages } from '../../platform/i18n';

// The pages a person sees before signing in and right after (sign-in, forgot and reset password, the forced
// change, the no-permission page): only the sign-in texts are loaded there (platform/i18n.ts).
const sources = {
  ...import.meta.glob<string>('../../features/auth/**/*.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../platform/forms/*.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../../platform/two-factor/*.tsx', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../pages/Unauthorized.tsx', { query: '?raw', import: 'default', eager: true }),
};

const keysUsed = () => {
  const keys = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const [, key] of text.matchAll(/\bt\(\s*'([\w.]+)'/g)) keys.add(key!);
    // A catalog text shown by the page (a password rule), translated under server.<name>.
    for (const [, name] of text.matchAll(/translateServerMessage\(messages\.(\w+)\)/g)) keys.add(`server.${name}`);
  }
  return [...keys];
};

describe('the texts of the pages before sign-in', () => {
  it('reads the pages of the password fields', () => {
    expect(Object.keys(sources).some((path) => path.endsWith('PasswordFields.tsx'))).toBe(true);
    expect(keysUsed()).toContain('passwordForm.current');
  });

  it.each(languages)('has every key those pages use in the sign-in texts (%s)', async (language) => {
    await initI18n(language);
    const missing = keysUsed().filter((key) => !i18n.exists(key, { lng: language }));
    expect(missing).toEqual([]);
  });
});
