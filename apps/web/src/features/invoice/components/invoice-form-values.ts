// The invoice form's values: what the form holds, from a saved invoice, and the Add/Update body it sends.
import dayjs from 'dayjs';
import type { invoiceCreateSchema, moneyLineInputSchema, CustomValues, InvoiceDetail } from '@casedesk/shared';
import type { Option } from '../../../platform/pickers/RemoteSelect';
import { customFieldsBody } from '../../../platform/custom-fields/custom-field-values';
import type { DateValue, FormValuesOf } from '../../../platform/crud/values';

/** A line as the form holds it: the schema's line, its decimals as the texts typed, any field still empty. */
export type InvoiceLineValues = Partial<
  FormValuesOf<typeof moneyLineInputSchema, { quantity: string; unitPrice: string }>
>;

/**
 * The form's values (any still empty while it is being filled, or while indexing proposes them); `invoiceBody` turns
 * them into the Add/Update body. Dates are date pickers' values, decimals the texts typed, the vendor picker may be
 * empty; the figures the server works out are not in the form.
 */
export type InvoiceFormValues = Partial<
  Omit<
    FormValuesOf<
      typeof invoiceCreateSchema,
      {
        vendorId: number | null;
        invoiceDate: DateValue;
        dueDate: DateValue;
        taxRate: string;
        lines: InvoiceLineValues[];
        customFields: CustomValues;
      }
    >,
    'subtotalAmount' | 'taxAmount' | 'totalAmount'
  >
>;

/** A field the form can mark as proposed (e.g. read from the document, not yet confirmed by a person). */
export type InvoiceFieldName = Exclude<keyof InvoiceFormValues, 'lines' | 'documentFileId'> | 'lines';

/** Labels of chosen ids, so pickers show names before any search (from a detail: `invoicePickerLabels`). */
export type InvoicePickerLabels = { vendor?: Option; project?: Option; requisition?: Option };

export const emptyInvoiceValues = (): InvoiceFormValues => ({
  currency: 'USD',
  taxRate: '0',
  invoiceDate: dayjs(),
  dueDate: null,
  vendorId: null,
  projectId: null,
  requisitionId: null,
  poNumber: null,
  description: null,
  documentFileId: null,
  lines: [{ description: '', quantity: '1', unitPrice: '' }],
});

/** A saved invoice as form values (the server's figures: its lines as stored). */
export function invoiceFormValues(detail: InvoiceDetail): InvoiceFormValues {
  return {
    invoiceNumber: detail.invoiceNumber ?? undefined,
    vendorId: detail.vendorId,
    invoiceDate: detail.invoiceDate ? dayjs(detail.invoiceDate) : null,
    dueDate: detail.dueDate ? dayjs(detail.dueDate) : null,
    currency: detail.currency,
    projectId: detail.projectId,
    requisitionId: detail.requisitionId,
    poNumber: detail.poNumber,
    taxRate: detail.taxRate,
    description: detail.description,
    documentFileId: detail.documentFileId,
    customFields: (detail.customFields ?? {}) as CustomValues,
    lines: detail.lines.length
      ? detail.lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          glAccount: l.glAccount,
        }))
      : emptyInvoiceValues().lines,
  };
}

export function invoicePickerLabels(detail: InvoiceDetail | undefined): InvoicePickerLabels {
  if (!detail) return {};
  return {
    vendor: detail.vendorId && detail.vendorName ? { value: detail.vendorId, label: detail.vendorName } : undefined,
    project:
      detail.projectId && detail.projectName ? { value: detail.projectId, label: detail.projectName } : undefined,
    requisition:
      detail.requisitionId && detail.poNumber ? { value: detail.requisitionId, label: detail.poNumber } : undefined,
  };
}

const blank = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The Add/Update body of the form's values (amounts are the server's to compute, so none are sent). */
export function invoiceBody(values: InvoiceFormValues): Record<string, unknown> {
  return {
    invoiceNumber: values.invoiceNumber?.trim() ?? '',
    vendorId: values.vendorId ?? null,
    invoiceDate: values.invoiceDate ? values.invoiceDate.format('YYYY-MM-DD') : null,
    dueDate: values.dueDate ? values.dueDate.format('YYYY-MM-DD') : null,
    currency: values.currency ?? '',
    projectId: values.projectId ?? null,
    requisitionId: values.requisitionId ?? null,
    poNumber: values.requisitionId ? null : blank(values.poNumber),
    taxRate: values.taxRate?.toString().trim() || '0',
    description: blank(values.description),
    documentFileId: values.documentFileId ?? null,
    ...customFieldsBody(values.customFields),
    lines: (values.lines ?? []).map((line) => ({
      description: line.description?.trim() ?? '',
      quantity: line.quantity?.toString().trim() ?? '',
      unitPrice: line.unitPrice?.toString().trim() ?? '',
      glAccount: blank(line.glAccount),
    })),
  };
}
