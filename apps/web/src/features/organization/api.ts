import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { http } from '../../platform/http/client';
import { usePermissions } from '../../platform/permission';

/** The resources these screens manage: `/api/<name>/...`. */
export type Resource = 'User' | 'UserGroup' | 'Role' | 'Dept' | 'Position' | 'Project';

export type ListQuery = {
  page: number;
  pageSize: number;
  keyword?: string;
  orderBy?: { field: string; desc: boolean }[];
} & Record<string, unknown>;

export const orgKeys = {
  all: (resource: Resource) => ['organization', resource] as const,
  page: (resource: Resource, path: string, query: unknown) => ['organization', resource, 'page', path, query] as const,
  detail: (resource: Resource, id: number) => ['organization', resource, 'detail', id] as const,
  lookup: (resource: Resource) => ['organization', resource, 'lookup'] as const,
  matrix: ['organization', 'Role', 'matrix'] as const,
};

/** A page of a list; `path` defaults to the generic `Query` call. */
export function usePage<T>(resource: Resource, query: ListQuery, path = `/api/${resource}/Query`) {
  return useQuery({
    queryKey: orgKeys.page(resource, path, query),
    queryFn: () => http.post<Page<T>>(path, query),
    placeholderData: keepPreviousData,
  });
}

export function useDetail<T>(resource: Resource, id: number | undefined) {
  return useQuery({
    queryKey: orgKeys.detail(resource, id ?? 0),
    queryFn: () => http.get<T>(`/api/${resource}/Detail/${id}`),
    enabled: id !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Add without an id, Update with one; the caller shows failures (409 stale, field errors). */
export function useSave<TBody extends object, TResult = unknown>(resource: Resource) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) =>
      http.post<TResult>(`/api/${resource}/${'id' in body && body.id !== undefined ? 'Update' : 'Add'}`, body, {
        quiet: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: orgKeys.all(resource) }),
  });
}

/** Any other write of these screens (Delete, Restore, Lock, OnOff, ...): posts and refreshes the resource's lists. */
export function useAction<TBody>(resource: Resource, path: (body: TBody) => string, sendBody = true) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => http.post<unknown>(path(body), sendBody ? body : {}, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: orgKeys.all(resource) }),
  });
}

const lookupPage = { page: 1, pageSize: 500 };

/** Every department (for trees and pickers), only when the user may see them. */
export function useAllDepts() {
  const { has } = usePermissions();
  return useQuery({
    queryKey: orgKeys.lookup('Dept'),
    queryFn: () => http.post<Page<Dept>>('/api/Dept/Query', lookupPage).then((p) => p.items),
    enabled: has('dept:view'),
  });
}

export function useAllRoles() {
  const { has } = usePermissions();
  return useQuery({
    queryKey: orgKeys.lookup('Role'),
    queryFn: () => http.post<Page<Role>>('/api/Role/Query', lookupPage).then((p) => p.items),
    enabled: has('role:view'),
  });
}

export function useAllPositions() {
  const { has } = usePermissions();
  return useQuery({
    queryKey: orgKeys.lookup('Position'),
    queryFn: () => http.post<Page<Position>>('/api/Position/Query', lookupPage).then((p) => p.items),
    enabled: has('position:view'),
  });
}

export type ProjectRef = { id: number; projectCode: string; projectName: string };

export function useAllProjects() {
  const { has } = usePermissions();
  return useQuery({
    queryKey: orgKeys.lookup('Project'),
    queryFn: () => http.post<Page<ProjectRef>>('/api/Project/Query', lookupPage).then((p) => p.items),
    enabled: has('project:view'),
  });
}

export function useGroupTree(enabled = true) {
  const { has } = usePermissions();
  return useQuery({
    queryKey: [...orgKeys.all('UserGroup'), 'tree'],
    queryFn: () => http.get<UserGroupNode[]>('/api/UserGroup/Tree'),
    enabled: enabled && has('userGroup:view'),
  });
}

/** Users matching a search text, for pickers. */
export function useUserSearch(keyword: string) {
  const { has } = usePermissions();
  return useQuery({
    queryKey: [...orgKeys.all('User'), 'search', keyword],
    queryFn: () =>
      http
        .post<Page<User>>('/api/User/Query', { page: 1, pageSize: 30, keyword: keyword || undefined })
        .then((p) => p.items),
    enabled: has('user:view'),
    placeholderData: keepPreviousData,
  });
}

/** One user's name by id (e.g. a department's leader). */
export function useUserName(id: number | null | undefined) {
  const { has } = usePermissions();
  return useQuery({
    queryKey: [...orgKeys.all('User'), 'name', id],
    queryFn: () => http.get<User>(`/api/User/Get/${id}`, undefined, { quiet: true }),
    enabled: typeof id === 'number' && has('user:view'),
    retry: false,
    staleTime: 60_000,
  });
}

export function usePermissionMatrix(enabled: boolean) {
  return useQuery({
    queryKey: orgKeys.matrix,
    queryFn: () => http.get<PermissionMatrix>('/api/Role/PermissionMatrix'),
    enabled,
    staleTime: 0,
  });
}

export function useSavePermissionMatrix() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PermissionMatrixSave) =>
      http.post<{ count: number }>('/api/Role/SavePermissionMatrix', body, { quiet: true }),
    onSettled: () => client.invalidateQueries({ queryKey: orgKeys.all('Role') }),
  });
}

export function useRoleUsers(roleId: number | undefined, query: { page: number; pageSize: number; keyword?: string }) {
  return useQuery({
    queryKey: [...orgKeys.all('Role'), 'users', roleId, query],
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

export type { UserDetail, UserGroupDetail, RoleDetail };
