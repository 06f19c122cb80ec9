// First: configures zod before any module creates a schema.
import './platform/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setLanguageState } from './platform/theme/language';
import { applyDefaultLanguage, getThemeConfig, isLanguageChosen } from './platform/theme/theme-store';
import { initI18n } from './platform/i18n';
import { loadPublicSettings } from './platform/public-settings';
import './app/styles.css';

async function start() {
  const publicSettings = loadPublicSettings();
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
