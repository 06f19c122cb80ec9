import { type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../platform/config';
import { isLanguage, loadScreenTexts } from '../../platform/i18n';
import { lazyPage } from '../../platform/lazy-page';
import { useAppRoutes } from './current-route';
import { homePathOf, menuTitle, type AppRoute } from './menu-routes';
import { resolveView, type ViewLoader } from './views';

const NotFound = lazyPage(() => import('../pages/NotFound'));
const ComingSoon = lazyPage(() => import('../pages/ComingSoon'));
const IframePage = lazyPage(() => import('../pages/IframePage'));
// The signed-in layout comes with every screen's texts (the sign-in pages load only their own).
const Layout = lazyPage(async () => (await Promise.all([import('../layout/Layout'), loadScreenTexts()]))[0]);

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

/**
 * The screens behind sign-in, from the server's menu. A chunk of its own: the map of every screen (views.ts)
 * lives here, so the sign-in page does not download the names of hundreds of screens it never shows.
 */
export default function SignedInRoutes() {
  const routes = useAppRoutes();
  const home = homePathOf(routes, appConfig.homePath);
  const PersonalView = personalView && !routes.some((r) => r.path === '/personal') ? viewOf(personalView) : null;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Navigate to={home} replace />} />
        {routes.map((route, index) => (
          <Route key={`${index}:${route.path}`} path={route.path} element={<RouteScreen route={route} />} />
        ))}
        {PersonalView && <Route path="/personal" element={<PersonalView />} />}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
