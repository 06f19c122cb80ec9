import { useEffect } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import i18n from 'i18next';
import { BrowserRouter } from 'react-router';
import { setFeedback } from '../platform/feedback';
import { ProgressBar } from '../platform/progress';
import { AppRoutes } from './router/AppRoutes';
import { RouteGuard } from './router/guard';
import { SessionWatchers } from './session/SessionWatchers';
import { useLanguage } from '../platform/theme/language';
import { useThemeConfig } from '../platform/theme/theme-store';

/** Plugs Ant Design's context-aware toasts and alerts into the http client; one toast at a time. */
function FeedbackBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    const show = (type: 'error' | 'warning' | 'success', text: string) => {
      message.destroy('global');
      void message.open({ key: 'global', type, content: text, duration: 4 });
    };
    setFeedback({
      error: (text) => show('error', text),
      warning: (text) => show('warning', text),
      success: (text) => show('success', text),
      alert: (title, text, onClose) => {
        modal.warning({ title, content: text, okText: i18n.t('common.ok'), afterClose: onClose });
      },
    });
    return () => setFeedback(null);
  }, [message, modal]);
  return null;
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
  useDocumentTheme();
  return (
    <ConfigProvider
      locale={antdLocale}
      componentSize={theme.globalComponentSize === 'default' ? 'middle' : theme.globalComponentSize}
      theme={{
        algorithm: theme.isDark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: theme.primary, borderRadius: 6 },
      }}
    >
      <AntApp className="app-root">
        <FeedbackBridge />
        <BrowserRouter>
          <ProgressBar />
          <SessionWatchers />
          <RouteGuard>
            <AppRoutes />
          </RouteGuard>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
