import { useMemo, type ReactNode } from 'react';
import { Button, Col, Form, Input, Row, Select, Space, Tag, Tooltip, Typography, type FormInstance } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { invoiceCreateSchema, moneyLineInputSchema } from '@casedesk/shared';
import { requiredRule, schemaRule } from '../../../platform/form-rules';
import { DecimalInput } from '../../../platform/forms/DecimalInput';
import { RemoteSelect, type Option } from '../../../platform/pickers/RemoteSelect';
import { searchProjects } from '../../../platform/pickers/lookups';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { searchApprovedRequisitions, searchVendors } from '../api';
import { previewAmounts } from '../money';
import { DocumentViewer } from './DocumentViewer';
import { useKindCustomFields } from '../../../platform/custom-fields/api';
import { CustomFieldInputs } from '../../../platform/custom-fields/CustomFieldInputs';
import {
  emptyInvoiceValues,
  type InvoiceFieldName,
  type InvoiceFormValues,
  type InvoicePickerLabels,
} from './invoice-form-values';
import { formatMoney } from '../../../platform/format';

const fields = invoiceCreateSchema.shape;
const lineFields = moneyLineInputSchema.shape;
const currencyOptions = (
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD']
).map((code) => ({ value: code, label: code }));

type Props = {
  form: FormInstance<InvoiceFormValues>;
  /** Values to start from (a saved invoice: `invoiceFormValues(detail)`; a new one: `emptyInvoiceValues()`). */
  initialValues?: InvoiceFormValues;
  /** Fields shown as proposed: filled in for the person to check (they stay editable). */
  proposed?: readonly InvoiceFieldName[];
  labels?: InvoicePickerLabels;
  /** The saved figures to show next to the live preview (after a save: the server's). */
  saved?: { subtotalAmount: string; taxAmount: string; totalAmount: string };
  disabled?: boolean;
  /** Shows the document (PDF or image) beside the form when `documentFileId` is set; default true. */
  showDocument?: boolean;
};

/**
 * The capture and edit form of an invoice: header fields and the lines editor, with a live preview of the
 * amounts computed by the shared decimal helpers, and the scanned document beside it. It has no submit button:
 * the page or drawer that holds it validates (`form.validateFields()`) and saves `invoiceBody(values)`.
 */
export function InvoiceForm({
  form,
  initialValues,
  proposed = [],
  labels = {},
  saved,
  disabled,
  showDocument = true,
}: Props) {
  const { t } = useTranslation();
  const lines = Form.useWatch('lines', form);
  const taxRate = Form.useWatch('taxRate', form);
  const currency = Form.useWatch('currency', form);
  const requisitionId = Form.useWatch('requisitionId', form);
  const documentFileId = Form.useWatch('documentFileId', form) ?? initialValues?.documentFileId ?? null;
  const customFields = useKindCustomFields('Invoice');
  const preview = useMemo(() => previewAmounts(lines ?? [], taxRate), [lines, taxRate]);
  const known = (option: Option | undefined) => (option ? [option] : []);

  // A proposed field's label is not a plain string, so each rule below is given the field's name in words.
  const label = (name: InvoiceFieldName, text: string): ReactNode =>
    proposed.includes(name) ? (
      <Space size={4}>
        {text}
        <Tooltip title={t('invoice.form.proposedHint')}>
          <Tag color="gold" className="invoice-proposed" style={{ marginInlineEnd: 0 }}>
            {t('invoice.form.proposed')}
          </Tag>
        </Tooltip>
      </Space>
    ) : (
      text
    );
  const f = (key: string) => t(`invoice.fields.${key}`);

  const formBody = (
    <Form<InvoiceFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues ?? emptyInvoiceValues()}
      disabled={disabled}
      scrollToFirstError
      requiredMark
      className="invoice-form"
    >
      <Form.Item name="documentFileId" hidden>
        <Input />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="vendorId"
            label={label('vendorId', f('vendor'))}
            required
            rules={[requiredRule(f('vendor'))]}
          >
            <RemoteSelect
              queryKey={resourceKeys('Vendor').of('options', 'active')}
              search={searchVendors}
              known={known(labels.vendor)}
              allowClear
              placeholder={t('invoice.form.vendorPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="invoiceNumber"
            label={label('invoiceNumber', f('invoiceNumber'))}
            required
            rules={[schemaRule(fields.invoiceNumber, f('invoiceNumber'))]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="invoiceDate"
            label={label('invoiceDate', f('invoiceDate'))}
            required
            rules={[requiredRule(f('invoiceDate'))]}
          >
            <DatePicker style={{ width: '100%' }} className="invoice-date" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="dueDate"
            label={label('dueDate', f('dueDate'))}
            dependencies={['invoiceDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null) => {
                  const from = getFieldValue('invoiceDate') as Dayjs | null;
                  if (value && from && value.isBefore(from, 'day')) throw new Error(t('invoice.form.dueBefore'));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} className="invoice-due-date" allowClear />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="currency"
            label={label('currency', f('currency'))}
            required
            rules={[schemaRule(fields.currency, f('currency'))]}
          >
            <Select showSearch options={currencyOptions} className="invoice-currency" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="taxRate"
            label={label('taxRate', f('taxRate'))}
            rules={[schemaRule(fields.taxRate, f('taxRate'))]}
          >
            <DecimalInput suffix="%" className="invoice-tax-rate" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="projectId" label={label('projectId', f('project'))}>
            <RemoteSelect
              queryKey={resourceKeys('Project').of('options')}
              search={searchProjects}
              known={known(labels.project)}
              allowClear
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="requisitionId" label={label('requisitionId', f('requisition'))}>
            <RemoteSelect
              queryKey={resourceKeys('Requisition').of('options', 'approved')}
              search={searchApprovedRequisitions}
              known={known(labels.requisition)}
              allowClear
              placeholder={t('invoice.form.requisitionPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name="poNumber"
            label={label('poNumber', f('poNumber'))}
            tooltip={requisitionId ? t('invoice.form.poFromRequisition') : undefined}
            rules={[schemaRule(fields.poNumber, f('poNumber'))]}
          >
            <Input maxLength={100} disabled={disabled || Boolean(requisitionId)} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={label('description', f('description'))}>
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldInputs definitions={customFields.data ?? []} title={t('invoice.form.customFields')} />

      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {label('lines', t('invoice.form.lines'))}
      </Typography.Title>
      <Form.List
        name="lines"
        rules={[
          {
            validator: async (_rule, value: unknown[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t('invoice.form.noLines'));
            },
          },
        ]}
      >
        {(items, { add, remove }, { errors }) => (
          <div className="invoice-lines">
            <Row gutter={8} className="invoice-lines-head" style={{ fontWeight: 500, marginBottom: 4 }}>
              <Col span={8}>{f('lineDescription')}</Col>
              <Col span={3} style={{ textAlign: 'right' }}>
                {f('quantity')}
              </Col>
              <Col span={4} style={{ textAlign: 'right' }}>
                {f('unitPrice')}
              </Col>
              <Col span={4}>{f('glAccount')}</Col>
              <Col span={4} style={{ textAlign: 'right' }}>
                {f('amount')}
              </Col>
              <Col span={1} />
            </Row>
            {items.map((item, index) => (
              <Row gutter={8} key={item.key} className="invoice-line" align="top">
                <Col span={8}>
                  <Form.Item
                    name={[item.name, 'description']}
                    rules={[schemaRule(lineFields.description, f('lineDescription'))]}
                    style={{ marginBottom: 8 }}
                  >
                    <Input maxLength={500} aria-label={f('lineDescription')} />
                  </Form.Item>
                </Col>
                <Col span={3}>
                  <Form.Item
                    name={[item.name, 'quantity']}
                    rules={[schemaRule(lineFields.quantity, f('quantity'))]}
                    style={{ marginBottom: 8 }}
                  >
                    <DecimalInput aria-label={f('quantity')} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item
                    name={[item.name, 'unitPrice']}
                    rules={[schemaRule(lineFields.unitPrice, f('unitPrice'))]}
                    style={{ marginBottom: 8 }}
                  >
                    <DecimalInput aria-label={f('unitPrice')} />
                  </Form.Item>
                </Col>
                <Col span={4}>
                  <Form.Item name={[item.name, 'glAccount']} style={{ marginBottom: 8 }}>
                    <Input maxLength={50} aria-label={f('glAccount')} />
                  </Form.Item>
                </Col>
                <Col span={4} style={{ textAlign: 'right', paddingTop: 5 }} className="invoice-line-amount">
                  {preview.lines[index] === null || preview.lines[index] === undefined
                    ? '—'
                    : formatMoney(preview.lines[index])}
                </Col>
                <Col span={1}>
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('invoice.form.removeLine')}
                    disabled={disabled || items.length === 1}
                    onClick={() => remove(item.name)}
                  />
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ description: '', quantity: '1', unitPrice: '' })}
              disabled={disabled || items.length >= 500}
              className="invoice-add-line"
            >
              {t('invoice.form.addLine')}
            </Button>
          </div>
        )}
      </Form.List>

      <Row justify="end" style={{ marginTop: 16 }}>
        <Col xs={24} sm={12} md={10}>
          <table className="invoice-totals" style={{ width: '100%' }}>
            <tbody>
              {(
                [
                  ['subtotal', preview.subtotalAmount, saved?.subtotalAmount],
                  ['tax', preview.taxAmount, saved?.taxAmount],
                  ['total', preview.totalAmount, saved?.totalAmount],
                ] as const
              ).map(([key, live, stored]) => (
                <tr key={key} style={key === 'total' ? { fontWeight: 600 } : undefined}>
                  <td>{t(`invoice.form.${key}`)}</td>
                  <td style={{ textAlign: 'right' }} className={`invoice-${key}`}>
                    {formatMoney(live, currency)}
                  </td>
                  {saved && (
                    <td style={{ textAlign: 'right', paddingInlineStart: 12 }}>
                      <Typography.Text type={stored === live ? 'secondary' : 'warning'}>
                        {t('invoice.form.saved')} {formatMoney(stored, currency)}
                      </Typography.Text>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('invoice.form.previewNote')}
          </Typography.Text>
        </Col>
      </Row>
    </Form>
  );

  if (!showDocument || !documentFileId) return formBody;
  return (
    <Row gutter={16} className="invoice-with-document">
      <Col xs={24} lg={11}>
        <DocumentViewer fileId={documentFileId} />
      </Col>
      <Col xs={24} lg={13}>
        {formBody}
      </Col>
    </Row>
  );
}
