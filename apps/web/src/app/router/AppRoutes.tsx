import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { getToken } from '../../platform/auth-store';
import { lazyPage } from '../../platform/lazy-page';

const LoginPage = lazyPage(() => import('../../features/auth/pages/login'));
const ChangePasswordPage = lazyPage(() => import('../../features/auth/pages/change'));
const ResetPasswordPage = lazyPage(() => import('../../features/auth/pages/reset-password'));
const Unauthorized = lazyPage(() => import('../pages/Unauthorized'));
const loadSignedInRoutes = () => import('./SignedInRoutes');
const SignedInRoutes = lazyPage(loadSignedInRoutes);
// A returning user (a stored session) will need the signed-in screens: fetch them while the menu loads.
if (getToken()) void loadSignedInRoutes();

export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/change" element={<ChangePasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/401" element={<Unauthorized />} />
        <Route path="*" element={<SignedInRoutes />} />
      </Routes>
    </Suspense>
  );
}
