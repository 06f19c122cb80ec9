import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  Dept,
  Page,
  PermissionMatrix,
  PermissionMatrixSave,
  Position,
  Role,
  RoleDetail,
  User,
  UserDetail,
  UserGroupDetail,
  UserGroupNode,
  UserSummary,
} from '@casedesk/shared';
import { resourceApi, resourceKeys, useInvalidate } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import { rawCall, saveBlob, serverFileName } from '../../platform/http/file-transfer';

export const userApi = resourceApi<User, UserDetail>('User');
export const deletedUserApi = resourceApi<User, UserDetail>('User', {
  listCall: 'QueryDeleted',
  exportCall: 'ExportDeleted',
});
/** Saves the zip of everything held about a user (contract 24) under the server's file name. */
export async function downloadPersonalData(userId: number): Promise<void> {
  const { response } = await rawCall(`/api/User/PersonalData/${userId}`, { method: 'GET' });
  saveBlob(await response.blob(), serverFileName(response) ?? `personal-data-${userId}.zip`);
}

/** A row of the group tree as the screen shows it: a leaf has no `children` (so no expander). */
export type GroupRow = Omit<UserGroupNode, 'children'> & { children?: GroupRow[] };
// The group screen shows the tree; Query and Export take the same keyword and status filters.
export const userGroupApi = resourceApi<GroupRow, UserGroupDetail>('UserGroup');
export const roleApi = resourceApi<Role, RoleDetail>('Role');
export const deptApi = resourceApi<Dept>('Dept');
export const positionApi = resourceApi<Position>('Position');

export function usePermissionMatrix(enabled: boolean) {
  return useQuery({
    queryKey: resourceKeys('Role').of('matrix'),
    queryFn: () => http.get<PermissionMatrix>('/api/Role/PermissionMatrix'),
    enabled,
    staleTime: 0,
  });
}

export function useSavePermissionMatrix() {
  const invalidate = useInvalidate('Role');
  return useMutation({
    mutationFn: (body: PermissionMatrixSave) =>
      http.post<{ count: number }>('/api/Role/SavePermissionMatrix', body, { quiet: true }),
    onSettled: invalidate,
  });
}

export function useRoleUsers(roleId: number | undefined, query: { page: number; pageSize: number; keyword?: string }) {
  return useQuery({
    queryKey: resourceKeys('Role').of('users', roleId, query),
    queryFn: () =>
      http.get<Page<UserSummary>>(`/api/Role/Users/${roleId}`, {
        page: query.page,
        pageSize: query.pageSize,
        keyword: query.keyword || undefined,
      }),
    enabled: roleId !== undefined,
    placeholderData: keepPreviousData,
  });
}
