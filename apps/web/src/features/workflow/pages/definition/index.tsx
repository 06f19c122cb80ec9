import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CopyOutlined, HistoryOutlined, NodeIndexOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Badge, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { workflowStatuses, workflowTypes, type WorkflowStatus, type WorkflowType } from '@casedesk/shared';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { ListPage } from '../../../../platform/crud/ListPage';
import { RowIconButton } from '../../../../platform/crud/RowIconButton';
import { usePermissions } from '../../../../platform/permission';
import { useWorkflowOnOff, workflowApi, type WorkflowRecord } from '../../api';
import { formatDateTime } from '../../../../platform/format';
import { WorkflowStatusTag } from '../../components/node-texts';
import { VersionsDrawer } from '../../components/VersionsDrawer';
import { WorkflowCreateModal } from '../../components/WorkflowCreateModal';
import { WorkflowCopyModal, WorkflowEditDrawer } from '../../components/WorkflowEditors';
import { useSeededNodes } from '../../components/seeded-flow';

const designPath = (id: number) => `/workflow/design?id=${id}`;

/** Workflow definitions: type, status, version, unpublished changes; design, versions, copy, disable, delete. */
export default function WorkflowDefinitionPage() {
  const { t } = useTranslation();
  const seeded = useSeededNodes();
  const navigate = useNavigate();
  const { has } = usePermissions();
  const feedback = useActionFeedback();
  const disable = useWorkflowOnOff('Disable');
  const enable = useWorkflowOnOff('Enable');
  const [versionsOf, setVersionsOf] = useState<WorkflowRecord | null>(null);
  const [copyOf, setCopyOf] = useState<WorkflowRecord | null>(null);

  return (
    <>
      <ListPage<WorkflowRecord>
        kind="workflow"
        api={workflowApi}
        module="workflow"
        title={t('workflow.definition.title')}
        searchPlaceholder={t('workflow.definition.search')}
        exportName="workflows.xlsx"
        nameOf={(w) => seeded.workflowName(w.code, w.name)}
        actionsWidth={200}
        filters={({ query, setFilter }) => (
          <>
            <Select<WorkflowType>
              allowClear
              className="workflow-type-filter"
              placeholder={t('workflow.definition.allTypes')}
              value={(query.type as WorkflowType | undefined) ?? null}
              onChange={(value) => setFilter('type', value)}
              options={workflowTypes.map((type) => ({ value: type, label: t(`workflow.type.${type}`) }))}
              style={{ width: 140 }}
            />
            <Select<WorkflowStatus>
              allowClear
              className="workflow-status-filter"
              placeholder={t('workflow.definition.allStatuses')}
              value={(query.status as WorkflowStatus | undefined) ?? null}
              onChange={(value) => setFilter('status', value)}
              options={workflowStatuses.map((status) => ({ value: status, label: t(`workflow.status.${status}`) }))}
              style={{ width: 140 }}
            />
          </>
        )}
        rowActions={(w) => (
          <>
            <RowIconButton
              label={t('workflow.definition.design')}
              className="workflow-design"
              icon={<NodeIndexOutlined />}
              onClick={() => void navigate(designPath(w.id))}
            />
            <RowIconButton
              label={t('workflow.definition.versions')}
              className="workflow-versions"
              icon={<HistoryOutlined />}
              onClick={() => setVersionsOf(w)}
            />
            {has('workflow:create') && (
              <RowIconButton
                label={t('workflow.definition.copy')}
                className="workflow-copy"
                icon={<CopyOutlined />}
                onClick={() => setCopyOf(w)}
              />
            )}
            {has('workflow:edit') &&
              (w.status === 'Disabled' ? (
                <RowIconButton
                  label={t('workflow.definition.enable')}
                  className="workflow-enable"
                  icon={<PlayCircleOutlined />}
                  onClick={() => enable.mutate(w.id, feedback(t('workflow.definition.enabled')))}
                />
              ) : (
                <RowIconButton
                  label={t('workflow.definition.disable')}
                  className="workflow-disable"
                  icon={<StopOutlined />}
                  confirm={t('workflow.definition.confirmDisable', { name: w.name })}
                  onClick={() => disable.mutate(w.id, feedback(t('workflow.definition.disabled')))}
                />
              ))}
          </>
        )}
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('workflow.definition.fields.name'),
            sorter: true,
            render: (name: string, w) => (
              <>
                <Typography.Link onClick={() => void navigate(designPath(w.id))}>
                  {seeded.workflowName(w.code, name)}
                </Typography.Link>
                {w.description && (
                  <>
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                      {w.description}
                    </Typography.Text>
                  </>
                )}
              </>
            ),
          },
          { key: 'code', dataIndex: 'code', title: t('workflow.definition.fields.code'), sorter: true },
          {
            key: 'type',
            dataIndex: 'type',
            title: t('workflow.definition.fields.type'),
            render: (type: WorkflowType) => t(`workflow.type.${type}`),
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('workflow.definition.fields.status'),
            render: (status: WorkflowStatus) => <WorkflowStatusTag status={status} />,
          },
          {
            key: 'version',
            dataIndex: 'version',
            title: t('workflow.definition.fields.version'),
            render: (version: number, w) => (
              <>
                {version > 0 ? <Tag color="blue">{t('workflow.definition.versionN', { version })}</Tag> : '—'}
                {w.hasDraftChanges && (
                  <div>
                    <Badge
                      status="warning"
                      className="workflow-draft-changes"
                      text={
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('workflow.definition.draftChanges')}
                        </Typography.Text>
                      }
                    />
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'createdBy',
            dataIndex: 'createdByName',
            title: t('workflow.definition.fields.createdBy'),
            render: (name: string | null) => name ?? '—',
          },
          {
            key: 'createdAt',
            dataIndex: 'createdAt',
            title: t('workflow.definition.fields.createdAt'),
            sorter: true,
            render: (value: string | null) => formatDateTime(value),
          },
        ]}
        editor={({ id, onClose }) =>
          id === null ? (
            <WorkflowCreateModal onClose={onClose} onCreated={(created) => void navigate(designPath(created.id))} />
          ) : (
            <WorkflowEditDrawer id={id} onClose={onClose} />
          )
        }
      />
      {versionsOf && <VersionsDrawer workflow={versionsOf} onClose={() => setVersionsOf(null)} />}
      {copyOf && <WorkflowCopyModal workflow={copyOf} onClose={() => setCopyOf(null)} />}
    </>
  );
}
