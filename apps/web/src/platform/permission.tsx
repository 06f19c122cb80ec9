import type { ReactNode } from 'react';
import { getSession, useSession } from './auth-store';

/** The three button-level checks of spec section 6, against the profile's permission codes (authBtnList). */
export const hasAuth = (code: string, granted: readonly string[] = currentCodes()) => granted.includes(code);
export const hasAnyAuth = (codes: readonly string[], granted: readonly string[] = currentCodes()) =>
  codes.some((code) => granted.includes(code));
export const hasAllAuth = (codes: readonly string[], granted: readonly string[] = currentCodes()) =>
  codes.every((code) => granted.includes(code));

function currentCodes(): readonly string[] {
  return getSession().userInfo?.authBtnList ?? [];
}

export function usePermissions() {
  const granted = useSession().userInfo?.authBtnList ?? [];
  return {
    has: (code: string) => hasAuth(code, granted),
    hasAny: (codes: readonly string[]) => hasAnyAuth(codes, granted),
    hasAll: (codes: readonly string[]) => hasAllAuth(codes, granted),
  };
}

/** Renders its children only when the user holds `value`. */
export function Auth({ value, children }: { value: string; children: ReactNode }) {
  return usePermissions().has(value) ? children : null;
}

/** Renders its children only when the user holds at least one code of `value`. */
export function AuthAny({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return usePermissions().hasAny(value) ? children : null;
}

/** Renders its children only when the user holds every code of `value`. */
export function AuthAll({ value, children }: { value: readonly string[]; children: ReactNode }) {
  return usePermissions().hasAll(value) ? children : null;
}
