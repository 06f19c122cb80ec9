import type { Page, Requisition, RequisitionDetail, Vendor } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';
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

/** Statuses in which the requester may still change a requisition (the server decides; this only hides buttons). */
export const editable = (status: Requisition['status']) => status === 'Draft' || status === 'Rejected';
