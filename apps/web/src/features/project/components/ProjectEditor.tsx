import { Col, Form, Input, Row, Select } from 'antd';
import { DatePicker } from '../../../platform/forms/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { projectCreateSchema, type ProjectDetail } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { searchCompanies } from '../../../platform/pickers/lookups';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { DictionarySelect } from '../../../platform/pickers/DictionarySelect';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { blanksToNull, type DateValue, type FormValuesOf } from '../../../platform/crud/values';
import { projectApi } from '../api';

// The date pickers hold Dayjs values; toBody sends them as ISO dates.
type Values = FormValuesOf<typeof projectCreateSchema, { activeAt: DateValue; inActiveAt: DateValue }>;

const fields = projectCreateSchema.shape;
const day = (value: string | null) => (value ? dayjs(value) : null);
const iso = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null);

const toForm = (d: ProjectDetail): Values => ({
  projectCode: d.projectCode,
  projectName: d.projectName,
  projectDescription: d.projectDescription,
  projectStatus: d.projectStatus,
  activeAt: day(d.activeAt),
  inActiveAt: day(d.inActiveAt),
  businessUnit: d.businessUnit,
  companyIds: d.companyIds,
});

const toBody = (v: Values) => ({
  ...blanksToNull(v, ['projectDescription', 'businessUnit']),
  activeAt: iso(v.activeAt),
  inActiveAt: iso(v.inActiveAt),
  companyIds: v.companyIds ?? [],
});

export function ProjectEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  return (
    <EditorDrawer<ProjectDetail, Values>
      api={projectApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('project.create') : t('project.edit')}
      width={620}
      defaults={{ projectStatus: 'Active', companyIds: [], activeAt: null, inActiveAt: null }}
      toForm={toForm}
      toBody={toBody}
    >
      {(_form, detail) => (
        <>
          <Row gutter={16}>
            <Col xs={24} sm={10}>
              <Form.Item
                name="projectCode"
                label={t('project.fields.code')}
                required
                rules={[schemaRule(fields.projectCode)]}
              >
                <Input maxLength={50} autoFocus />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item
                name="projectName"
                label={t('project.fields.name')}
                required
                rules={[schemaRule(fields.projectName)]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="projectDescription"
            label={t('project.fields.description')}
            rules={[schemaRule(fields.projectDescription)]}
          >
            <Input.TextArea maxLength={2000} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="companyIds" label={t('project.fields.companies')} extra={t('project.companiesHelp')}>
            <RemoteSelect
              mode="multiple"
              queryKey={resourceKeys('Company').of('options')}
              search={searchCompanies}
              known={detail?.companies.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="activeAt" label={t('project.fields.activeAt')}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="inActiveAt"
                label={t('project.fields.inActiveAt')}
                dependencies={['activeAt']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: Dayjs | null) => {
                      const from = getFieldValue('activeAt') as Dayjs | null;
                      if (value && from && value.isBefore(from, 'day')) throw new Error(t('project.dateOrder'));
                    },
                  }),
                ]}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="businessUnit"
                label={t('project.fields.businessUnit')}
                rules={[schemaRule(fields.businessUnit)]}
              >
                <DictionarySelect code="businessUnit" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="projectStatus" label={t('project.fields.status')}>
                <Select options={statusOptions} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </EditorDrawer>
  );
}
