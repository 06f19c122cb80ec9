import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountEmailUpdate,
  AccountProfile,
  AccountProfileUpdate,
  PasskeyRow,
  RecoveryCodes,
  TotpDisable,
  TotpSetup,
  TwoFactorStatus,
} from '@casedesk/shared';
import { getSession, setUserInfo } from '../../platform/auth-store';
import { resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';

export const accountKeys = { profile: resourceKeys('Account').of('profile') };

export function useProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: () => http.get<AccountProfile>('/api/Account/Profile') });
}

/** Keeps the stored user info (header name, e-mail) in step with what was saved. */
function syncUserInfo(profile: AccountProfile) {
  const { userInfo } = getSession();
  if (userInfo)
    setUserInfo({
      ...userInfo,
      firstName: profile.realName,
      lastName: profile.lastName,
      email: profile.email,
      mobile: profile.mobile,
    });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountProfileUpdate) =>
      http.post<AccountProfile>('/api/Account/UpdateProfile', body, { quiet: true }),
    onSuccess: (profile) => {
      client.setQueryData(accountKeys.profile, profile);
      syncUserInfo(profile);
      // Lists cached before (tickets, users, pickers) show the old name: have them read again when next shown.
      void client.invalidateQueries({ predicate: (query) => query.queryKey !== accountKeys.profile });
    },
  });
}

export function useUpdateEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountEmailUpdate) =>
      http.post<AccountProfile>('/api/Account/UpdateEmail', body, { quiet: true }),
    onSuccess: (profile) => {
      client.setQueryData(accountKeys.profile, profile);
      syncUserInfo(profile);
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
      http.post<null>('/api/token/ResetInitPassword', body, { quiet: true }),
  });
}

const twoFactorKey = resourceKeys('Account').of('twoFactor');

/** My account → Two factors: whether the app is on, recovery codes left, the passkeys. */
export const useTwoFactor = () =>
  useQuery({ queryKey: twoFactorKey, queryFn: () => http.get<TwoFactorStatus>('/api/Account/TwoFactor') });

/** The calls of the Two factors tab; each refreshes the status once done. */
export function useTwoFactorCalls() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: twoFactorKey });
  const after =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const result = await call(...args);
      await refresh();
      return result;
    };
  return {
    setup: () => http.post<TotpSetup>('/api/Account/Totp/Setup', undefined, { quiet: true }),
    enable: after((code: string) => http.post<RecoveryCodes>('/api/Account/Totp/Enable', { code }, { quiet: true })),
    disable: after((body: TotpDisable) => http.post<null>('/api/Account/Totp/Disable', body, { quiet: true })),
    addPasskey: after(async (name: string) => {
      const options = await http.post<Record<string, unknown>>('/api/Account/Passkey/Options', undefined, {
        quiet: true,
      });
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON: options as never });
      return http.post<PasskeyRow>('/api/Account/Passkey/Register', { name, response }, { quiet: true });
    }),
    renamePasskey: after((id: number, name: string) =>
      http.post<PasskeyRow>('/api/Account/Passkey/Rename', { id, name }, { quiet: true }),
    ),
    removePasskey: after((id: number) => http.post<null>('/api/Account/Passkey/Remove', { id }, { quiet: true })),
  };
}
