import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, Row, Select, Table, Typography } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  currencySchema,
  defaultRequisitionCurrency,
  requisitionCreateSchema,
  type CustomValues,
  type Vendor,
} from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import type { DateValue, FormValuesOf } from '../../../platform/crud/values';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { schemaRule } from '../../../platform/form-rules';
import { DecimalInput } from '../../../platform/forms/DecimalInput';
import { useRecord } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { usePermissions } from '../../../platform/permission';
import { requisitionApi, searchVendors, useProjectChoices, type RequisitionFull } from '../api';
import { lineAmount, totalOf } from './amounts';
import { formatMoney } from '../../../platform/format';
import { useKindCustomFields } from '../../../platform/custom-fields/api';
import { CustomFieldInputs } from '../../../platform/custom-fields/CustomFieldInputs';
import { customFieldsBody } from '../../../platform/custom-fields/custom-field-values';

/** Add's body, with a date picker's value for the date; the requester is the server's (the caller by default). */
type Values = Omit<
  FormValuesOf<typeof requisitionCreateSchema, { neededBy: DateValue; customFields: CustomValues }>,
  'requesterId'
>;

const fields = requisitionCreateSchema.shape;
const currencies = ['USD', 'EUR', 'GBP', 'CNY', 'TWD', 'JPY', 'HKD'];

const toForm = (r: RequisitionFull): Partial<Values> => ({
  title: r.title,
  projectId: r.projectId,
  vendorId: r.vendorId,
  neededBy: r.neededBy ? dayjs(r.neededBy) : null,
  currency: r.currency,
  description: r.description,
  customFields: (r.customFields ?? {}) as CustomValues,
  lines: r.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    glAccount: l.glAccount,
  })),
});

const toBody = (v: Values) => ({
  title: v.title,
  projectId: v.projectId ?? null,
  vendorId: v.vendorId ?? null,
  neededBy: v.neededBy ? v.neededBy.format('YYYY-MM-DD') : null,
  currency: v.currency,
  description: v.description?.trim() || null,
  ...customFieldsBody(v.customFields),
  lines: (v.lines ?? []).map((l) => ({
    description: l.description,
    quantity: String(l.quantity ?? '').trim(),
    unitPrice: String(l.unitPrice ?? '').trim(),
    glAccount: l.glAccount?.trim() || null,
  })),
});

function VendorPicker(props: { value?: number | null; onChange?: (value: number | number[] | null) => void }) {
  const current = useRecord<Vendor & { id: number }>('Vendor', 'vendor:view', props.value || null);
  const known = current.data
    ? [{ value: current.data.id, label: `${current.data.vendorCode} · ${current.data.vendorName}` }]
    : [];
  return (
    <RemoteSelect queryKey={resourceKeys('Vendor').of('options')} search={searchVendors} known={known} {...props} />
  );
}

/** The lines: quantity × unit price previewed here with the shared decimal rules; the saved figures are the server's. */
function Lines() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const lines = Form.useWatch('lines', form);
  const currency = Form.useWatch('currency', form);
  const c = (key: string) => t(`requisition.lines.${key}`);
  const line = fields.lines.element.shape;
  return (
    <Form.List name="lines">
      {(items, { add, remove }) => (
        <>
          <Table
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={items}
            className="requisition-lines"
            columns={[
              { key: 'no', title: '#', width: 40, render: (_, __, i) => i + 1 },
              {
                key: 'description',
                title: c('description'),
                render: (_, item) => (
                  <Form.Item name={[item.name, 'description']} rules={[schemaRule(line.description)]} noStyle={false}>
                    <Input maxLength={500} className="line-description" />
                  </Form.Item>
                ),
              },
              {
                key: 'quantity',
                title: c('quantity'),
                width: 110,
                render: (_, item) => (
                  <Form.Item name={[item.name, 'quantity']} rules={[schemaRule(line.quantity)]}>
                    <DecimalInput className="line-quantity" />
                  </Form.Item>
                ),
              },
              {
                key: 'unitPrice',
                title: c('unitPrice'),
                width: 130,
                render: (_, item) => (
                  <Form.Item name={[item.name, 'unitPrice']} rules={[schemaRule(line.unitPrice)]}>
                    <DecimalInput className="line-unit-price" />
                  </Form.Item>
                ),
              },
              {
                key: 'amount',
                title: c('amount'),
                width: 130,
                align: 'right',
                render: (_, item) => {
                  const amount = lineAmount(lines?.[item.name]?.quantity, lines?.[item.name]?.unitPrice);
                  return <span className="line-amount">{amount === null ? '—' : formatMoney(amount)}</span>;
                },
              },
              {
                key: 'remove',
                width: 44,
                render: (_, item) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={c('remove')}
                    disabled={items.length <= 1}
                    onClick={() => remove(item.name)}
                  />
                ),
              },
            ]}
          />
          <Row justify="space-between" align="middle" style={{ marginTop: 8 }}>
            <Button
              icon={<PlusOutlined />}
              className="requisition-add-line"
              onClick={() => add({ description: '', quantity: '1', unitPrice: '' })}
            >
              {c('add')}
            </Button>
            <Typography.Text strong className="requisition-total-preview">
              {c('total')}
              {t('values.colon')}
              {formatMoney(totalOf(lines), currency)}
            </Typography.Text>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
            {c('serverFigures')}
          </Typography.Paragraph>
        </>
      )}
    </Form.List>
  );
}

export function RequisitionEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const projects = useProjectChoices();
  const f = (key: string) => t(`requisition.fields.${key}`);
  // The vendor picker reads the vendor list; without vendor:view the value is kept as it is.
  const vendorPicker = has('vendor:view') ? (
    <Col xs={24} sm={8}>
      <Form.Item name="vendorId" label={f('vendor')}>
        <VendorPicker />
      </Form.Item>
    </Col>
  ) : (
    <Form.Item name="vendorId" hidden>
      <Input />
    </Form.Item>
  );
  const customFields = useKindCustomFields('Requisition');
  return (
    <EditorDrawer<RequisitionFull, Values>
      api={requisitionApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('requisition.create') : t('requisition.edit')}
      width={900}
      defaults={{
        currency: defaultRequisitionCurrency,
        projectId: null,
        vendorId: null,
        neededBy: null,
        lines: [{ description: '', quantity: '1', unitPrice: '' }],
      }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Row gutter={16}>
            <Col xs={24} sm={16}>
              <Form.Item name="title" label={f('title')} required rules={[schemaRule(fields.title)]}>
                <Input maxLength={200} autoFocus />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              {/* Required here (Update needs it); only an Add from outside may leave it out. */}
              <Form.Item name="currency" label={f('currency')} required rules={[schemaRule(currencySchema)]}>
                <Select showSearch options={currencies.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="projectId" label={f('project')}>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  options={projects}
                  className="requisition-project"
                />
              </Form.Item>
            </Col>
            {vendorPicker}
            <Col xs={24} sm={8}>
              <Form.Item name="neededBy" label={f('neededBy')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="description" label={f('description')}>
                <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 5 }} />
              </Form.Item>
            </Col>
          </Row>
          <CustomFieldInputs definitions={customFields.data ?? []} title={t('requisition.custom.title')} />
          <Divider titlePlacement="start" plain>
            {t('requisition.lines.title')}
          </Divider>
          <Lines />
        </>
      )}
    </EditorDrawer>
  );
}
