import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { getToken } from '../../platform/auth-store';
import { loadMenus, menusWantedAt } from '../../platform/menu-store';
import { lazyPage } from '../../platform/lazy-page';

const LoginPage = lazyPage(() => import('../../features/auth/pages/login'));
const ChangePasswordPage = lazyPage(() => import('../../features/auth/pages/change'));
const ResetPasswordPage = lazyPage(() => import('../../features/auth/pages/reset-password'));
const StatusPage = lazyPage(() => import('../pages/StatusPage'));
const loadSignedInRoutes = () => import('./SignedInRoutes');
const SignedInRoutes = lazyPage(loadSignedInRoutes);
// A returning user (a stored session) will need the menu and the signed-in screens: ask for the menu first (the
// screens' code is many files, which would queue it behind them), then fetch the screens' code while it loads.
if (getToken()) {
  if (menusWantedAt(window.location.pathname)) void loadMenus();
  void loadSignedInRoutes();
}

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/change" element={<ChangePasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/401" element={<StatusPage kind="unauthorized" />} />
        <Route path="*" element={<SignedInRoutes />} />
      </Routes>
    </Suspense>
  );
}
