import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../../platform/permission';
import { workflowApi } from '../../api';
import { Designer } from '../../components/Designer';
import { WorkflowStatusTag } from '../../components/node-texts';
import { WorkflowCreateModal } from '../../components/WorkflowCreateModal';

/** `/workflow/design?id=<workflowId>`: the designer; without an id, pick a definition or create one. */
export default function WorkflowDesignPage() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const open = (next: number) => setParams({ id: String(next) });
  if (Number.isInteger(id) && id > 0) return <Designer key={id} id={id} />;
  return <PickWorkflow onOpen={open} />;
}

function PickWorkflow({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [creating, setCreating] = useState(false);
  const [keyword, setKeyword] = useState('');
  const list = workflowApi.useList({ page: 1, pageSize: 50, keyword: keyword || undefined });
  const options = useMemo(
    () =>
      (list.data?.items ?? []).map((w) => ({
        value: w.id,
        label: (
          <Flex justify="space-between" gap={8}>
            <span>
              {w.name} <Typography.Text type="secondary">{w.code}</Typography.Text>
            </span>
            <span>
              {t(`workflow.type.${w.type}`)} <WorkflowStatusTag status={w.status} />
            </span>
          </Flex>
        ),
      })),
    [list.data, t],
  );
  return (
    <Card variant="borderless" className="wf-design-pick">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('workflow.design.title')}
      </Typography.Title>
      <Empty description={t('workflow.design.pickHint')} style={{ margin: '32px 0' }}>
        <Space wrap>
          <Select<number>
            className="wf-design-open"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('workflow.design.pick')}
            loading={list.isFetching}
            options={options}
            onChange={onOpen}
            style={{ width: 420 }}
            notFoundContent={list.isFetching ? <Spin size="small" /> : t('crud.picker.noMatch')}
          />
          {has('workflow:create') && (
            <Button type="primary" className="wf-design-new" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('workflow.definition.create')}
            </Button>
          )}
        </Space>
      </Empty>
      {!has('workflow:edit') && <Alert type="info" showIcon title={t('workflow.design.readOnly')} />}
      {creating && (
        <WorkflowCreateModal
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            onOpen(created.id);
          }}
        />
      )}
    </Card>
  );
}
