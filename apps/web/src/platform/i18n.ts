import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { shellTextAreas, signInTextAreas, textAreaOf } from './text-areas';

export const languages = ['en', 'zh-cn', 'zh-tw'] as const;
export type Language = (typeof languages)[number];

export const languageNames: Record<Language, string> = { en: 'English', 'zh-cn': '简体中文', 'zh-tw': '繁體中文' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

dayjs.extend(localizedFormat);

type Messages = { [key: string]: string | Messages };

type TextFile = () => Promise<unknown>;
/** Each area's file per language (`features/ticket:en`), as the globs that list them register them. */
const textFiles = new Map<string, TextFile>();

/** Lists locale files by their path under src (`/src/features/ticket/locales/en.json`, an absolute glob's keys). */
export function registerTextFiles(files: Record<string, TextFile>): void {
  for (const [path, load] of Object.entries(files)) {
    const file = textAreaOf(path);
    if (file) textFiles.set(`${file.area}:${file.language}`, load);
  }
}

/** The areas whose files are listed so far (a test holds the shell's to this module's glob). */
export const registeredTextAreas = () => new Set([...textFiles.keys()].map((key) => key.split(':')[0]!));

// The sign-in pages' and the signed-in shell's texts (platform/text-areas.ts: the same areas); the screens' files are
// listed by the routes' map (app/router/views.ts), so the sign-in page's script does not name a hundred files.
registerTextFiles(
  import.meta.glob([
    '/src/app/locales/*.json',
    '/src/features/{auth,notification}/locales/*.json',
    '/src/platform/locales/*.json',
    '/src/platform/{forms,two-factor,crud,labels,keyboard}/locales/*.json',
  ]),
);

const textFileOf = (area: string, language: Language) => {
  const load = textFiles.get(`${area}:${language}`);
  if (!load) throw new Error(`No texts of ${area} in ${language}`);
  return load;
};

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

/**
 * The areas wanted so far: the sign-in pages', then the shell's (the signed-in layout) and each screen's as its route
 * loads (app/router/views.ts). A language switch loads all of them in the new language before it shows it, so the
 * screens kept open in tabs read the new words at once.
 */
const areasWanted = new Set<string>(signInTextAreas);
/** The language i18next shows, and the one being switched to (both get the texts a route asks for meanwhile). */
let shown: Language | undefined;
let coming: Language | undefined;
/** Before i18next starts: the language start-up expects (main.tsx), whose files download meanwhile. */
let expected: Language | undefined;

const textsLoaded = new Map<string, Promise<void>>();
function loadArea(language: Language, area: string): Promise<void> {
  return once(textsLoaded, `${language}:${area}`, async () => {
    const { default: texts } = (await textFileOf(area, language)()) as { default: Messages };
    // Each area owns its top-level keys (locales.test.ts): adding one never replaces another's.
    i18n.addResourceBundle(language, 'translation', texts, true, true);
  });
}

/**
 * Loads areas' texts in the language shown (and the one being switched to); from then on they come with every
 * language switched to. Before i18next starts it only starts their download: start-up loads every area wanted.
 */
export async function loadTextAreas(areas: readonly string[]): Promise<void> {
  for (const area of areas) areasWanted.add(area);
  const targets = [...new Set([shown, coming])].filter((language) => language !== undefined);
  if (targets.length === 0) {
    if (expected) for (const area of areas) textFileOf(area, expected)().catch(() => undefined);
    return;
  }
  await Promise.all(targets.flatMap((language) => areas.map((area) => loadArea(language, area))));
}

/** The texts every signed-in screen shows (the layout's, the bell's, refusals, fixed values): with the layout. */
export const loadShellTexts = () => loadTextAreas(shellTextAreas);

const antdLoaded = new Map<string, Promise<Locale>>();
const dayjsLoaded = new Map<string, Promise<unknown>>();

/** Loads a language's texts (every area wanted so far), Ant Design's locale and dayjs's locale (once each). */
export async function loadLanguage(language: Language): Promise<Locale> {
  const [antd] = await Promise.all([
    once(antdLoaded, language, async () => (await antdLocales[language]()).default),
    once(dayjsLoaded, language, dayjsLocales[language]),
    ...[...areasWanted].map((area) => loadArea(language, area)),
  ]);
  return antd;
}

/**
 * Starts downloading a language's files (the texts wanted so far, Ant Design's and dayjs's locale) before i18next
 * is set up, for start-up to use while it still waits for the public settings (main.tsx). Nothing is applied.
 */
export function preloadLanguage(language: Language): void {
  expected = language;
  const files = [...areasWanted].map((area) => textFileOf(area, language));
  for (const load of [...files, antdLocales[language], dayjsLocales[language]]) load().catch(() => undefined); // a failure is loadLanguage's to report
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
  coming = language;
  try {
    const antdLocale = await loadLanguage(language);
    await i18n.changeLanguage(language);
    shown = language;
    dayjs.locale(language === 'en' ? 'en' : language);
    document.documentElement.lang = language === 'en' ? 'en' : language === 'zh-cn' ? 'zh-CN' : 'zh-TW';
    return antdLocale;
  } finally {
    if (coming === language) coming = undefined;
  }
}
