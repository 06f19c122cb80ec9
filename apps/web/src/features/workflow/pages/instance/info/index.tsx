import { lazy, Suspense, useState } from 'react';
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Empty, Grid, Row, Skeleton, Space, Typography } from 'antd';
import { StatusResult } from '../../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  businessFields,
  customValueText,
  type CustomFieldValue,
  type FlowNode,
  type WorkflowInstanceInfo,
  type WorkflowType,
} from '@casedesk/shared';
import { InstanceStatusTag } from '../../../../../platform/approval/InstanceStatusTag';
import { useSession } from '../../../../../platform/auth-store';
import { useActionFeedback } from '../../../../../platform/crud/failure';
import { useInstanceInfo, useWorkflowAction, workflowActionCalls, type WorkflowCall } from '../../../api';
import { InstanceSteps } from '../../../components/InstanceSteps';
import { ActionModal, type ActionRequest } from '../../../components/ActionModal';
import { InstanceTimeline } from '../../../components/InstanceTimeline';
import { labelLanguage } from '../../../../../platform/custom-field-language';
import { formatDateTime } from '../../../../../platform/format';
import { FieldValue } from '../../../components/node-texts';
import { useSeededNodes } from '../../../components/seeded-flow';

// The graph library is the heaviest part of the page: it comes after the header and the buttons.
const InstanceGraph = lazy(() =>
  import('../../../components/InstanceGraph').then((module) => ({ default: module.InstanceGraph })),
);

/** Where each record type's own page is. */
const recordPages: Record<WorkflowType, (id: number) => string> = {
  Ticket: (id) => `/ticket/info/${id}`,
  Invoice: (id) => `/invoice/info/${id}`,
  Requisition: (id) => `/requisition/info/${id}`,
};

// The order buttons appear in; anything the server offers that the page has no call for is left out.
const buttonOrder: WorkflowCall[] = [
  'approve',
  'resubmit',
  'reject',
  'return',
  'assign',
  'removeSigner',
  'transfer',
  'handoff',
  'recall',
  'urge',
  'cancel',
];
const callable = (action: string): action is WorkflowCall => action in workflowActionCalls;

function ActionButtons({ info, onAction }: { info: WorkflowInstanceInfo; onAction: (r: ActionRequest) => void }) {
  const { t } = useTranslation();
  const several = info.myTasks.length > 1;
  const sorted = (actions: readonly string[]) =>
    buttonOrder.filter((action) => actions.includes(action) && callable(action));
  return (
    <Space wrap className="instance-actions">
      {info.myTasks.flatMap((task) =>
        sorted(task.actions).map((action) => (
          <Button
            key={`${task.taskId}-${action}`}
            type={action === 'approve' || action === 'resubmit' ? 'primary' : 'default'}
            danger={action === 'reject'}
            className={`action-${action}`}
            onClick={() => onAction({ action, task })}
          >
            {several ? `${task.nodeName}: ` : ''}
            {t(`workflow.action.button.${action}`)}
          </Button>
        )),
      )}
      {sorted(info.actions).map((action) => (
        <Button
          key={action}
          className={`action-${action}`}
          danger={action === 'cancel'}
          onClick={() => onAction({ action, task: null })}
        >
          {t(`workflow.action.button.${action}`)}
        </Button>
      ))}
    </Space>
  );
}

/** Node names by id, through every branch: the header names the current steps of the instance's own version. */
function nodeNames(root: FlowNode, names = new Map<string, string>()): Map<string, string> {
  for (let node: FlowNode | null | undefined = root; node; node = node.next) {
    names.set(node.id, node.name);
    if (node.type === 'condition' || node.type === 'parallel')
      for (const branch of node.branches) if (branch.next) nodeNames(branch.next, names);
  }
  return names;
}

/**
 * One approval: header, the buttons the server allows, the graph of its own version, the record, the timeline. On a
 * phone the graph is a vertical list of steps; printed, the page is the record, that list and every action.
 */
export default function InstanceInfoPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : 0;
  const query = useInstanceInfo(validId);
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const me = useSession().userInfo?.userId;
  const seeded = useSeededNodes();
  const phone = Grid.useBreakpoint().md === false;
  const run = useWorkflowAction();
  const urged = useActionFeedback()(t('workflow.action.done.urge'));

  if (query.isPending && validId) return <Skeleton active className="page-skeleton" />;
  // The demo workflows' seeded names read in the user's language, on the page and in its dialogs.
  const info = query.data && seeded.instanceInfo(query.data);
  if (!info)
    return (
      <StatusResult
        status="404"
        title={t('workflow.instance.notFound')}
        extra={<Button onClick={() => void navigate('/task')}>{t('workflow.instance.back')}</Button>}
      />
    );

  const { instance } = info;
  // The fixed fields, then the custom ones (labels in the reader's language; hidden ones the server left out).
  const language = labelLanguage(i18n.language);
  const shownFields = [
    ...businessFields[instance.businessType]
      .filter((f) => f.name in info.fields && info.fieldAccess[f.name] !== 'hidden')
      .map(({ name }) => ({ name, label: t(`workflow.field.${instance.businessType}.${name}`) })),
    ...info.customFields
      .filter((def) => `custom.${def.key}` in info.fields)
      .map((def) => {
        const name = `custom.${def.key}`;
        // Worded in the screen's language here; a person's name is the server's (names read the same everywhere).
        const text = customValueText(def, info.fields[name] as CustomFieldValue, language, {
          yes: t('values.boolean.true'),
          no: t('values.boolean.false'),
          userName: () => info.fieldTexts[name],
        });
        return { name, label: def.label[language], text };
      }),
  ];
  const names = nodeNames(info.flowChart);
  const currentNames = instance.currentNodes.map((id) => names.get(id) ?? id);
  // Urge asks nothing more: it is sent at once; every other action opens its dialog.
  const onAction = (next: ActionRequest) =>
    next.action === 'urge' ? run.mutate({ call: 'urge', body: { instanceId: instance.id } }, urged) : setRequest(next);
  const steps = (
    <InstanceSteps
      flowChart={info.flowChart}
      path={info.path}
      currentNodes={instance.currentNodes}
      tasks={info.tasks}
    />
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="instance-info-page">
      <Card>
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Space wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }} className="instance-title">
              <Link to={recordPages[instance.businessType](instance.businessId)}>{instance.title}</Link>
            </Typography.Title>
            <InstanceStatusTag status={instance.status} />
          </Space>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className="instance-header">
            <Descriptions.Item label={t('workflow.instance.fields.workflow')}>
              {t('workflow.instance.versionOf', { name: instance.workflowName, version: instance.version })}
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.instance.fields.initiator')}>
              {instance.initiatorName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.instance.fields.startedAt')}>
              {formatDateTime(instance.startedAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.instance.fields.finishedAt')}>
              {formatDateTime(instance.finishedAt)}
            </Descriptions.Item>
            {instance.status === 'Running' && (
              <Descriptions.Item label={t('workflow.instance.fields.current')}>
                {currentNames.join(', ') || '—'}
              </Descriptions.Item>
            )}
          </Descriptions>
          <Space wrap className="print-hide">
            <ActionButtons info={info} onAction={onAction} />
            <Button icon={<PrinterOutlined />} className="instance-print" onClick={() => window.print()}>
              {t('workflow.instance.print')}
            </Button>
          </Space>
        </Space>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title={t('workflow.instance.graph.title')} size="small" className="instance-path">
            {phone ? (
              steps
            ) : (
              <>
                <div className="print-hide">
                  <Suspense fallback={<Skeleton active />}>
                    <InstanceGraph
                      flowChart={info.flowChart}
                      path={info.path}
                      currentNodes={instance.currentNodes}
                      tasks={info.tasks}
                    />
                  </Suspense>
                </div>
                {/* The drawn graph does not print well: paper gets the list of steps. */}
                <div className="print-only">{steps}</div>
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t('workflow.instance.record')} size="small" className="instance-record">
              {shownFields.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.instance.noFields')} />
              ) : (
                <Descriptions column={1} size="small">
                  {shownFields.map(({ name, label, text }: { name: string; label: string; text?: string }) => (
                    <Descriptions.Item key={name} label={label}>
                      <FieldValue
                        type={instance.businessType}
                        field={name}
                        value={info.fields[name]}
                        text={text ?? info.fieldTexts[name]}
                      />
                    </Descriptions.Item>
                  ))}
                </Descriptions>
              )}
            </Card>
            <Card title={t('workflow.instance.timeline')} size="small">
              <InstanceTimeline log={info.log} />
            </Card>
          </Space>
        </Col>
      </Row>
      {request && (
        <ActionModal
          request={request}
          info={info}
          // Someone else's approval is cancelled by an administrator, who gives a reason.
          admin={instance.initiatorId !== me}
          onClose={() => setRequest(null)}
        />
      )}
    </Space>
  );
}
