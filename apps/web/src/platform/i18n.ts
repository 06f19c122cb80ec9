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

const loaded = new Map<Language, Promise<Locale>>();

/** Loads a language's texts, Ant Design's locale and dayjs's locale (once each). */
export function loadLanguage(language: Language): Promise<Locale> {
  let pending = loaded.get(language);
  if (!pending) {
    pending = (async () => {
      const files = Object.entries(localeFiles).filter(([path]) => path.endsWith(`/locales/${language}.json`));
      const [modules, antd] = await Promise.all([
        Promise.all(files.map(([, load]) => load())),
        antdLocales[language](),
        dayjsLocales[language](),
      ]);
      const bundle = modules.reduce<Messages>((all, module) => merge(all, module.default), {});
      i18n.addResourceBundle(language, 'translation', bundle, true, true);
      return antd.default;
    })();
    pending.catch(() => loaded.delete(language));
    loaded.set(language, pending);
  }
  return pending;
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
