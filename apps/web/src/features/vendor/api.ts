import type { Vendor } from '@casedesk/shared';
import { resourceApi } from '../../platform/crud/resource-api';
import { useDictionaryItems } from '../../platform/labels/dictionary-labels';

export type VendorRow = Vendor & { id: number };
export const vendorApi = resourceApi<VendorRow>('Vendor');

/** The payment dictionaries: options for the editor and the filter, labels for a vendor's stored values. */
export const usePaymentMethods = () => useDictionaryItems('paymentMethod');
export const usePaymentTerms = () => useDictionaryItems('paymentTerm');
