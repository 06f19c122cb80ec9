import type { Category, CategoryDetail, Company, Project, User } from '@casedesk/shared';
import { http } from '../../platform/http/client';
import type { Page } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';
import type { Option } from './shared/RemoteSelect';

export const categoryApi = resourceApi<Category, CategoryDetail>('Category');
export const projectApi = resourceApi<Project>('Project');
export const companyApi = resourceApi<Company>('Company');

export const userLabel = (u: Pick<User, 'loginName' | 'fullName' | 'realName'>) => {
  const name = u.fullName?.trim() || u.realName?.trim();
  return name ? `${name} (${u.loginName})` : u.loginName;
};

/** Active users for the default-assignee picker. */
export async function searchUsers(keyword: string): Promise<Option[]> {
  const page = await http.post<Page<User>>('/api/User/Query', {
    page: 1,
    pageSize: 20,
    status: 'Active',
    ...(keyword ? { keyword } : {}),
  });
  return page.items.map((u) => ({ value: u.id, label: userLabel(u) }));
}

export async function searchProjects(keyword: string): Promise<Option[]> {
  const page = await projectApi.search(keyword);
  return page.items.map((p) => ({ value: p.id, label: `${p.projectCode} · ${p.projectName}` }));
}

export async function searchCompanies(keyword: string): Promise<Option[]> {
  const page = await companyApi.search(keyword);
  return page.items.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }));
}

export function getUser(id: number) {
  return http.get<User>(`/api/User/Get/${id}`);
}
