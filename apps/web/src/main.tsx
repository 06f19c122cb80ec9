import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setLanguageState } from './app/theme/language';
import { getThemeConfig } from './app/theme/theme-store';
import { initI18n } from './platform/i18n';
import './app/styles.css';

async function start() {
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
