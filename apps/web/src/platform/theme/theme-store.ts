import { useSyncExternalStore } from 'react';
import { isLanguage, type Language } from '../i18n';
import { local } from '../storage';

export type LayoutMode = 'defaults' | 'classic' | 'transverse';
export type Animation = 'slide-right' | 'slide-left' | 'opacity-scale' | 'none';
export type ComponentSize = 'small' | 'default' | 'large';

/** Layout and theme settings of spec section 3, kept in local storage as `themeConfig`. */
export type ThemeConfig = {
  primary: string;
  isDark: boolean;
  layout: LayoutMode;
  menuBar: string;
  topBar: string;
  isCollapse: boolean;
  isUniqueOpened: boolean;
  isFixedHeader: boolean;
  /** Lock the screen after `lockScreenTime` minutes without activity. */
  isLockScreen: boolean;
  lockScreenTime: number;
  isTagsView: boolean;
  isBreadcrumb: boolean;
  isFooter: boolean;
  isGrayscale: boolean;
  isInvert: boolean;
  isWatermark: boolean;
  watermarkText: string;
  animation: Animation;
  globalI18n: Language;
  globalComponentSize: ComponentSize;
  isRequestRoutes: boolean;
};

export const defaultThemeConfig: ThemeConfig = {
  primary: '#409eff',
  isDark: false,
  layout: 'defaults',
  menuBar: '#ffffff',
  topBar: '#ffffff',
  isCollapse: false,
  isUniqueOpened: true,
  isFixedHeader: true,
  isLockScreen: true,
  lockScreenTime: 30,
  isTagsView: true,
  isBreadcrumb: true,
  isFooter: true,
  isGrayscale: false,
  isInvert: false,
  isWatermark: false,
  watermarkText: 'CDK',
  animation: 'slide-right',
  globalI18n: 'en',
  globalComponentSize: 'default',
  isRequestRoutes: true,
};

const hex = /^#[0-9a-f]{6}$/i;

/** Whatever is stored, a complete and valid config comes out (old or hand-edited values fall back to defaults). */
export function normalizeTheme(stored: unknown): ThemeConfig {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Partial<
    Record<keyof ThemeConfig, unknown>
  >;
  const result: ThemeConfig = { ...defaultThemeConfig };
  for (const key of Object.keys(defaultThemeConfig) as (keyof ThemeConfig)[]) {
    const v = value[key];
    if (typeof v === typeof defaultThemeConfig[key]) (result as Record<string, unknown>)[key] = v;
  }
  for (const key of ['primary', 'menuBar', 'topBar'] as const)
    if (!hex.test(result[key])) result[key] = defaultThemeConfig[key];
  if (!['defaults', 'classic', 'transverse'].includes(result.layout)) result.layout = defaultThemeConfig.layout;
  if (!['slide-right', 'slide-left', 'opacity-scale', 'none'].includes(result.animation))
    result.animation = defaultThemeConfig.animation;
  if (!['small', 'default', 'large'].includes(result.globalComponentSize)) result.globalComponentSize = 'default';
  if (!isLanguage(result.globalI18n)) result.globalI18n = 'en';
  result.lockScreenTime = Math.min(24 * 60, Math.max(1, Math.round(result.lockScreenTime)));
  return result;
}

/** Whether a stored config holds a language of the visitor's own choosing. */
const choosesLanguage = (stored: unknown) =>
  typeof stored === 'object' && stored !== null && isLanguage((stored as { globalI18n?: unknown }).globalI18n);

let config = normalizeTheme(local.get('themeConfig'));
let languageChosen = choosesLanguage(local.get('themeConfig'));
const listeners = new Set<() => void>();

export const getThemeConfig = () => config;

/** False until the visitor picks a language (or signs in with one): until then Settings → Basic's default applies. */
export const isLanguageChosen = () => languageChosen;

export function updateThemeConfig(patch: Partial<ThemeConfig>): void {
  config = normalizeTheme({ ...config, ...patch });
  if (patch.globalI18n !== undefined) languageChosen = true;
  // Without a choice the language stays out of storage, so the next visit still follows the default.
  const { globalI18n: _language, ...rest } = config;
  local.set('themeConfig', languageChosen ? config : rest);
  listeners.forEach((listener) => listener());
}

/** The language the server's default gives a visitor who has not chosen one: shown, not remembered. */
export function applyDefaultLanguage(language: Language): void {
  if (languageChosen) return;
  config = { ...config, globalI18n: language };
  listeners.forEach((listener) => listener());
}

export function resetThemeConfig(): void {
  const { globalI18n: _language, ...defaults } = defaultThemeConfig;
  updateThemeConfig(defaults);
}

/** Another tab changed the settings. */
export function reloadThemeConfig(): void {
  const stored = local.get<Partial<ThemeConfig>>('themeConfig');
  languageChosen = choosesLanguage(stored);
  config = normalizeTheme(languageChosen ? stored : { ...stored, globalI18n: config.globalI18n });
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useThemeConfig(): ThemeConfig {
  return useSyncExternalStore(subscribe, getThemeConfig, getThemeConfig);
}

/** Black or white text, whichever reads better on this background. */
export function isDarkColor(color: string): boolean {
  const n = parseInt(color.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 150;
}
