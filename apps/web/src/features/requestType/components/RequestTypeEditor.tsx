import './request-type.css';
import { Card, Col, Divider, Form, InputNumber, Row, Select, Space, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CustomFieldDefinition, Project, RequestType, requestTypeCreateSchema } from '@casedesk/shared';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { resourceKeys, useLookup } from '../../../platform/crud/resource-api';
import { useStatusOptions } from '../../../platform/crud/StatusTag';
import { labelLanguage } from '../../../platform/custom-field-language';
import { LabelInputs } from '../../../platform/custom-fields/LabelInputs';
import { requiredRule } from '../../../platform/form-rules';
import { useSeededName } from '../../../platform/labels/labels';
import { searchCategories, searchProjects } from '../../../platform/pickers/lookups';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { requestTypeApi, usePublishedTicketWorkflows, useTicketCustomFields } from '../api';
import { previewItem } from './catalog-form';
import { CatalogRequestForm } from './CatalogRequestForm';
import { FulfilmentList } from './FulfilmentList';
import { IconPicker } from './IconPicker';
import { RequestTypeIconView } from './request-type-icons';
import { RequestTypeFieldList } from './RequestTypeFieldList';

type Values = z.input<typeof requestTypeCreateSchema>;

const toForm = (r: RequestType): Values => ({
  name: r.name,
  description: r.description,
  icon: r.icon,
  categoryId: r.categoryId,
  projectIds: r.projectIds,
  fields: [...r.fields].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
  workflowCode: r.workflowCode,
  fulfilment: r.fulfilment,
  sort: r.sort,
  status: r.status,
});

/** The fields' order is their place in the list; an item's empty assignee or group is none. */
const toBody = (v: Values) => ({
  ...v,
  workflowCode: v.workflowCode || null,
  fields: (v.fields ?? []).map((f, order) => ({ key: f.key, required: Boolean(f.required), order })),
  fulfilment: (v.fulfilment ?? []).map((item) => ({
    ...item,
    assigneeId: item.assigneeId ?? null,
    groupId: item.groupId ?? null,
  })),
});

const blank = { en: '', 'zh-cn': '', 'zh-tw': '' };
const defaults: Partial<Values> = {
  description: blank,
  icon: 'question',
  projectIds: [],
  fields: [],
  fulfilment: [],
  sort: 0,
  status: 'Active',
};

/** Creates and edits a request type (contract 21), with its form drawn beside it as the catalog will show it. */
export function RequestTypeEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <EditorDrawer<RequestType, Values>
      api={requestTypeApi}
      id={id}
      onClose={onClose}
      width={1200}
      title={id === null ? t('requestType.create') : t('requestType.edit')}
      defaults={defaults}
      toForm={toForm}
      toBody={toBody}
    >
      {(form, detail) => <RequestTypeFields form={form} detail={detail} />}
    </EditorDrawer>
  );
}

function RequestTypeFields({ form, detail }: { form: FormInstance<Values>; detail: RequestType | undefined }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  const seeded = useSeededName();
  const definitions = useTicketCustomFields();
  const workflows = usePublishedTicketWorkflows();
  const categoryId = Form.useWatch('categoryId', form);
  return (
    <Row gutter={24}>
      <Col xs={24} lg={14}>
        <Form.Item label={t('requestType.fields.name')} required style={{ marginBottom: 0 }}>
          <LabelInputs name={['name']} />
        </Form.Item>
        <Form.Item label={t('requestType.fields.description')} style={{ marginBottom: 0 }}>
          <LabelInputs name={['description']} long optional />
        </Form.Item>
        <Form.Item name="icon" label={t('requestType.fields.icon')}>
          <IconPicker />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="categoryId"
              label={t('requestType.fields.category')}
              required
              extra={t('requestType.editor.categoryHelp')}
              rules={[requiredRule(t('requestType.fields.category'))]}
            >
              <RemoteSelect
                queryKey={resourceKeys('Category').of('options')}
                search={(keyword) => searchCategories(keyword)}
                known={detail ? [{ value: detail.categoryId, label: detail.categoryName ?? '' }] : undefined}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="projectIds" label={t('requestType.fields.projects')}>
              <RemoteSelect
                mode="multiple"
                queryKey={resourceKeys('Project').of('options')}
                search={(keyword) => searchProjects(keyword)}
                known={detail?.projects?.map((p) => ({ value: p.id, label: p.name }))}
                placeholder={t('requestType.allProjects')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('requestType.fields.fields')} extra={t('requestType.editor.fieldsHelp')}>
          <RequestTypeFieldList definitions={definitions.data ?? []} categoryId={categoryId} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="workflowCode"
              label={t('requestType.fields.workflow')}
              extra={t('requestType.editor.workflowHelp')}
            >
              <Select
                allowClear
                className="request-type-workflow"
                showSearch={{ optionFilterProp: 'label' }}
                loading={workflows.isLoading}
                placeholder={t('requestType.noApproval')}
                options={(workflows.data ?? []).map((w) => ({
                  value: w.code,
                  label: seeded('workflow', w.code, w.name),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="sort" label={t('requestType.fields.sort')}>
              <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="status" label={t('requestType.fields.status')}>
              <Select options={statusOptions} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start" plain>
          {t('requestType.fields.fulfilment')}
        </Divider>
        <Typography.Paragraph type="secondary">{t('requestType.editor.fulfilmentHelp')}</Typography.Paragraph>
        <FulfilmentList />
      </Col>
      <Col xs={24} lg={10}>
        <RequestTypePreview form={form} definitions={definitions.data ?? []} detail={detail} />
      </Col>
    </Row>
  );
}

/** The form as a requester will see it, rebuilt from the editor's values as they change. */
export function RequestTypePreview({
  form,
  definitions,
  detail,
}: {
  form: FormInstance<Values>;
  definitions: readonly CustomFieldDefinition[];
  detail?: Pick<RequestType, 'projects'>;
}) {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  // preserve: every value, those of no form item too (a chosen field's key has none).
  const values = Form.useWatch([], { form, preserve: true }) as Values | undefined;
  const projects = useLookup<Project>('Project', 'project:view');
  const chosen = values?.projectIds ?? [];
  const named = new Map<number, string>([
    ...(projects.data ?? []).map((p) => [p.id, p.projectName] as const),
    ...(detail?.projects ?? []).map((p) => [p.id, p.name] as const),
  ]);
  const offered = (chosen.length > 0 ? chosen : [...named.keys()]).map((id) => ({
    id,
    name: named.get(id) ?? '…',
  }));
  const item = previewItem(values ?? {}, definitions, offered);
  return (
    <Card
      size="small"
      className="request-type-preview"
      style={{ position: 'sticky', top: 0 }}
      title={
        <Space>
          <RequestTypeIconView icon={item.icon} size={18} />
          <span>{item.name[language] || t('requestType.editor.previewUntitled')}</span>
        </Space>
      }
      extra={<Typography.Text type="secondary">{t('requestType.editor.preview')}</Typography.Text>}
    >
      <CatalogRequestForm item={item} preview />
    </Card>
  );
}
