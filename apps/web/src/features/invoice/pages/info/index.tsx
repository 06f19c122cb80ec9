import { useState } from 'react';
import { CheckCircleOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, Row, Skeleton, Space, Table, Typography } from 'antd';
import { StatusResult } from '../../../../platform/StatusResult';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { CustomValues, MoneyLine } from '@casedesk/shared';
import { ApprovalPanel } from '../../../../platform/approval/ApprovalPanel';
import { useActionFeedback } from '../../../../platform/crud/failure';
import { invoiceApi, useCancelInvoice, usePayInvoice } from '../../api';
import { DocumentViewer } from '../../components/DocumentViewer';
import { useKindCustomFields } from '../../../../platform/custom-fields/api';
import { CustomValuesCard } from '../../../../platform/custom-fields/CustomValuesCard';
import { InvoiceEditor } from '../../components/InvoiceEditor';
import { InvoiceStatusTag } from '../../components/InvoiceStatusTag';
import { formatDate, formatDateTime, formatDecimal, formatMoney, formatQuantity } from '../../../../platform/format';

/** An invoice (spec section 2 Invoice): header, lines, totals, the document, its approval; Pay and Cancel. */
export default function InvoiceInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const feedback = useActionFeedback();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : null;
  const detail = invoiceApi.useDetail(validId);
  const customFields = useKindCustomFields('Invoice');
  const pay = usePayInvoice();
  const cancel = useCancelInvoice();
  const [editing, setEditing] = useState(false);
  const f = (key: string) => t(`invoice.fields.${key}`);

  if (detail.isPending && validId) return <Skeleton active className="page-skeleton" />;
  const invoice = detail.data;
  if (!invoice)
    return (
      <StatusResult
        status="404"
        title={t('invoice.info.notFound')}
        extra={<Button onClick={() => void navigate('/invoice/list')}>{t('invoice.info.back')}</Button>}
      />
    );

  const actions = invoice.actions ?? [];
  const money = (value: string) => (
    <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value, invoice.currency)}</span>
  );
  const confirm = (title: string, run: () => void) =>
    modal.confirm({ title, okText: t('common.ok'), cancelText: t('common.cancel'), onOk: run });

  return (
    <Space orientation="vertical" size={16} className="invoice-info-page" style={{ width: '100%' }}>
      <Card className="invoice-info-header">
        <Row justify="space-between" align="middle" gutter={[16, 8]}>
          <Col>
            <Space align="center">
              <Typography.Title level={4} style={{ margin: 0 }} className="invoice-info-title">
                {invoice.invoiceNumber
                  ? t('invoice.info.title', { number: invoice.invoiceNumber })
                  : t('invoice.info.noNumber', { id: invoice.id })}
              </Typography.Title>
              <InvoiceStatusTag status={invoice.status} />
            </Space>
          </Col>
          <Col>
            <Space wrap>
              {actions.includes('edit') && (
                <Button icon={<EditOutlined />} className="invoice-edit" onClick={() => setEditing(true)}>
                  {t('invoice.info.edit')}
                </Button>
              )}
              {actions.includes('pay') && (
                <Button
                  type="primary"
                  icon={<CheckCircleOutlined />}
                  className="invoice-pay"
                  loading={pay.isPending}
                  onClick={() =>
                    confirm(t('invoice.info.payConfirm'), () =>
                      pay.mutate(invoice.id, feedback(t('invoice.info.paid'))),
                    )
                  }
                >
                  {t('invoice.info.pay')}
                </Button>
              )}
              {actions.includes('cancel') && (
                <Button
                  danger
                  icon={<StopOutlined />}
                  className="invoice-cancel"
                  loading={cancel.isPending}
                  onClick={() =>
                    confirm(t('invoice.info.cancelConfirm'), () =>
                      cancel.mutate(invoice.id, feedback(t('invoice.info.cancelled'))),
                    )
                  }
                >
                  {t('invoice.info.cancel')}
                </Button>
              )}
            </Space>
          </Col>
        </Row>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" style={{ marginTop: 16 }}>
          <Descriptions.Item label={f('vendor')}>{invoice.vendorName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={f('invoiceDate')}>{formatDate(invoice.invoiceDate)}</Descriptions.Item>
          <Descriptions.Item label={f('dueDate')}>{formatDate(invoice.dueDate)}</Descriptions.Item>
          <Descriptions.Item label={f('project')}>{invoice.projectName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={f('poNumber')}>{invoice.poNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={f('currency')}>{invoice.currency}</Descriptions.Item>
          <Descriptions.Item label={f('createdBy')}>{invoice.createdByName ?? '—'}</Descriptions.Item>
          {invoice.paidAt && (
            <Descriptions.Item label={f('paidAt')}>{formatDateTime(invoice.paidAt)}</Descriptions.Item>
          )}
          {invoice.description && (
            <Descriptions.Item label={f('description')} span="filled">
              {invoice.description}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>

      <Row gutter={16}>
        <Col xs={24} xl={invoice.documentFileId ? 14 : 24}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title={t('invoice.info.lines')} className="invoice-info-lines">
              <Table<MoneyLine>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={invoice.lines}
                columns={[
                  { title: '#', dataIndex: 'lineNo', width: 48 },
                  { title: f('lineDescription'), dataIndex: 'description' },
                  {
                    title: f('quantity'),
                    dataIndex: 'quantity',
                    align: 'right',
                    render: (v: string) => formatQuantity(v),
                  },
                  {
                    title: f('unitPrice'),
                    dataIndex: 'unitPrice',
                    align: 'right',
                    render: (v: string) => formatDecimal(v),
                  },
                  { title: f('glAccount'), dataIndex: 'glAccount', render: (v: string | null) => v ?? '—' },
                  { title: f('amount'), dataIndex: 'amount', align: 'right', render: (v: string) => formatMoney(v) },
                ]}
                summary={() => (
                  <>
                    {(
                      [
                        ['subtotal', invoice.subtotalAmount, null],
                        ['tax', invoice.taxAmount, `${formatDecimal(invoice.taxRate)}%`],
                        ['total', invoice.totalAmount, null],
                      ] as const
                    ).map(([key, value, note]) => (
                      <Table.Summary.Row key={key}>
                        <Table.Summary.Cell index={0} colSpan={5} align="right">
                          <Typography.Text strong={key === 'total'}>
                            {note ? t('invoice.info.taxAtRate', { rate: note }) : f(key)}
                          </Typography.Text>
                        </Table.Summary.Cell>
                        <Table.Summary.Cell index={1} align="right">
                          <Typography.Text strong={key === 'total'} className={`invoice-info-${key}`}>
                            {money(value)}
                          </Typography.Text>
                        </Table.Summary.Cell>
                      </Table.Summary.Row>
                    ))}
                  </>
                )}
              />
            </Card>
            <CustomValuesCard
              definitions={customFields.data ?? []}
              values={(invoice.customFields ?? {}) as CustomValues}
              title={t('invoice.form.customFields')}
              none={t('invoice.info.noValue')}
            />
            {invoice.status !== 'Indexing' && (
              <Card title={t('invoice.info.approval')} className="invoice-info-approval">
                <ApprovalPanel businessType="Invoice" businessId={invoice.id} />
              </Card>
            )}
          </Space>
        </Col>
        {invoice.documentFileId && (
          <Col xs={24} xl={10}>
            <Card title={t('invoice.info.document')} className="invoice-info-document">
              <DocumentViewer fileId={invoice.documentFileId} />
            </Card>
          </Col>
        )}
      </Row>
      {editing && <InvoiceEditor id={invoice.id} onClose={() => setEditing(false)} />}
    </Space>
  );
}
