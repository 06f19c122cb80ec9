import { Collapse, Descriptions, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowNode } from '@casedesk/shared';
import { useWorkflowVersions, type WorkflowRecord } from '../api';
import { formatDateTime } from '../../../platform/format';
import { allNodes, flowChanges, withBranchIds } from './flow-edit';
import { FlowChangeList } from './FlowChangeList';
import { FlowTree } from './FlowTree';
import { useSeededNodes } from './seeded-flow';

const nodeCount = (root: FlowNode) => allNodes(root).length;

/** Every published version of a definition: when, by whom, what changed, how many instances run on it, its graph. */
export function VersionsDrawer({ workflow, onClose }: { workflow: WorkflowRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const seeded = useSeededNodes();
  const versions = useWorkflowVersions(workflow.code);
  const list = [...(versions.data ?? [])].sort((a, b) => b.version - a.version);
  // A version's changes are worded here from the two graphs (the stored summary is English, for API clients).
  const previous = (version: number) => list.find((v) => v.version < version);
  return (
    <Drawer
      open
      destroyOnHidden
      className="wf-versions"
      size={900}
      onClose={onClose}
      title={t('workflow.definition.versionsOf', { name: seeded.workflowName(workflow.code, workflow.name) })}
    >
      {versions.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : list.length === 0 ? (
        <Empty description={t('workflow.definition.noVersions')} />
      ) : (
        <Collapse
          defaultActiveKey={[String(list[0]!.version)]}
          items={list.map((version) => ({
            key: String(version.version),
            className: `wf-version wf-version-${version.version}`,
            label: (
              <Space wrap>
                <Tag color="blue">{t('workflow.definition.versionN', { version: version.version })}</Tag>
                <span>{formatDateTime(version.publishedAt)}</span>
                <Typography.Text type="secondary">{version.publishedByName ?? '—'}</Typography.Text>
                <Tag className="wf-version-instances">
                  {t('workflow.definition.instanceCount', { count: version.instanceCount })}
                </Tag>
              </Space>
            ),
            children: (
              <>
                <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
                  <Descriptions.Item label={t('workflow.definition.summary')}>
                    {previous(version.version) ? (
                      <FlowChangeList
                        changes={flowChanges(
                          withBranchIds(previous(version.version)!.flowChart),
                          withBranchIds(version.flowChart)!,
                        )}
                        empty={t('workflow.definition.noChanges')}
                      />
                    ) : (
                      t('workflow.definition.firstVersion', { count: nodeCount(version.flowChart) })
                    )}
                  </Descriptions.Item>
                  {version.note && (
                    <Descriptions.Item label={t('workflow.definition.note')}>{version.note}</Descriptions.Item>
                  )}
                </Descriptions>
                <FlowTree
                  root={withBranchIds(version.flowChart)!}
                  type={workflow.type}
                  zoom={0.8}
                  rename={seeded.nodeName}
                />
              </>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
