import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

export const languages = ['en', 'zh-cn', 'zh-tw'] as const;
export type Language = (typeof languages)[number];

export const languageNames: Record<Language, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

dayjs.extend(localizedFormat);

type Messages = { [key: string]: string | Messages };

// Every area's texts, one chunk per file, loaded for the current language only.
const localeFiles = import.meta.glob<{ default: Messages }>('../**/locales/*.json');

const antdLocales: Record<Language, () => Promise<{ default: Locale }>> = {
  en: () => import('antd/es/locale/en_US'),
  'zh-cn': () => import('antd/es/locale/zh_CN'),
  'zh-tw': () => import('antd/es/locale/zh_TW'),
};
const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  en: async () => undefined,
  'zh-cn': () => import('dayjs/locale/zh-cn'),
  'zh-tw': () => import('dayjs/locale/zh-tw'),
};

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge({ ...existing }, value) : value;
  }
  return target;
}

/** Memoises a load per key; a failed load is tried again next time. */
function once<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

// The sign-in pages need only the shell's, sign-in's and the password fields' texts (the forced change and the
// reset show them); every screen's come with the signed-in layout. vite.config.ts puts the same files in the
// sign-in text chunk (`firstScreenTextAreas`).
type TextPart = 'first' | 'screens';
// The second step of sign-in (a code, a passkey, the compulsory setup) shows platform/two-factor's texts too.
export const firstScreenTextAreas = ['app', 'features/auth', 'platform/forms', 'platform/two-factor'];
const firstScreenText = new RegExp(`^/src/(${firstScreenTextAreas.join('|')})/locales/`);
// The glob names a file relative to this one (`../app/locales/en.json`, `./forms/locales/en.json`).
const isFirstScreenText = (path: string) => firstScreenText.test(new URL(path, 'file:///src/platform/').pathname);
let partsWanted: TextPart[] = ['first'];

const textFiles = (language: Language, part: TextPart) =>
  Object.entries(localeFiles).filter(
    ([path]) => path.endsWith(`/locales/${language}.json`) && isFirstScreenText(path) === (part === 'first'),
  );

const textsLoaded = new Map<string, Promise<void>>();
function loadTexts(language: Language, part: TextPart): Promise<void> {
  return once(textsLoaded, `${language}:${part}`, async () => {
    const modules = await Promise.all(textFiles(language, part).map(([, load]) => load()));
    const bundle = modules.reduce<Messages>((all, module) => merge(all, module.default), {});
    i18n.addResourceBundle(language, 'translation', bundle, true, true);
  });
}

const antdLoaded = new Map<string, Promise<Locale>>();
const dayjsLoaded = new Map<string, Promise<unknown>>();

/** Loads a language's texts (the parts wanted so far), Ant Design's locale and dayjs's locale (once each). */
export async function loadLanguage(language: Language): Promise<Locale> {
  const [antd] = await Promise.all([
    once(antdLoaded, language, async () => (await antdLocales[language]()).default),
    once(dayjsLoaded, language, dayjsLocales[language]),
    ...partsWanted.map((part) => loadTexts(language, part)),
  ]);
  return antd;
}

/** From now on, every screen's texts too (in the current language and in any language switched to later). */
export function wantScreenTexts(): void {
  if (!partsWanted.includes('screens')) partsWanted = [...partsWanted, 'screens'];
}

/** Every screen's texts in the current language (and in any language switched to later). */
export async function loadScreenTexts(): Promise<void> {
  wantScreenTexts();
  await loadTexts(isLanguage(i18n.language) ? i18n.language : 'en', 'screens');
}

/**
 * Starts downloading a language's files (the texts wanted so far, Ant Design's and dayjs's locale) before i18next
 * is set up, for start-up to use while it still waits for the public settings (main.tsx). Nothing is applied.
 */
export function preloadLanguage(language: Language): void {
  const files = partsWanted.flatMap((part) => textFiles(language, part));
  for (const load of [...files.map(([, load]) => load), antdLocales[language], dayjsLocales[language]])
    load().catch(() => undefined); // a failure is loadLanguage's to report
}

export async function initI18n(language: Language): Promise<Locale> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    // Our codes are lower case (zh-cn); without this i18next would look them up as zh-CN.
    lowerCaseLng: true,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return activateLanguage(language);
}

/** Switches the whole interface: texts, Ant Design, dayjs and the page's lang attribute. */
export async function activateLanguage(language: Language): Promise<Locale> {
  const antdLocale = await loadLanguage(language);
  await i18n.changeLanguage(language);
  dayjs.locale(language === 'en' ? 'en' : language);
  document.documentElement.lang = language === 'en' ? 'en' : language === 'zh-cn' ? 'zh-CN' : 'zh-TW';
  return antdLocale;
}
