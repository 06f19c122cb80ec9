import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, CheckOutlined, DeleteOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  Row,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  invoiceCreateSchema,
  moneyLineInputSchema,
  type IndexFinish,
  type IndexingDetail,
  type InvoiceProposals,
} from '@casedesk/shared';
import { useActionFeedback, useSaveFailure } from '../../../../../platform/crud/failure';
import { schemaRule } from '../../../../../platform/form-rules';
import { RemoteSelect } from '../../../../../platform/pickers/RemoteSelect';
import { searchIndexVendors, useIndexDetail, useIndexFinish, useIndexRelease } from '../indexing-api';
import { DocumentViewer } from './DocumentViewer';

type Line = { description?: string; quantity?: string; unitPrice?: string; glAccount?: string | null };
type Values = {
  vendorId?: number | null;
  invoiceNumber?: string;
  invoiceDate?: Dayjs | null;
  dueDate?: Dayjs | null;
  currency?: string;
  poNumber?: string | null;
  taxRate?: string;
  description?: string | null;
  lines: Line[];
};

/** The capture fields a proposal can fill. */
const proposable = ['vendorId', 'invoiceNumber', 'invoiceDate', 'dueDate', 'currency', 'poNumber'] as const;
type Proposable = (typeof proposable)[number];

function initialValues(proposals: InvoiceProposals | null): Values {
  const date = (text: string | null | undefined) => (text ? dayjs(text) : null);
  return {
    vendorId: proposals?.vendorId ?? null,
    invoiceNumber: proposals?.invoiceNumber ?? '',
    invoiceDate: date(proposals?.invoiceDate),
    dueDate: date(proposals?.dueDate),
    currency: proposals?.currency ?? 'USD',
    poNumber: proposals?.poNumber ?? null,
    taxRate: '0',
    description: null,
    // The document's total as one line, to be split or corrected by the person keying it in.
    lines: [{ description: '', quantity: '1', unitPrice: proposals?.totalAmount ?? '', glAccount: null }],
  };
}

const shape = invoiceCreateSchema.shape;
const lineShape = moneyLineInputSchema.shape;

/**
 * A claimed document: the viewer next to the capture form, the proposals filled in and marked as proposed
 * until the person changes or confirms each; Finish makes the invoice a Draft (the server computes the amounts).
 */
export function CaptureView({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useIndexDetail(id);
  if (!detail.data)
    return (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 320 }}>
        <Spin />
      </div>
    );
  return <Capture detail={detail.data} onClose={onClose} t={t} />;
}

function Capture({
  detail,
  onClose,
  t,
}: {
  detail: IndexingDetail;
  onClose: () => void;
  t: ReturnType<typeof useTranslation>['t'];
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const finish = useIndexFinish();
  const release = useIndexRelease();
  const saveFailure = useSaveFailure();
  const actionFeedback = useActionFeedback();
  const proposals = detail.document?.proposals ?? null;
  const initial = useMemo(() => initialValues(proposals), [proposals]);
  // A proposed field stays marked until the person changes it or confirms it.
  const [checked, setChecked] = useState<Set<Proposable>>(new Set());
  const isProposed = (field: Proposable) => {
    const value = field === 'vendorId' ? proposals?.vendorId : proposals?.[field];
    return value !== null && value !== undefined && !checked.has(field);
  };
  const check = (field: Proposable) => setChecked((s) => new Set(s).add(field));

  const label = (field: Proposable) => (
    <Space size={6}>
      <span>{t(`invoice.indexing.fields.${field}`)}</span>
      {isProposed(field) && (
        <Tooltip
          title={
            field === 'vendorId' && proposals?.vendorMatchedBy
              ? t(`invoice.indexing.capture.vendorBy.${proposals.vendorMatchedBy}`, { name: proposals.vendorName })
              : t('invoice.indexing.capture.proposedHint')
          }
        >
          <Tag
            color="gold"
            className="index-proposed"
            data-field={field}
            style={{ cursor: 'pointer', marginInlineEnd: 0 }}
            onClick={() => check(field)}
          >
            {t('invoice.indexing.capture.proposedTag')} <CheckOutlined />
          </Tag>
        </Tooltip>
      )}
    </Space>
  );

  const submit = async () => {
    const v = await form.validateFields();
    const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
    const body: IndexFinish = {
      id: detail.invoice.id,
      rowVersion: detail.invoice.rowVersion,
      vendorId: v.vendorId!,
      invoiceNumber: v.invoiceNumber!,
      invoiceDate: day(v.invoiceDate)!,
      dueDate: day(v.dueDate),
      currency: v.currency!,
      poNumber: v.poNumber || null,
      taxRate: v.taxRate || '0',
      description: v.description || null,
      lines: v.lines.map((l) => ({
        description: l.description ?? '',
        quantity: l.quantity ?? '',
        unitPrice: l.unitPrice ?? '',
        glAccount: l.glAccount || null,
      })),
    };
    finish.mutate(body, {
      onSuccess: ({ id }) => {
        void message.success(t('invoice.indexing.capture.finished'));
        void navigate(`/invoice/info/${id}`);
      },
      onError: (error) => saveFailure(error, form, null),
    });
  };

  const file = detail.file;
  return (
    <Flex vertical gap={12} className="invoice-capture">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={onClose}>
            {t('invoice.indexing.capture.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('invoice.indexing.capture.title', { name: file?.name ?? `#${detail.invoice.id}` })}
          </Typography.Title>
          {detail.document?.pages ? (
            <Tag>{t('invoice.indexing.capture.pages', { count: detail.document.pages })}</Tag>
          ) : null}
        </Space>
        <Space>
          <Button
            icon={<UnlockOutlined />}
            onClick={() =>
              release.mutate(detail.invoice.id, {
                ...actionFeedback(t('invoice.indexing.released')),
                onSuccess: () => {
                  void message.success(t('invoice.indexing.released'));
                  onClose();
                },
              })
            }
          >
            {t('invoice.indexing.release')}
          </Button>
          <Button type="primary" className="index-finish" loading={finish.isPending} onClick={() => void submit()}>
            {t('invoice.indexing.capture.finish')}
          </Button>
        </Space>
      </Flex>
      <Row gutter={16}>
        <Col xs={24} lg={12}>
          <Card styles={{ body: { padding: 8, height: 'calc(100vh - 230px)', minHeight: 480 } }}>
            <DocumentViewer file={file} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card>
            {proposals ? (
              <Alert
                type="info"
                showIcon
                title={t('invoice.indexing.capture.proposedHint')}
                style={{ marginBottom: 16 }}
              />
            ) : (
              <Alert
                type="warning"
                showIcon
                title={t('invoice.indexing.capture.noProposals')}
                description={detail.document?.error ? t(`invoice.indexing.read.${detail.document.error}`) : undefined}
                style={{ marginBottom: 16 }}
              />
            )}
            <Form<Values>
              form={form}
              layout="vertical"
              initialValues={initial}
              className="index-capture-form"
              onValuesChange={(changed: Partial<Values>) =>
                proposable.forEach((field) => field in changed && check(field))
              }
            >
              <Row gutter={12}>
                <Col span={24}>
                  <Form.Item name="vendorId" label={label('vendorId')} rules={[{ required: true }]}>
                    <RemoteSelect
                      queryKey={['resource', 'Vendor', 'index-options']}
                      search={searchIndexVendors}
                      known={
                        proposals?.vendorId && proposals.vendorName
                          ? [{ value: proposals.vendorId, label: proposals.vendorName }]
                          : []
                      }
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    name="invoiceNumber"
                    label={label('invoiceNumber')}
                    rules={[schemaRule(shape.invoiceNumber)]}
                  >
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="poNumber" label={label('poNumber')} rules={[schemaRule(shape.poNumber)]}>
                    <Input allowClear />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item name="invoiceDate" label={label('invoiceDate')} rules={[{ required: true }]}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={8}>
                  <Form.Item name="dueDate" label={label('dueDate')}>
                    <DatePicker style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={4}>
                  <Form.Item name="currency" label={label('currency')} rules={[schemaRule(shape.currency)]}>
                    <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={4}>
                  <Form.Item
                    name="taxRate"
                    label={t('invoice.indexing.fields.taxRate')}
                    rules={[schemaRule(shape.taxRate)]}
                  >
                    <Input suffix="%" />
                  </Form.Item>
                </Col>
              </Row>
              {proposals?.totalAmount && (
                <Typography.Paragraph type="secondary">
                  {t('invoice.indexing.capture.documentTotal', {
                    amount: `${proposals.currency ?? ''} ${proposals.totalAmount}`.trim(),
                  })}
                </Typography.Paragraph>
              )}
              <Typography.Text strong>{t('invoice.indexing.fields.lines')}</Typography.Text>
              <Form.List name="lines">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((field) => (
                      <Row key={field.key} gutter={8} align="top" className="index-line">
                        <Col xs={24} md={9}>
                          <Form.Item name={[field.name, 'description']} rules={[schemaRule(lineShape.description)]}>
                            <Input placeholder={t('invoice.indexing.fields.lineDescription')} />
                          </Form.Item>
                        </Col>
                        <Col xs={8} md={4}>
                          <Form.Item name={[field.name, 'quantity']} rules={[schemaRule(lineShape.quantity)]}>
                            <Input placeholder={t('invoice.indexing.fields.quantity')} />
                          </Form.Item>
                        </Col>
                        <Col xs={8} md={5}>
                          <Form.Item name={[field.name, 'unitPrice']} rules={[schemaRule(lineShape.unitPrice)]}>
                            <Input placeholder={t('invoice.indexing.fields.unitPrice')} />
                          </Form.Item>
                        </Col>
                        <Col xs={6} md={4}>
                          <Form.Item name={[field.name, 'glAccount']}>
                            <Input placeholder={t('invoice.indexing.fields.glAccount')} />
                          </Form.Item>
                        </Col>
                        <Col xs={2} md={2}>
                          <Button
                            type="text"
                            danger
                            icon={<DeleteOutlined />}
                            disabled={fields.length === 1}
                            aria-label={t('invoice.indexing.fields.removeLine')}
                            onClick={() => remove(field.name)}
                          />
                        </Col>
                      </Row>
                    ))}
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => add({ description: '', quantity: '1', unitPrice: '', glAccount: null })}
                    >
                      {t('invoice.indexing.fields.addLine')}
                    </Button>
                  </>
                )}
              </Form.List>
              <Form.Item
                name="description"
                label={t('invoice.indexing.fields.description')}
                style={{ marginTop: 16 }}
                rules={[schemaRule(shape.description)]}
              >
                <Input.TextArea rows={2} />
              </Form.Item>
            </Form>
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
