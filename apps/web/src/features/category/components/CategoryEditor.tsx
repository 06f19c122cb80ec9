import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { categoryCreateSchema, type CategoryDetail } from '@casedesk/shared';
import { schemaRule } from '../../../platform/form-rules';
import { categoryApi } from '../api';
import { searchProjects, searchUsers } from '../../../platform/pickers/lookups';
import { resourceKeys } from '../../../platform/crud/resource-api';
import { EditorDrawer } from '../../../platform/crud/EditorDrawer';
import { RemoteSelect } from '../../../platform/pickers/RemoteSelect';
import { useStatusOptions } from '../../../platform/crud/StatusTag';

type Values = z.input<typeof categoryCreateSchema>;

const fields = categoryCreateSchema.shape;

const toForm = (d: CategoryDetail): Values => ({
  categoryCode: d.categoryCode,
  categoryDescription: d.categoryDescription,
  categoryStatus: d.categoryStatus,
  newTicketAssignee: d.newTicketAssignee,
  projectIds: d.projectIds,
});

const toBody = (v: Values) => ({
  ...v,
  newTicketAssignee: v.newTicketAssignee ?? null,
  projectIds: v.projectIds ?? [],
});

export function CategoryEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const statusOptions = useStatusOptions();
  return (
    <EditorDrawer<CategoryDetail, Values>
      api={categoryApi}
      id={id}
      onClose={onClose}
      title={id === null ? t('category.create') : t('category.edit')}
      defaults={{ categoryStatus: 'Active', newTicketAssignee: null, projectIds: [] }}
      toForm={toForm}
      toBody={toBody}
    >
      {(_form, detail) => (
        <>
          <Form.Item
            name="categoryCode"
            label={t('category.fields.code')}
            required
            rules={[schemaRule(fields.categoryCode)]}
          >
            <Input maxLength={50} autoFocus />
          </Form.Item>
          <Form.Item
            name="categoryDescription"
            label={t('category.fields.description')}
            required
            rules={[schemaRule(fields.categoryDescription)]}
          >
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <Form.Item name="projectIds" label={t('category.fields.projects')} extra={t('category.projectsHelp')}>
            <RemoteSelect
              mode="multiple"
              queryKey={resourceKeys('Project').of('options')}
              search={searchProjects}
              known={detail?.projects.map((p) => ({ value: p.id, label: `${p.projectCode} · ${p.projectName}` }))}
            />
          </Form.Item>
          <Form.Item name="newTicketAssignee" label={t('category.fields.assignee')} extra={t('category.assigneeHelp')}>
            <RemoteSelect
              queryKey={resourceKeys('User').of('options')}
              search={searchUsers}
              known={
                detail?.newTicketAssignee && detail.newTicketAssigneeName
                  ? [{ value: detail.newTicketAssignee, label: detail.newTicketAssigneeName }]
                  : []
              }
            />
          </Form.Item>
          <Form.Item name="categoryStatus" label={t('category.fields.status')}>
            <Select options={statusOptions} />
          </Form.Item>
        </>
      )}
    </EditorDrawer>
  );
}
