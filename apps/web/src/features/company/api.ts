import type { Company, Industry, Page } from '@casedesk/shared';
import { http } from '../../platform/http/client';
import { resourceApi } from '../../platform/crud/resource-api';
import type { Option } from '../category/shared/RemoteSelect';

export const companyApi = resourceApi<Company>('Company');

export async function searchIndustries(keyword: string): Promise<Option[]> {
  const page = await http.post<Page<Industry>>('/api/Industry/Query', {
    page: 1,
    pageSize: 20,
    ...(keyword ? { keyword } : {}),
  });
  return page.items.map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }));
}

export function getIndustry(id: number) {
  return http.get<Industry>(`/api/Industry/Get/${id}`);
}
