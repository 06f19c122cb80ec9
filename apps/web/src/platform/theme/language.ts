import { useSyncExternalStore } from 'react';
import type { Locale } from 'antd/es/locale';
import { activateLanguage, type Language } from '../i18n';
import { getThemeConfig, isLanguageChosen, updateThemeConfig } from './theme-store';

type LanguageState = { language: Language; antdLocale: Locale | undefined };

let state: LanguageState = { language: getThemeConfig().globalI18n, antdLocale: undefined };
const listeners = new Set<() => void>();

export function setLanguageState(next: LanguageState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

/** Switches the interface language at once and remembers it on this browser. */
export async function switchLanguage(language: Language): Promise<void> {
  const antdLocale = await activateLanguage(language);
  if (!isLanguageChosen() || getThemeConfig().globalI18n !== language) updateThemeConfig({ globalI18n: language });
  setLanguageState({ language, antdLocale });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export function useLanguage(): LanguageState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
