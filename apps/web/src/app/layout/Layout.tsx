import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HotkeysProvider } from 'react-hotkeys-hook';
import { App as AntApp, Drawer, Grid, Layout as AntLayout, Watermark } from 'antd';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../platform/config';
import { layoutMountedWith, layoutQueryClient } from '../../platform/query-client';
import { isLanguage } from '../../platform/i18n';
import { usePublicSettings } from '../../platform/public-settings';
import { useLocked } from '../lock/lock-store';
import { usePageTitle } from '../../platform/page-title';
import { findRoute, useAppRoutes } from '../router/current-route';
import { useThemeConfig } from '../../platform/theme/theme-store';
import { HeaderBar } from './HeaderBar';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { Logo } from './Logo';
import { NavMenu } from './nav-menu';
import { tagTitle } from './tag-title';
import { TagsView, useTagsSync } from './TagsView';
import { useThemeDrawerOpen } from './theme-drawer-store';
import { useLocation } from 'react-router';
import { isDarkColor } from '../../platform/theme/theme-store';
import { ShortcutHelp } from '../../platform/keyboard/ShortcutHelp';

// Loaded when first wanted, not with every screen: the theme drawer's pickers and sliders, the lock screen.
const ThemeDrawer = lazy(() => import('./ThemeDrawer').then((m) => ({ default: m.ThemeDrawer })));
const LockScreen = lazy(() => import('../lock/LockScreen').then((m) => ({ default: m.LockScreen })));

/** The theme drawer, mounted the first time it opens (and kept, so that it closes with its motion). */
function ThemeDrawerOnceOpened() {
  const open = useThemeDrawerOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ThemeDrawer />
    </Suspense>
  ) : null;
}

/** While its code loads, the lock screen's cover already hides the app (a reload keeps the screen locked). */
function LockScreenWhenLocked() {
  return useLocked() ? (
    <Suspense fallback={<div className="lock-screen" />}>
      <LockScreen />
    </Suspense>
  ) : null;
}

function usePageTitleFromRoute() {
  const { t, i18n } = useTranslation();
  const routes = useAppRoutes();
  const location = useLocation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const match = findRoute(routes, location.pathname);
  const title = match
    ? tagTitle(
        {
          key: location.pathname + location.search,
          pathname: location.pathname,
          routePath: match.route.path,
          params: match.params,
          affix: false,
        },
        match.route,
        language,
        t,
      )
    : location.pathname === '/personal'
      ? t('layout.myAccount')
      : undefined;
  usePageTitle(title);
}

function Main() {
  const theme = useThemeConfig();
  const { productTitle } = usePublicSettings();
  return (
    <>
      {theme.isTagsView && <TagsView />}
      <main className="app-content">
        <KeepAliveOutlet />
      </main>
      {theme.isFooter && (
        <footer className="app-footer">
          {productTitle} {appConfig.version} © {new Date().getFullYear()}
        </footer>
      )}
    </>
  );
}

function Sider() {
  const theme = useThemeConfig();
  const dark = theme.isDark || isDarkColor(theme.menuBar);
  return (
    <AntLayout.Sider
      className={`app-sider${dark ? ' app-sider--dark' : ''}`}
      width={220}
      collapsedWidth={64}
      collapsed={theme.isCollapse}
      trigger={null}
      style={theme.isDark ? undefined : { background: theme.menuBar }}
    >
      {theme.layout === 'defaults' && <Logo collapsed={theme.isCollapse} />}
      <div className="app-sider-menu">
        <NavMenu mode="inline" collapsed={theme.isCollapse} />
      </div>
    </AntLayout.Sider>
  );
}

/** Below 768 px the menu is a drawer the header's button opens; it closes when a page is chosen. */
function PhoneMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useThemeConfig();
  const { pathname } = useLocation();
  useEffect(onClose, [pathname, onClose]);
  const dark = theme.isDark || isDarkColor(theme.menuBar);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={260}
      closable={false}
      className={`phone-menu app-sider${dark ? ' app-sider--dark' : ''}`}
      styles={{ body: { padding: 0, background: theme.isDark ? undefined : theme.menuBar } }}
    >
      <Logo collapsed={false} />
      <div className="app-sider-menu">
        <NavMenu mode="inline" />
      </div>
    </Drawer>
  );
}

/** The main layout: menu, header, tabs, page and footer, in one of three arrangements (one on a phone). */
export default function Layout() {
  const [queryClient] = useState(layoutQueryClient);
  useEffect(() => layoutMountedWith(queryClient), [queryClient]);
  const theme = useThemeConfig();
  useTagsSync();
  usePageTitleFromRoute();
  // md is 768 px and up; `false` only once measured, so a desktop never shows the drawer first.
  const phone = Grid.useBreakpoint().md === false;
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  const fixed = theme.isFixedHeader ? ' app-main--fixed' : '';
  const body = phone ? (
    <div className="app-shell app-shell--phone">
      <div className={`app-main${fixed}`}>
        <HeaderBar showLogo={false} horizontalMenu={false} onOpenMenu={() => setMenuOpen(true)} />
        <Main />
      </div>
      <PhoneMenu open={menuOpen} onClose={closeMenu} />
    </div>
  ) : theme.layout === 'classic' ? (
    <div className="app-shell app-shell--classic">
      <HeaderBar showLogo horizontalMenu={false} />
      <div className="app-row">
        <Sider />
        <div className={`app-main${fixed}`}>
          <Main />
        </div>
      </div>
    </div>
  ) : theme.layout === 'transverse' ? (
    <div className={`app-shell app-shell--transverse app-main${fixed}`}>
      <HeaderBar showLogo horizontalMenu />
      <Main />
    </div>
  ) : (
    <div className="app-shell app-row">
      <Sider />
      <div className={`app-main${fixed}`}>
        <HeaderBar showLogo={false} horizontalMenu={false} />
        <Main />
      </div>
    </div>
  );

  // Ant Design's App gives the pages their context-aware message, notification and modal (App.useApp).
  return (
    <QueryClientProvider client={queryClient}>
      <HotkeysProvider>
        <AntApp component={false}>
          {theme.isWatermark ? (
            <Watermark
              content={theme.watermarkText || appConfig.productAcronym}
              font={{ color: theme.isDark ? 'rgba(255,255,255,0.08)' : 'rgba(0,0,0,0.08)' }}
            >
              {body}
            </Watermark>
          ) : (
            body
          )}
          <ThemeDrawerOnceOpened />
          <LockScreenWhenLocked />
          <ShortcutHelp />
        </AntApp>
      </HotkeysProvider>
    </QueryClientProvider>
  );
}
