import { useEffect } from 'react';
import { Alert, App, Button, Drawer, Form, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@casedesk/shared';
import { useSaveFailure } from '../../../platform/crud/failure';
import { invoiceApi } from '../api';
import {
  emptyInvoiceValues,
  invoiceBody,
  invoiceFormValues,
  invoicePickerLabels,
  type InvoiceFormValues,
} from './invoice-form-values';
import { InvoiceForm } from './InvoiceForm';

/**
 * Create or edit an invoice in a wide drawer (the document, when there is one, beside the form). Saves with the
 * record's `rowVersion`; a saved invoice opens on its page (`onSaved`), which shows the server's figures.
 */
export function InvoiceEditor({
  id,
  onClose,
  onSaved,
}: {
  id: number | null;
  onClose: () => void;
  onSaved?: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<InvoiceFormValues>();
  const detail = invoiceApi.useDetail(id);
  const save = invoiceApi.useSave();
  const saveFailure = useSaveFailure();

  useEffect(() => {
    if (detail.data) {
      form.resetFields();
      form.setFieldsValue(invoiceFormValues(detail.data));
    }
  }, [detail.data, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = invoiceBody({ ...form.getFieldsValue(true), ...values });
    if (id !== null && detail.data) body.rowVersion = detail.data.rowVersion;
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          void message.success(t('invoice.editor.saved'));
          onClose();
          onSaved?.(saved);
        },
        onError: (error) => saveFailure(error, form, id === null ? null : () => void detail.refetch()),
      },
    );
  };

  const hasDocument = Boolean(detail.data?.documentFileId);
  return (
    <Drawer
      open
      destroyOnHidden
      title={id === null ? t('invoice.create') : t('invoice.edit')}
      size={hasDocument ? 1400 : 1000}
      onClose={onClose}
      className="invoice-editor"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={id !== null && !detail.data}
            onClick={() => void submit()}
            className="invoice-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon title={t('crud.loadFailed')} />
      ) : id !== null && !detail.data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : (
        <InvoiceForm
          form={form}
          initialValues={detail.data ? invoiceFormValues(detail.data) : emptyInvoiceValues()}
          labels={invoicePickerLabels(detail.data)}
          saved={detail.data}
        />
      )}
    </Drawer>
  );
}
