import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountEmailUpdate, AccountProfile, AccountProfileUpdate } from '@casedesk/shared';
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
