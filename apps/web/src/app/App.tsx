import { Suspense, useEffect, useState } from 'react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { BrowserRouter } from 'react-router';
import { onFeedbackNeeded } from '../platform/feedback';
import { ProgressBar } from '../platform/progress';
import { AppRoutes } from './router/AppRoutes';
import { lazyPage } from '../platform/lazy-page';
import { RouteGuard } from './router/guard';
import { SessionWatchers } from './session/SessionWatchers';
import { useLanguage } from '../platform/theme/language';
import { useThemeConfig } from '../platform/theme/theme-store';
import { usePrefersReducedMotion } from '../platform/theme/reduced-motion';

const FeedbackHost = lazyPage(() => import('./FeedbackHost'));

/** Mounts the app-wide toasts and alerts the first time something is to be shown. */
function FeedbackMount() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onFeedbackNeeded(() => setWanted(true));
    return () => onFeedbackNeeded(null);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/** Theme effects outside Ant Design's tokens: dark background, grayscale and invert filters. */
function useDocumentTheme() {
  const theme = useThemeConfig();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme.isDark ? 'dark' : 'light';
    const filters = [theme.isGrayscale && 'grayscale(1)', theme.isInvert && 'invert(0.9) hue-rotate(180deg)'].filter(
      Boolean,
    );
    root.style.filter = filters.join(' ');
  }, [theme.isDark, theme.isGrayscale, theme.isInvert]);
}

export function App() {
  const theme = useThemeConfig();
  const { antdLocale } = useLanguage();
  const reducedMotion = usePrefersReducedMotion();
  useDocumentTheme();
  return (
    <ConfigProvider
      locale={antdLocale}
      componentSize={theme.globalComponentSize === 'default' ? 'middle' : theme.globalComponentSize}
      // Every form shows its first refused field on a failed submit (under the fixed header: styles.css).
      form={{ scrollToFirstError: { block: 'nearest', focus: true } }}
      // A two-character Chinese label reads as written ("保存", not antd's spaced "保 存").
      button={{ autoInsertSpace: false }}
      // The click ripple is motion too (a 2-second fade the motion token does not reach).
      wave={{ disabled: reducedMotion }}
      theme={{
        // Components take their styles from antd/dist/antd.css (main.tsx) instead of generating and inserting them
        // while rendering; the theme settings still apply live: tokens reach that CSS as CSS variables.
        zeroRuntime: true,
        algorithm: theme.isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: theme.primary, borderRadius: 6, motion: !reducedMotion },
      }}
    >
      <div className="app-root">
        <FeedbackMount />
        <BrowserRouter>
          <ProgressBar />
          <SessionWatchers />
          <RouteGuard>
            <AppRoutes />
          </RouteGuard>
        </BrowserRouter>
      </div>
    </ConfigProvider>
  );
}
