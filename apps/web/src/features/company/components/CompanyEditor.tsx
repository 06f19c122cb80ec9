import { Col, Divider, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { companyCreateSchema, type Company, type Industry } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { DictionarySelect } from '../../../platform/pickers/DictionarySelect';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { blanksToNull } from '../../../platform/crud/values';
import { companyApi } from '../api';
import { searchIndustries, useRecord } from '../../../platform/pickers/lookups';
import { resourceKeys } from '../../../platform/crud/resource-api';

const textFields = [
  'shortName',
  'userType',
  'companyType',
  'postCode',
  'address',
  'legalPerson',
  'scale',
  'linkMan',
  'contact',
  'phone',
  'email',
  'fax',
  'linkTel',
  'logo',
  'region',
  'source',
  'businessUnit',
  'description',
] as const;
type TextField = (typeof textFields)[number];

type Values = z.input<typeof companyCreateSchema>;

const fields = companyCreateSchema.shape;
const toForm = (c: Company): Values => ({ ...c });
const toBody = (v: Values) => {
  const body: Record<string, unknown> = blanksToNull({ ...v }, textFields);
  body.sort = v.sort ?? 0;
  body.industryId = v.industryId ?? null;
  body.orgId = v.orgId ?? null;
  return body;
};

/** One text field of the company, with the shared schema's rule. */
function Text({ name, label, max, wide }: { name: TextField; label: string; max: number; wide?: boolean }) {
  return (
    <Col xs={24} sm={wide ? 24 : 12}>
      <Form.Item name={name} label={label} rules={[schemaRule(fields[name])]}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
}

function IndustryPicker(props: { value?: number | null; onChange?: (value: number | number[] | null) => void }) {
  const current = useRecord<Industry>('Industry', 'industry:view', props.value || null);
  const known = current.data ? [{ value: current.data.id, label: `${current.data.code} · ${current.data.name}` }] : [];
  return (
    <RemoteSelect
      queryKey={resourceKeys('Industry').of('options')}
      search={searchIndustries}
      known={known}
      {...props}
    />
  );
}

export function CompanyEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const f = (key: string) => t(`company.fields.${key}`);
  return (
    <EditorDrawer<Company, Values>
      api={companyApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('company.create') : t('company.edit')}
      width={720}
      defaults={{ status: 'Active', sort: 0, industryId: null, orgId: null }}
      toForm={toForm}
      toBody={toBody}
    >
      {() => (
        <>
          <Form.Item name="orgId" hidden>
            <InputNumber />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="code" label={f('code')} required rules={[schemaRule(fields.code)]}>
                <Input maxLength={50} autoFocus />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item name="name" label={f('name')} required rules={[schemaRule(fields.name)]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Text name="shortName" label={f('shortName')} max={100} />
            <Col xs={24} sm={12}>
              <Form.Item name="industryId" label={f('industry')}>
                <IndustryPicker />
              </Form.Item>
            </Col>
            <Text name="companyType" label={f('companyType')} max={50} />
            <Text name="userType" label={f('userType')} max={50} />
            <Col xs={24} sm={12}>
              <Form.Item name="businessUnit" label={f('businessUnit')} rules={[schemaRule(fields.businessUnit)]}>
                <DictionarySelect code="businessUnit" />
              </Form.Item>
            </Col>
            <Text name="scale" label={f('scale')} max={50} />
          </Row>
          <Divider titlePlacement="start" plain>
            {t('company.sections.contact')}
          </Divider>
          <Row gutter={16}>
            <Text name="linkMan" label={f('linkMan')} max={100} />
            <Text name="contact" label={f('contact')} max={100} />
            <Text name="phone" label={f('phone')} max={50} />
            <Text name="linkTel" label={f('linkTel')} max={50} />
            <Text name="email" label={f('email')} max={200} />
            <Text name="fax" label={f('fax')} max={50} />
          </Row>
          <Divider titlePlacement="start" plain>
            {t('company.sections.address')}
          </Divider>
          <Row gutter={16}>
            <Text name="region" label={f('region')} max={100} />
            <Text name="postCode" label={f('postCode')} max={20} />
            <Text name="address" label={f('address')} max={500} wide />
          </Row>
          <Divider titlePlacement="start" plain>
            {t('company.sections.other')}
          </Divider>
          <Row gutter={16}>
            <Text name="legalPerson" label={f('legalPerson')} max={100} />
            <Text name="source" label={f('source')} max={100} />
            <Text name="logo" label={f('logo')} max={500} wide />
            <Col xs={24}>
              <Form.Item name="description" label={f('description')} rules={[schemaRule(fields.description)]}>
                <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="sort" label={f('sort')}>
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
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
