import { useState } from 'react';
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Popconfirm, Row, Skeleton, Space, Table, Typography } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApprovalPanel } from '../../../../platform/approval/ApprovalPanel';
import { useActionFeedback } from '../../../../platform/crud/failure';
import type { CustomValues } from '@casedesk/shared';
import { requisitionApi } from '../../api';
import { useKindCustomFields } from '../../../../platform/custom-fields/api';
import { CustomValuesCard } from '../../../../platform/custom-fields/CustomValuesCard';
import { RequisitionEditor } from '../../components/RequisitionEditor';
import { RequisitionStatusTag } from '../../components/RequisitionStatusTag';
import { formatDecimal, formatMoney, formatQuantity } from '../../../../platform/format';

/** A requisition: its fields and lines, its approval, and edit or cancel while it may change. */
export default function RequisitionInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : null;
  const detail = requisitionApi.useDetail(validId);
  const customFields = useKindCustomFields('Requisition');
  const cancel = requisitionApi.useCall<{ id: number }>((body) => `Cancel/${body.id}`, false);
  const feedback = useActionFeedback();
  const [editing, setEditing] = useState(false);
  const f = (key: string) => t(`requisition.fields.${key}`);

  if (detail.isPending && validId) return <Skeleton active className="page-skeleton" />;
  const r = detail.data;
  if (!r)
    return (
      <StatusResult
        status="404"
        title={t('requisition.info.notFound')}
        extra={<Button onClick={() => void navigate('/requisition/list')}>{t('requisition.info.back')}</Button>}
      />
    );
  const dash = (v: string | null | undefined) => v || '—';
  // The server's rule (requisition.policy.ts) for this record and caller.
  const canEdit = r.actions?.includes('edit') ?? false;
  const canCancel = r.actions?.includes('cancel') ?? false;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="requisition-info-page">
      <Card>
        <Row justify="space-between" align="middle" gutter={[16, 8]}>
          <Col>
            <Space wrap>
              <Typography.Text copyable strong className="requisition-number">
                {r.requisitionNumber}
              </Typography.Text>
              <RequisitionStatusTag status={r.status} />
            </Space>
            <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
              {r.title}
            </Typography.Title>
          </Col>
          <Col>
            <Space wrap>
              {canEdit && (
                <Button icon={<EditOutlined />} className="requisition-edit" onClick={() => setEditing(true)}>
                  {t('requisition.info.edit')}
                </Button>
              )}
              {canCancel && (
                <Popconfirm
                  title={t('requisition.info.cancelConfirm')}
                  onConfirm={() => cancel.mutate({ id: r.id }, feedback(t('requisition.info.cancelled')))}
                >
                  <Button danger icon={<StopOutlined />} loading={cancel.isPending}>
                    {t('requisition.info.cancel')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={16}>
          <Card title={t('requisition.lines.title')} size="small">
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={r.lines}
              className="requisition-info-lines"
              columns={[
                { key: 'lineNo', dataIndex: 'lineNo', title: '#', width: 50 },
                { key: 'description', dataIndex: 'description', title: t('requisition.lines.description') },
                {
                  key: 'quantity',
                  dataIndex: 'quantity',
                  title: t('requisition.lines.quantity'),
                  align: 'right',
                  render: (q: string) => formatQuantity(q),
                },
                {
                  key: 'unitPrice',
                  dataIndex: 'unitPrice',
                  title: t('requisition.lines.unitPrice'),
                  align: 'right',
                  render: (p: string) => formatDecimal(p),
                },
                {
                  key: 'amount',
                  dataIndex: 'amount',
                  title: t('requisition.lines.amount'),
                  align: 'right',
                  render: (a: string) => formatMoney(a),
                },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={4} align="right">
                    <strong>{t('requisition.lines.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <strong className="requisition-total">{formatMoney(r.totalAmount, r.currency)}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <ApprovalPanel businessType="Requisition" businessId={r.id} />
            <Card title={t('requisition.info.details')} size="small">
              <Descriptions column={1} size="small">
                <Descriptions.Item label={f('requester')}>{dash(r.requesterName)}</Descriptions.Item>
                <Descriptions.Item label={f('project')}>{dash(r.projectName)}</Descriptions.Item>
                <Descriptions.Item label={f('vendor')}>{dash(r.vendorName)}</Descriptions.Item>
                <Descriptions.Item label={f('neededBy')}>{dash(r.neededBy)}</Descriptions.Item>
                <Descriptions.Item label={f('currency')}>{r.currency}</Descriptions.Item>
                <Descriptions.Item label={f('description')}>{dash(r.description)}</Descriptions.Item>
              </Descriptions>
            </Card>
            <CustomValuesCard
              definitions={customFields.data ?? []}
              values={(r.customFields ?? {}) as CustomValues}
              title={t('requisition.custom.title')}
              none={t('requisition.custom.none')}
            />
          </Space>
        </Col>
      </Row>
      {editing && <RequisitionEditor id={r.id} onClose={() => setEditing(false)} />}
    </Space>
  );
}
