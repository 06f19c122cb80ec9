import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages } from './i18n';

/*
 * For jsdom tests that render screens: i18next started on every locale file of the app, merged per language, so a
 * test reads the words a reader reads (and a missing text shows as its raw key).
 */
type Texts = { [key: string]: string | Texts };
const localeFiles = import.meta.glob<{ default: Texts }>('../**/locales/*.json', { eager: true });

const merge = (target: Texts, source: Texts): Texts => {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
};

/** Every text of a language, merged from all locale files. */
export const allTextsOf = (language: string) =>
  Object.entries(localeFiles)
    .filter(([path]) => path.endsWith(`/locales/${language}.json`))
    .reduce<Texts>((all, [, file]) => merge(all, file.default), {});

/** Starts i18next in `language` with all texts of every language. */
export async function startWithAllTexts(language = 'en'): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: language,
    lowerCaseLng: true,
    fallbackLng: false,
    resources: Object.fromEntries(languages.map((l) => [l, { translation: allTextsOf(l) }])),
    interpolation: { escapeValue: false },
  });
}
