import type { Page, Requisition, RequisitionDetail, Vendor } from '@casedesk/shared';
import { useQuery } from '@tanstack/react-query';
import { resourceApi, resourceKeys } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import type { Option } from '../../platform/pickers/RemoteSelect';

export type RequisitionRow = Requisition & { id: number };
export type RequisitionFull = RequisitionDetail & { id: number };
export const requisitionApi = resourceApi<RequisitionRow, RequisitionFull>('Requisition');

/** Active vendors by code, name or e-mail, for the vendor picker. */
export async function searchVendors(keyword: string): Promise<Option[]> {
  const page = await http.post<Page<Vendor & { id: number }>>('/api/Vendor/Query', {
    page: 1,
    pageSize: 20,
    status: 'Active',
    ...(keyword ? { keyword } : {}),
  });
  return page.items.map((v) => ({ value: v.id, label: `${v.vendorCode} · ${v.vendorName}` }));
}

/** The projects a requisition of the user may name (their own; every active one with data scope all). */
export function useProjectChoices() {
  const query = useQuery({
    queryKey: resourceKeys('Requisition').of('projects'),
    queryFn: () => http.get<{ id: number; projectCode: string; projectName: string }[]>('/api/Requisition/Projects'),
    staleTime: 5 * 60_000,
  });
  return (query.data ?? []).map((p) => ({ value: p.id, label: `${p.projectCode} · ${p.projectName}` }));
}
