// First: configures zod before any module creates a schema.
import './platform/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setLanguageState } from './platform/theme/language';
import { applyDefaultLanguage, getThemeConfig, isLanguageChosen } from './platform/theme/theme-store';
import { initI18n, loadShellTexts, preloadLanguage } from './platform/i18n';
import { menusWantedAt } from './platform/menu-store';
import { loadPublicSettings } from './platform/public-settings';
// Ant Design's component styles as one static, cacheable file (App.tsx turns its runtime styles off): first, so
// the app's own styles that follow override them at equal specificity.
import 'antd/dist/antd.css';
import './app/styles.css';

async function start() {
  const publicSettings = loadPublicSettings();
  // A signed-in user opening a screen needs the shell's texts: fetch them with the first ones, not after (the
  // screen's own come with its code, which SignedInRoutes starts as soon as it loads).
  if (menusWantedAt(window.location.pathname)) void loadShellTexts();
  // The language is most likely the one this browser has (or the default): its files download meanwhile.
  preloadLanguage(getThemeConfig().globalI18n);
  // A visitor who never chose a language gets Settings → Basic's default, so wait for it (briefly).
  if (!isLanguageChosen()) applyDefaultLanguage((await publicSettings).defaultLanguage);
  const language = getThemeConfig().globalI18n;
  const antdLocale = await initI18n(language).catch((error: unknown) => {
    console.error('Texts could not be loaded', error);
    return undefined;
  });
  setLanguageState({ language, antdLocale });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
