import { type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../platform/config';
import { isLanguage, loadShellTexts } from '../../platform/i18n';
import { lazyPage } from '../../platform/lazy-page';
import { menusWantedAt } from '../../platform/menu-store';
import { prefetchQueryClient } from '../../platform/query-client';
import { findRoute, useAppRoutes } from './current-route';
import { homePathOf, menuTitle, type AppRoute } from './menu-routes';
import { unknownAddressKind } from './unknown-address';
import { prefetchOf, resolveView, type ViewLoader } from './views';

const StatusPage = lazyPage(() => import('../pages/StatusPage'));
const ComingSoon = lazyPage(() => import('../pages/ComingSoon'));
const IframePage = lazyPage(() => import('../pages/IframePage'));
const loadLayoutCode = () => import('../layout/Layout');
// The signed-in layout comes with the shell's texts (platform/text-areas.ts); each screen's come with its code (views.ts).
const Layout = lazyPage(async () => (await Promise.all([loadLayoutCode(), loadShellTexts()]))[0]);

/**
 * Starts fetching a screen's code (and the chunks it imports) and its first query now; rendering it later finds
 * both loaded or in flight.
 */
const preloaded = new Set<ViewLoader>();
function preloadView(load: ViewLoader | undefined) {
  if (!load || preloaded.has(load)) return;
  preloaded.add(load);
  // The data first: the code is many files, and the browser has few connections per server.
  const client = prefetchQueryClient();
  if (client) prefetchOf(load)?.(client);
  // A failure is the lazy page's to handle when it renders (it reloads once).
  load().catch(() => preloaded.delete(load));
}

// A returning user's browser fetches this chunk while the menu loads (AppRoutes): start the layout's code and the
// addressed screen's with it, rather than one after the other once the menu has answered. The screen is guessed
// from the address (`/ticket/list` -> `ticket/list`), the way the menu names screens; a wrong guess costs a download.
if (menusWantedAt(window.location.pathname)) {
  preloadView(resolveView(window.location.pathname));
  void loadLayoutCode().catch(() => undefined);
}

const views = new Map<ViewLoader, LazyExoticComponent<ComponentType>>();
function viewOf(load: ViewLoader) {
  let view = views.get(load);
  if (!view) {
    view = lazyPage(load);
    views.set(load, view);
  }
  return view;
}

/** My Account is reachable from the user menu even if the server's menu leaves it out. */
const personalView = resolveView('personal/index');

function RouteScreen({ route }: { route: AppRoute }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  switch (route.kind) {
    case 'view': {
      const View = viewOf(route.load!);
      return <View />;
    }
    case 'coming-soon':
      return <ComingSoon title={menuTitle(route.menu, language)} />;
    case 'iframe':
      return <IframePage src={route.menu.meta.isLink} title={menuTitle(route.menu, language)} />;
    case 'redirect':
      return <Navigate to={route.redirect ?? '/'} replace />;
  }
}

/** An address no route takes: a screen the user's role is not offered says so; anything else is a wrong address. */
function UnknownAddress({ routes }: { routes: AppRoute[] }) {
  const { pathname } = useLocation();
  return <StatusPage kind={unknownAddressKind(routes, pathname) === 'forbidden' ? 'forbidden' : 'notFound'} />;
}

/**
 * The screens behind sign-in, from the server's menu. A chunk of its own: the map of every screen (views.ts)
 * lives here, so the sign-in page does not download the names of hundreds of screens it never shows.
 */
export default function SignedInRoutes() {
  const routes = useAppRoutes();
  const { pathname } = useLocation();
  const home = homePathOf(routes, appConfig.homePath);
  // The screen the menu names for this address, fetched alongside the layout (both are lazy; nested, they would wait in turn).
  preloadView(findRoute(routes, pathname === '/' ? home : pathname)?.route.load);
  const PersonalView = personalView && !routes.some((r) => r.path === '/personal') ? viewOf(personalView) : null;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to={home} replace />} />
        {routes.map((route, index) => (
          <Route key={`${index}:${route.path}`} path={route.path} element={<RouteScreen route={route} />} />
        ))}
        {PersonalView && <Route path="/personal" element={<PersonalView />} />}
        <Route path="*" element={<UnknownAddress routes={routes} />} />
      </Route>
    </Routes>
  );
}
