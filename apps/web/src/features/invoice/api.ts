import type { Invoice, InvoiceDetail, Page, Requisition, Vendor } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';
import { http } from '../../platform/http/client';
import type { Option } from '../../platform/pickers/RemoteSelect';

export const invoiceApi = resourceApi<Invoice, InvoiceDetail>('Invoice');

/** Cancel (Draft, Rejected, Indexing) and Pay (Approved), by id. */
export const useCancelInvoice = () => invoiceApi.useCall<number>((id) => `Cancel/${id}`, false);
export const usePayInvoice = () => invoiceApi.useCall<number>((id) => `Pay/${id}`, false);

const firstMatches = <T>(name: string, keyword: string, extra: Record<string, unknown> = {}) =>
  http.post<Page<T>>(`/api/${name}/Query`, { page: 1, pageSize: 20, ...extra, ...(keyword ? { keyword } : {}) });

/** Active vendors for the picker. */
export async function searchVendors(keyword: string): Promise<Option[]> {
  const page = await firstMatches<Vendor>('Vendor', keyword, { status: 'Active' });
  return page.items.map((v) => ({ value: v.id, label: `${v.vendorCode} · ${v.vendorName}` }));
}

/** Approved requisitions: the purchase orders an invoice may bill. */
export async function searchApprovedRequisitions(keyword: string): Promise<Option[]> {
  const page = await firstMatches<Requisition>('Requisition', keyword, { status: 'Approved' });
  return page.items.map((r) => ({ value: r.id, label: `${r.requisitionNumber} · ${r.title}` }));
}
