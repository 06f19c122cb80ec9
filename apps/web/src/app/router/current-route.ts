import { useMemo } from 'react';
import type { WebMenu } from '@casedesk/shared';
import { matchPath, useLocation } from 'react-router';
import { flattenMenus, type AppRoute } from './menu-routes';
import { useMenuState } from '../../platform/menu-store';

// One list of routes per menu, shared by every component that asks (the layout, the menu, the tabs, the title...).
const routesOfMenus = new WeakMap<WebMenu[], AppRoute[]>();

export function useAppRoutes(): AppRoute[] {
  const { menus } = useMenuState();
  let routes = routesOfMenus.get(menus);
  if (!routes) {
    routes = flattenMenus(menus);
    routesOfMenus.set(menus, routes);
  }
  return routes;
}

export type RouteMatch = { route: AppRoute; params: Record<string, string | undefined> };

export function findRoute(routes: AppRoute[], pathname: string): RouteMatch | undefined {
  for (const route of routes) {
    const match = matchPath({ path: route.path, end: true, caseSensitive: false }, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

export function useCurrentRoute(): RouteMatch | undefined {
  const routes = useAppRoutes();
  const { pathname } = useLocation();
  return useMemo(() => findRoute(routes, pathname), [routes, pathname]);
}
