import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router';
import { clearSession, getToken, useSession } from '../../platform/auth-store';
import { http } from '../../platform/http/client';
import { local } from '../../platform/storage';
import { consumeIntentionalSignOut } from '../session/sign-out';
import { loadMenus, useMenuState } from '../../platform/menu-store';

/** Pages anyone may open, signed in or not. */
const openPaths = ['/reset-password'];

/** `/login?redirect={path}&params={query as JSON}` (guard rule 2). */
export function loginPath(location: Pick<Location, 'pathname' | 'search'>): string {
  if (location.pathname === '/' || location.pathname === '/login') return '/login';
  const query = new URLSearchParams({ redirect: location.pathname });
  const params = Object.fromEntries(new URLSearchParams(location.search));
  if (Object.keys(params).length > 0) query.set('params', JSON.stringify(params));
  return `/login?${query.toString()}`;
}

/** Where to go after sign-in: the `redirect` path with its `params`, never another site. */
export function redirectTarget(search: string): string {
  const query = new URLSearchParams(search);
  const redirect = query.get('redirect') ?? '';
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\') || redirect === '/login')
    return '/';
  let params: Record<string, string> = {};
  try {
    const parsed: unknown = JSON.parse(query.get('params') ?? '{}');
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      params = Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch {
    params = {};
  }
  const search2 = new URLSearchParams(params).toString();
  return search2 ? `${redirect}?${search2}` : redirect;
}

/** Rule 1's way out: going to `/` while a password change is pending drops the session. */
function DropPendingSession() {
  useEffect(() => {
    const token = getToken();
    if (token) void http.post('/api/token/Logout', {}, { token, quiet: true }).catch(() => undefined);
    local.remove('needToChangePwd');
    clearSession();
  }, []);
  return null;
}

/** The route guard of spec section 2, rules 1-4 (rule 5 lives in lazyPage). */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { token, needToChangePwd } = useSession();
  const menus = useMenuState();
  const path = location.pathname;
  const wantsMenus = Boolean(token) && !needToChangePwd && !openPaths.includes(path);

  useEffect(() => {
    if (wantsMenus && menus.status === 'idle') void loadMenus();
  }, [wantsMenus, menus.status]);

  if (openPaths.includes(path)) return children;
  if (token && needToChangePwd) {
    if (path === '/') return <DropPendingSession />;
    return path === '/change' ? children : <Navigate to="/change" replace />;
  }
  if (!token) {
    if (path === '/login') return children;
    return <Navigate to={consumeIntentionalSignOut() ? '/login' : loginPath(location)} replace />;
  }
  if (path === '/login') return <Navigate to={redirectTarget(location.search)} replace />;
  if (path === '/change') return <Navigate to="/" replace />;
  return menus.status === 'ready' ? children : null;
}
