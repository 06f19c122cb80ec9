import { Alert, Card, Descriptions, Grid, List, Space, Spin, Steps, Tag, Typography } from 'antd';
import { StatusResult } from '../../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CatalogProgress, InstanceStatus, OpenItemStatus } from '@casedesk/shared';
import { InstanceStatusTag } from '../../../../../platform/approval/InstanceStatusTag';
import { labelLanguage } from '../../../../../platform/custom-field-language';
import { formatDateTime } from '../../../../../platform/format';
import { ApiError } from '../../../../../platform/http/client';
import { useSeededNodeName, useValueLabel } from '../../../../../platform/labels/labels';
import { OpenItemStatusTag } from '../../../../../platform/openItem/OpenItemTags';
import { usePermissions } from '../../../../../platform/permission';
import { useCatalogProgress } from '../../../api';
import { RequestTypeIconView } from '../../../components/request-type-icons';
import '../../../components/request-type.css';

type Step = NonNullable<CatalogProgress['approval']>['steps'][number];
const stepStatus: Record<Step['state'], 'finish' | 'process' | 'wait' | 'error'> = {
  done: 'finish',
  current: 'process',
  waiting: 'wait',
  skipped: 'wait',
  rejected: 'error',
};

/** The approval path as steps: who approves each, when it was done, or that it was skipped. */
function ApprovalSteps({ steps, vertical }: { steps: Step[]; vertical: boolean }) {
  const { t } = useTranslation();
  const nodeName = useSeededNodeName();
  const current = steps.findIndex((s) => s.state === 'current' || s.state === 'rejected');
  return (
    <Steps
      className="catalog-progress-steps"
      orientation={vertical ? 'vertical' : 'horizontal'}
      size="small"
      current={current < 0 ? steps.length : current}
      items={steps.map((step) => ({
        key: step.nodeId,
        title: nodeName(step.nodeId, step.name),
        status: stepStatus[step.state],
        content: (
          <Space orientation="vertical" size={0}>
            {step.approvers.length > 0 && <span>{step.approvers.join(', ')}</span>}
            {step.state === 'skipped' && <span>{t('requestType.progress.skipped')}</span>}
            {step.finishedAt && <span>{formatDateTime(step.finishedAt)}</span>}
          </Space>
        ),
      }))}
    />
  );
}

/** One catalog request as its requester follows it (contract 21): its approval, its fulfilment, its answers. */
export default function CatalogRequestPage() {
  const { t, i18n } = useTranslation();
  const language = labelLanguage(i18n.language);
  const phone = Grid.useBreakpoint().md === false;
  const value = useValueLabel();
  const { has } = usePermissions();
  const ticketId = Number(useParams().id);
  const progress = useCatalogProgress(Number.isSafeInteger(ticketId) ? ticketId : 0);

  if (progress.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (progress.error instanceof ApiError && progress.error.status === 404)
    return (
      <StatusResult
        status="404"
        title={t('requestType.progress.notFound')}
        extra={<Link to="/catalog">{t('requestType.progress.backToCatalog')}</Link>}
      />
    );
  if (!progress.data) return <Alert type="error" showIcon title={t('crud.loadFailed')} />;
  const p = progress.data;

  return (
    <Space orientation="vertical" size={16} className="catalog-progress" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <RequestTypeIconView icon={p.icon} size={20} />
            <span>{p.requestTypeName[language]}</span>
          </Space>
        }
        extra={<Link to="/catalog">{t('requestType.progress.backToCatalog')}</Link>}
      >
        <Descriptions
          column={phone ? 1 : 3}
          size="small"
          items={[
            {
              key: 'case',
              label: t('requestType.progress.caseNumber'),
              children: has('ticket:view') ? (
                <Link to={`/ticket/info/${p.ticketId}`}>{p.caseNumber}</Link>
              ) : (
                p.caseNumber
              ),
            },
            { key: 'subject', label: t('requestType.progress.subject'), children: p.subject },
            {
              key: 'status',
              label: t('requestType.progress.status'),
              children: <Tag>{value('ticketStatus', p.ticketStatus)}</Tag>,
            },
          ]}
        />
      </Card>
      <Card
        title={t('requestType.progress.approval')}
        extra={p.approval && <InstanceStatusTag status={p.approval.status as InstanceStatus} />}
      >
        {p.approval ? (
          <ApprovalSteps steps={p.approval.steps} vertical={phone} />
        ) : (
          <Typography.Text type="secondary">{t('requestType.progress.noApproval')}</Typography.Text>
        )}
      </Card>
      <Card title={t('requestType.progress.fulfilment')}>
        <List
          className="catalog-progress-fulfilment"
          locale={{ emptyText: t('requestType.progress.noFulfilment') }}
          dataSource={p.fulfilment}
          renderItem={(item) => (
            <List.Item
              extra={
                item.status ? (
                  <OpenItemStatusTag status={item.status as OpenItemStatus} />
                ) : (
                  <Tag>{t(`requestType.progress.waitsFor.${item.when}`)}</Tag>
                )
              }
            >
              <List.Item.Meta
                title={item.title}
                description={[item.assigneeName, item.groupName].filter(Boolean).join(' · ') || undefined}
              />
            </List.Item>
          )}
        />
      </Card>
      <Card title={t('requestType.progress.answers')}>
        {p.values.length === 0 ? (
          <Typography.Text type="secondary">{t('requestType.progress.noAnswers')}</Typography.Text>
        ) : (
          <Descriptions
            column={1}
            size="small"
            items={p.values.map((v) => ({ key: v.key, label: v.label[language], children: v.text || '—' }))}
          />
        )}
      </Card>
    </Space>
  );
}
