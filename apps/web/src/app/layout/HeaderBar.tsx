import { lazy, Suspense, useEffect, useState } from 'react';
import {
  CompressOutlined,
  ExpandOutlined,
  HomeOutlined,
  LockOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SkinOutlined,
  TranslationOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Breadcrumb, Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { helpHref } from '../../features/help/help-routes';
import { useSession } from '../../platform/auth-store';
import { greetingName } from '../../platform/user-info';
import { isLanguage, languageNames, languages, type Language } from '../../platform/i18n';
import { lockScreen } from '../lock/lock-store';
import { useCurrentRoute } from '../router/current-route';
import { menuTitle } from '../router/menu-routes';
import { signOut } from '../session/sign-out';
import { changeLanguageEverywhere } from '../../platform/theme/change-language';
import { isDarkColor, updateThemeConfig, useThemeConfig } from '../../platform/theme/theme-store';
import { Logo } from './Logo';
import { NavMenu } from './nav-menu';
import { setThemeDrawerOpen } from './theme-drawer-store';

// The bell and its live stream come after sign-in, in a chunk of their own (the sign-in bundle stays small).
const NotificationBell = lazy(() => import('../../features/notification/components/NotificationBell'));

function Breadcrumbs({ language }: { language: Language }) {
  const current = useCurrentRoute();
  const trail = current?.route.trail ?? [];
  return (
    <Breadcrumb
      className="header-breadcrumb"
      items={[
        {
          title: (
            <Link to="/" aria-label="home">
              <HomeOutlined />
            </Link>
          ),
        },
        ...trail.map((menu) => ({ title: menuTitle(menu, language) })),
      ]}
    />
  );
}

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [full, toggle];
}

/** `onOpenMenu`: on a phone the menu is a drawer, and the menu button opens it instead of folding the sider. */
export function HeaderBar({
  showLogo,
  horizontalMenu,
  onOpenMenu,
}: {
  showLogo: boolean;
  horizontalMenu: boolean;
  onOpenMenu?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const theme = useThemeConfig();
  const { userInfo } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [fullscreen, toggleFullscreen] = useFullscreen();
  const dark = theme.isDark || isDarkColor(theme.topBar);
  const name = greetingName(userInfo);

  return (
    <header
      className={`app-header${dark ? ' app-header--dark' : ''}`}
      style={theme.isDark ? undefined : { background: theme.topBar }}
    >
      {showLogo && <Logo collapsed={false} />}
      {onOpenMenu ? (
        <Button
          type="text"
          className="header-icon header-menu-button"
          aria-label={t('layout.expandMenu')}
          icon={<MenuUnfoldOutlined />}
          onClick={onOpenMenu}
        />
      ) : (
        !horizontalMenu && (
          <Button
            type="text"
            className="header-icon"
            aria-label={t(theme.isCollapse ? 'layout.expandMenu' : 'layout.collapseMenu')}
            icon={theme.isCollapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => updateThemeConfig({ isCollapse: !theme.isCollapse })}
          />
        )
      )}
      {horizontalMenu ? (
        <div className="header-menu">
          <NavMenu mode="horizontal" />
        </div>
      ) : (
        <div className="header-left">{theme.isBreadcrumb && <Breadcrumbs language={language} />}</div>
      )}
      <div className="header-right">
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <Tooltip title={t('layout.help')}>
          <Button
            type="text"
            className="header-icon"
            aria-label={t('layout.help')}
            icon={<QuestionCircleOutlined />}
            onClick={() => navigate(helpHref(pathname))}
          />
        </Tooltip>
        <Tooltip title={t(fullscreen ? 'layout.exitFullscreen' : 'layout.fullscreen')}>
          <Button
            type="text"
            className="header-icon header-fullscreen"
            aria-label={t(fullscreen ? 'layout.exitFullscreen' : 'layout.fullscreen')}
            icon={fullscreen ? <CompressOutlined /> : <ExpandOutlined />}
            onClick={toggleFullscreen}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [language],
            items: languages.map((code) => ({ key: code, label: languageNames[code] })),
            onClick: ({ key }) => {
              if (isLanguage(key)) void changeLanguageEverywhere(key);
            },
          }}
        >
          <Button
            type="text"
            className="header-icon"
            aria-label={t('layout.language')}
            icon={<TranslationOutlined />}
          />
        </Dropdown>
        <Tooltip title={t('layout.themeSettings')}>
          <Button
            type="text"
            className="header-icon"
            aria-label={t('layout.themeSettings')}
            icon={<SkinOutlined />}
            onClick={() => setThemeDrawerOpen(true)}
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'personal', icon: <UserOutlined />, label: t('layout.myAccount') },
              { key: 'lock', icon: <LockOutlined />, label: t('layout.lockScreen') },
              { type: 'divider' },
              { key: 'signOut', icon: <LogoutOutlined />, label: t('layout.signOut'), danger: true },
            ],
            onClick: ({ key }) => {
              if (key === 'personal') navigate('/personal');
              else if (key === 'lock') lockScreen();
              else if (key === 'signOut') {
                signOut();
                navigate('/login', { replace: true });
              }
            },
          }}
        >
          <button type="button" className="header-user" aria-label={t('layout.userMenu')}>
            <Avatar size="small" src={userInfo?.photo || undefined} icon={<UserOutlined />} />
            <span className="header-user-name">{name}</span>
          </button>
        </Dropdown>
      </div>
    </header>
  );
}
