import { act, createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form, type FormInstance } from 'antd';
import i18n from 'i18next';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useJsdomBrowser, mountRoot } from '../../../platform/jsdom-browser.fixture';
import { startWithAllTexts } from '../../../platform/all-texts.fixture';
import { InvoiceForm } from './InvoiceForm';
import { emptyInvoiceValues, type InvoiceFieldName, type InvoiceFormValues } from './invoice-form-values';

/**
 * A field the indexing proposes has a label that is not a plain string (the "Proposed" tag beside it), so Ant Design
 * would fill a rule's `${label}` with the field's code name ("vendorId is required."). Each rule names its field.
 */
const proposed: InvoiceFieldName[] = ['vendorId', 'invoiceNumber', 'invoiceDate', 'currency', 'taxRate', 'lines'];

beforeAll(async () => {
  useJsdomBrowser();
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  await startWithAllTexts();
});

afterAll(() => vi.unstubAllGlobals());

/** The errors of an invoice form whose fields are all proposed and empty, by field. */
async function errorsOfEmptyProposedForm(): Promise<Record<string, string[]>> {
  let form: FormInstance<InvoiceFormValues> | undefined;
  function Host() {
    const [instance] = Form.useForm<InvoiceFormValues>();
    form = instance;
    const initialValues: InvoiceFormValues = {
      ...emptyInvoiceValues(),
      invoiceDate: null,
      currency: '',
      taxRate: 'x',
      lines: [{ description: '', quantity: '', unitPrice: '' }],
    };
    return createElement(InvoiceForm, { form: instance, initialValues, proposed, showDocument: false });
  }
  const { root } = mountRoot();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Host))));
  await act(async () => {
    await form!.validateFields().catch(() => undefined);
  });
  return Object.fromEntries(
    form!
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => [field.name.join('.'), field.errors]),
  );
}

describe('the invoice form with proposed fields', () => {
  // The first render loads Ant Design's form and pickers: slow on a busy machine (hence the time allowed).
  it.each([
    ['en', { vendorId: 'Vendor is required.', line: 'Item is required.' }],
    ['zh-cn', { vendorId: '供应商为必填项。', line: '项目内容为必填项。' }],
    ['zh-tw', { vendorId: '供應商為必填項。', line: '品項為必填項。' }],
  ] as const)(
    '%s: names each refused field by its label, never its code name',
    async (language, wanted) => {
      await i18n.changeLanguage(language);
      const errors = await errorsOfEmptyProposedForm();
      expect(errors.vendorId).toEqual([wanted.vendorId]);
      // A field of a list row has no label of its own: its rule is given one.
      expect(errors['lines.0.description']).toEqual([wanted.line]);
      for (const field of [
        'invoiceNumber',
        'invoiceDate',
        'currency',
        'taxRate',
        'lines.0.quantity',
        'lines.0.unitPrice',
      ])
        expect(errors[field], field).toHaveLength(1);
      const texts = Object.values(errors).flat().join('\n');
      expect(texts).not.toMatch(/\b(vendorId|invoiceNumber|invoiceDate|taxRate|unitPrice|quantity|description)\b/);
      expect(texts).not.toMatch(/\$\{label\}|\d,\w/);
      if (language !== 'en') expect(texts).not.toMatch(/required|Enter/);
    },
    30_000,
  );
});
