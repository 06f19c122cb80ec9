import { CopyOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, Row, Select, Space, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { vendorCreateSchema, type Company } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import type { FormValuesOf } from '../../../platform/crud/values';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { schemaRule } from '../../../platform/form-rules';
import { searchCompanies, useRecord } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { usePaymentMethods, usePaymentTerms, vendorApi, type VendorRow } from '../api';

const addressKeys = [
  'address1',
  'address2',
  'address3',
  'city',
  'state',
  'postalCode',
  'boxNumber',
  'country',
] as const;
type AddressKey = (typeof addressKeys)[number];
type Address = Partial<Record<AddressKey, string | null>>;

// Each address block is a group of text boxes, so the form always holds an object; toBody sends an empty block as null.
type Values = FormValuesOf<
  typeof vendorCreateSchema,
  { remitTo: Address & { name?: string | null }; mailAddress: Address }
>;

const fields = vendorCreateSchema.shape;

/** The shared rule for a field that may stay empty (an empty box is no e-mail, not a bad one). */
const unlessBlank = (schema: Parameters<typeof schemaRule>[0]): FormRule => ({
  validator: async (rule, value: unknown) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return;
    const { validator } = schemaRule(schema) as { validator: (r: unknown, v: unknown) => Promise<void> };
    await validator(rule, value);
  },
});
const blank = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A block with every field empty is sent as null (no address), else its blanks as null. */
function block<K extends string>(values: Partial<Record<K, string | null>> | undefined, keys: readonly K[]) {
  const out = Object.fromEntries(keys.map((k) => [k, blank(values?.[k])])) as Record<K, string | null>;
  return Object.values(out).some((v) => v !== null) ? out : null;
}

const toForm = (v: VendorRow): Partial<Values> => ({
  ...v,
  remitTo: v.remitTo ?? {},
  mailAddress: v.mailAddress ?? {},
});
const toBody = (v: Values) => ({
  vendorCode: v.vendorCode,
  vendorName: v.vendorName,
  companyId: v.companyId ?? null,
  paymentMethod: v.paymentMethod ?? null,
  paymentTerm: v.paymentTerm ?? null,
  emailAddress: blank(v.emailAddress),
  glAccount: blank(v.glAccount),
  description: blank(v.description),
  status: v.status,
  remitTo: block(v.remitTo, ['name', ...addressKeys] as const),
  mailAddress: block(v.mailAddress, addressKeys),
});

function CompanyPicker(props: { value?: number | null; onChange?: (value: number | number[] | null) => void }) {
  const current = useRecord<Company>('Company', 'company:view', props.value || null);
  const known = current.data ? [{ value: current.data.id, label: `${current.data.code} · ${current.data.name}` }] : [];
  return (
    <RemoteSelect queryKey={resourceKeys('Company').of('options')} search={searchCompanies} known={known} {...props} />
  );
}

/** The address fields of one block (`remitTo` or `mailAddress`). */
function AddressBlock({ block: name }: { block: 'remitTo' | 'mailAddress' }) {
  const { t } = useTranslation();
  const a = (key: string) => t(`vendor.address.${key}`);
  const text = (key: AddressKey, max: number, span = 12) => (
    <Col xs={24} sm={span} key={key}>
      <Form.Item name={[name, key]} label={a(key)}>
        <Input maxLength={max} className={`vendor-${name}-${key}`} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={16}>
      {name === 'remitTo' && (
        <Col xs={24}>
          <Form.Item name={['remitTo', 'name']} label={a('name')}>
            <Input maxLength={200} className="vendor-remitTo-name" />
          </Form.Item>
        </Col>
      )}
      {text('address1', 200, 24)}
      {text('address2', 200, 24)}
      {text('address3', 200, 24)}
      {text('city', 100)}
      {text('state', 100)}
      {text('postalCode', 20)}
      {text('boxNumber', 50)}
      {text('country', 100)}
    </Row>
  );
}

function copyAddress(form: FormInstance<Values>, from: 'remitTo' | 'mailAddress', to: 'remitTo' | 'mailAddress') {
  const source = (form.getFieldValue(from) ?? {}) as Address;
  const current = (form.getFieldValue(to) ?? {}) as Address;
  form.setFieldValue(to, { ...current, ...Object.fromEntries(addressKeys.map((k) => [k, source[k] ?? null])) });
}

export function VendorEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const methods = usePaymentMethods().options;
  const terms = usePaymentTerms().options;
  const f = (key: string) => t(`vendor.fields.${key}`);
  return (
    <EditorDrawer<VendorRow, Values>
      api={vendorApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('vendor.create') : t('vendor.edit')}
      width={760}
      defaults={{ status: 'Active', companyId: null, remitTo: {}, mailAddress: {} }}
      toForm={toForm}
      toBody={toBody}
    >
      {(form) => (
        <>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="vendorCode" label={f('vendorCode')} required rules={[schemaRule(fields.vendorCode)]}>
                <Input maxLength={50} autoFocus />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item name="vendorName" label={f('vendorName')} required rules={[schemaRule(fields.vendorName)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="companyId" label={f('company')}>
                <CompanyPicker />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="emailAddress" label={f('emailAddress')} rules={[unlessBlank(fields.emailAddress)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="paymentMethod" label={f('paymentMethod')}>
                <Select allowClear options={methods} className="vendor-payment-method" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="paymentTerm" label={f('paymentTerm')}>
                <Select allowClear options={terms} className="vendor-payment-term" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="glAccount" label={f('glAccount')}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
          </Row>
          <Divider titlePlacement="start" plain>
            {t('vendor.sections.remitTo')}
          </Divider>
          <AddressBlock block="remitTo" />
          <Divider titlePlacement="start" plain>
            {t('vendor.sections.mailAddress')}
          </Divider>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button
              icon={<CopyOutlined />}
              className="vendor-copy-remit"
              onClick={() => copyAddress(form, 'remitTo', 'mailAddress')}
            >
              {t('vendor.copyRemitToMail')}
            </Button>
            <Button icon={<CopyOutlined />} onClick={() => copyAddress(form, 'mailAddress', 'remitTo')}>
              {t('vendor.copyMailToRemit')}
            </Button>
          </Space>
          <AddressBlock block="mailAddress" />
          <Divider titlePlacement="start" plain>
            {t('vendor.sections.other')}
          </Divider>
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item name="description" label={f('description')}>
                <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="status" label={f('status')}>
                <Select options={statusOptions} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </EditorDrawer>
  );
}
