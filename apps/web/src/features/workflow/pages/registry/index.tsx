import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { workflowTypes, type Condition, type WorkflowType } from '@casedesk/shared';
import { ListPage } from '../../../../platform/crud/ListPage';
import { StatusTag } from '../../../../platform/crud/StatusTag';
import { workflowRegistryApi, type WorkflowRegistryRecord } from '../../api';
import { ConditionText } from '../../components/node-texts';
import { RegistryEditor } from '../../components/RegistryEditor';

/** The workflow registry: which workflow a submitted ticket, invoice or requisition runs, by condition and priority. */
export default function WorkflowRegistryPage() {
  const { t } = useTranslation();
  return (
    <ListPage<WorkflowRegistryRecord>
      kind="workflow-registry"
      api={workflowRegistryApi}
      module="workflow"
      title={t('workflow.registry.title')}
      searchPlaceholder={t('workflow.registry.search')}
      exportName="workflow-registry.xlsx"
      nameOf={(r) => r.workflowName ?? r.workflowCode}
      statusField="status"
      filters={({ query, setFilter }) => (
        <Select<WorkflowType>
          allowClear
          className="workflow-registry-type-filter"
          placeholder={t('workflow.definition.allTypes')}
          value={(query.businessType as WorkflowType | undefined) ?? null}
          onChange={(value) => setFilter('businessType', value)}
          options={workflowTypes.map((type) => ({ value: type, label: t(`workflow.type.${type}`) }))}
          style={{ width: 140 }}
        />
      )}
      columns={[
        {
          key: 'businessType',
          dataIndex: 'businessType',
          title: t('workflow.registry.fields.businessType'),
          render: (type: WorkflowType) => t(`workflow.type.${type}`),
        },
        {
          key: 'workflowCode',
          dataIndex: 'workflowCode',
          title: t('workflow.registry.fields.workflow'),
          render: (code: string, r) => (
            <>
              {r.workflowName ?? '—'}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {code}
              </Typography.Text>
            </>
          ),
        },
        {
          key: 'conditions',
          dataIndex: 'conditions',
          title: t('workflow.registry.fields.conditions'),
          render: (conditions: Condition[], r) =>
            conditions.length > 0 ? (
              <ConditionText type={r.businessType} conditions={conditions} />
            ) : (
              <Typography.Text type="secondary">{t('workflow.registry.everyRecord')}</Typography.Text>
            ),
        },
        { key: 'priority', dataIndex: 'priority', title: t('workflow.registry.fields.priority'), sorter: true },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('workflow.registry.fields.status'),
          render: (status: string) => <StatusTag active={status === 'Active'} />,
        },
        {
          key: 'description',
          dataIndex: 'description',
          title: t('workflow.registry.fields.description'),
          ellipsis: true,
          render: (value: string | null) => value ?? '—',
        },
      ]}
      editor={({ id, onClose }) => <RegistryEditor id={id} onClose={onClose} />}
    />
  );
}
