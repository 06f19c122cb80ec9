import { useEffect, useMemo, useState } from 'react';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { WebMenu } from '@casedesk/shared';
import { isLanguage, type Language } from '../../platform/i18n';
import { useCurrentRoute } from '../router/current-route';
import { isExternalLink, menuTitle } from '../router/menu-routes';
import { useMenuState } from '../../platform/menu-store';
import { isDarkColor, useThemeConfig } from '../../platform/theme/theme-store';
import { MenuIcon } from '../../platform/menu-icons';

type Item = Required<MenuProps>['items'][number];

function itemsOf(menus: WebMenu[], language: Language): Item[] {
  return menus
    .filter((menu) => !menu.meta.isHide)
    .map((menu) => {
      const children = (menu.children ?? []).filter((child) => !child.meta.isHide);
      const base = {
        key: menu.path,
        label: menuTitle(menu, language),
        icon: menu.meta.icon ? <MenuIcon name={menu.meta.icon} /> : undefined,
      };
      return children.length > 0 ? { ...base, children: itemsOf(children, language) } : base;
    });
}

function findMenu(menus: WebMenu[], path: string): WebMenu | undefined {
  for (const menu of menus) {
    if (menu.path === path) return menu;
    const found = findMenu(menu.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

/** The paths of the entries that contain `path`, from the root down; null when it is not in the tree. */
function ancestorsOf(menus: WebMenu[], path: string): string[] | null {
  for (const menu of menus) {
    if (menu.path === path) return [];
    const inner = ancestorsOf(menu.children ?? [], path);
    if (inner) return [menu.path, ...inner];
  }
  return null;
}

/** Opens a link entry in a new window: its external address, or the in-app path (spec section 2). */
function openLink(menu: WebMenu) {
  const url = /^https?:\/\//i.test(menu.meta.isLink)
    ? menu.meta.isLink
    : `${window.location.origin}${menu.meta.isLink || menu.path}`;
  window.open(url, '_blank', 'noopener,noreferrer');
}

const noTrail: WebMenu[] = [];
const noKeys: string[] = [];
const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((key, i) => key === b[i]);

/** The server-driven menu, vertical in the side bar or horizontal in the top bar. */
export function NavMenu({ mode, collapsed = false }: { mode: 'inline' | 'horizontal'; collapsed?: boolean }) {
  const { menus } = useMenuState();
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const theme = useThemeConfig();
  const navigate = useNavigate();
  const current = useCurrentRoute();
  const items = useMemo(() => itemsOf(menus, language), [menus, language]);

  // One empty trail for every address no entry names: a fresh one per render would feed the effect below and the
  // menu's selected keys a new value each time, and each sets state again (React error #185 at an unknown address).
  const trail = current?.route.trail ?? noTrail;
  const selected = useMemo(() => trail.filter((m) => !m.meta.isHide).at(-1)?.path, [trail]);
  const selectedKeys = useMemo(() => (selected ? [selected] : noKeys), [selected]);
  const parents = useMemo(() => trail.slice(0, -1).map((m) => m.path), [trail]);
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  useEffect(() => {
    if (collapsed) return;
    setOpenKeys((keys) => {
      if (theme.isUniqueOpened) return sameKeys(keys, parents) ? keys : parents;
      return parents.every((key) => keys.includes(key)) ? keys : [...new Set([...keys, ...parents])];
    });
  }, [parents, collapsed, theme.isUniqueOpened]);

  const onOpenChange = (keys: string[]) => {
    if (!theme.isUniqueOpened) return setOpenKeys(keys);
    const opened = keys.find((key) => !openKeys.includes(key));
    if (!opened) return setOpenKeys(keys);
    // Unique-open: keep only the newly opened entry and its ancestors.
    setOpenKeys([...(ancestorsOf(menus, opened) ?? []), opened]);
  };

  const background = mode === 'inline' ? theme.menuBar : theme.topBar;
  const dark = theme.isDark || isDarkColor(background);
  const menuTheme = dark ? 'dark' : 'light';
  const bg = theme.isDark ? undefined : background;

  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: bg
            ? dark
              ? { darkItemBg: bg, darkSubMenuItemBg: bg, darkPopupBg: bg }
              : { itemBg: bg, subMenuItemBg: bg, popupBg: bg }
            : {},
        },
      }}
    >
      <Menu
        className={`nav-menu nav-menu--${mode}`}
        mode={mode}
        theme={menuTheme}
        items={items}
        selectedKeys={selectedKeys}
        {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange } : {})}
        inlineCollapsed={mode === 'inline' ? collapsed : undefined}
        onClick={({ key }) => {
          const menu = findMenu(menus, key);
          if (menu && isExternalLink(menu)) openLink(menu);
          else navigate(key);
        }}
      />
    </ConfigProvider>
  );
}
