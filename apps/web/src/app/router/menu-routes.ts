import type { WebMenu } from '@casedesk/shared';
import type { Language } from '../../platform/i18n';
import { resolveView, type ViewLoader } from './views';

export type AppRoute = {
  path: string;
  name: string;
  menu: WebMenu;
  /** Menu entries from the root down to this one. */
  trail: WebMenu[];
  kind: 'view' | 'coming-soon' | 'iframe' | 'redirect';
  load?: ViewLoader;
  redirect?: string;
};

/** A menu entry's title in this language; without one, its name or path (spec section 2). */
export function menuTitle(menu: Pick<WebMenu, 'name' | 'path' | 'meta'>, language: Language): string {
  const title = menu.meta.titles?.[language]?.trim() || menu.meta.title?.trim();
  return title || menu.name || menu.path;
}

export const isExternalLink = (menu: WebMenu) => Boolean(menu.meta.isLink) && !menu.meta.isIframe;

/** Every route the menu tree defines, groups included (they redirect to their first child). */
export function flattenMenus(menus: WebMenu[], trail: WebMenu[] = []): AppRoute[] {
  return menus.flatMap((menu) => {
    const here = [...trail, menu];
    const children = menu.children ?? [];
    const own: AppRoute[] = [];
    if (children.length > 0) {
      const redirect = menu.redirect ?? children[0]?.path;
      if (redirect && redirect !== menu.path)
        own.push({ path: menu.path, name: menu.name, menu, trail: here, kind: 'redirect', redirect });
    } else if (menu.meta.isIframe && menu.meta.isLink) {
      own.push({ path: menu.path, name: menu.name, menu, trail: here, kind: 'iframe' });
    } else if (!isExternalLink(menu)) {
      const load = resolveView(menu.component);
      own.push({ path: menu.path, name: menu.name, menu, trail: here, kind: load ? 'view' : 'coming-soon', load });
    }
    return [...own, ...flattenMenus(children, here)];
  });
}

/** Where `/` leads: the landing page when this user has it, else their first screen. */
export function homePathOf(routes: AppRoute[], preferred: string): string {
  const screens = routes.filter((r) => r.kind !== 'redirect' && !r.path.includes(':'));
  return screens.find((r) => r.path === preferred)?.path ?? screens.find((r) => !r.menu.meta.isHide)?.path ?? preferred;
}
