import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, CheckOutlined, UnlockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, Row, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { IndexFinish, IndexingDetail, InvoiceProposals } from '@casedesk/shared';
import { useActionFeedback, useSaveFailure } from '../../../../../platform/crud/failure';
import { emptyInvoiceValues, invoiceBody, type InvoiceFormValues } from '../../../components/invoice-form-values';
import { InvoiceForm } from '../../../components/InvoiceForm';
import { useIndexDetail, useIndexFinish, useIndexRelease } from '../indexing-api';
import { DocumentViewer } from '../../../components/DocumentViewer';

/** The capture fields a proposal can fill (the lines: one line of the document's total). */
const proposable = ['vendorId', 'invoiceNumber', 'invoiceDate', 'dueDate', 'currency', 'poNumber', 'lines'] as const;
type Proposable = (typeof proposable)[number];

function initialValues(proposals: InvoiceProposals | null): InvoiceFormValues {
  const date = (text: string | null | undefined) => (text ? dayjs(text) : null);
  const empty = emptyInvoiceValues();
  if (!proposals) return { ...empty, invoiceDate: null };
  return {
    ...empty,
    vendorId: proposals.vendorId ?? null,
    invoiceNumber: proposals.invoiceNumber ?? undefined,
    invoiceDate: date(proposals.invoiceDate),
    dueDate: date(proposals.dueDate),
    currency: proposals.currency ?? empty.currency,
    poNumber: proposals.poNumber ?? null,
    // The document's total as one line, for the person to describe, split or correct.
    lines: [{ description: '', quantity: '1', unitPrice: proposals.totalAmount ?? '' }],
  };
}

/** What was proposed for a field, as the form holds it (null: nothing proposed). */
function proposedValue(proposals: InvoiceProposals | null, field: Proposable): string | number | null {
  if (!proposals) return null;
  if (field === 'lines') return proposals.totalAmount;
  return proposals[field];
}
function formValue(values: InvoiceFormValues | undefined, field: Proposable): string | number | null {
  const value = values?.[field];
  if (field === 'lines') {
    const lines = values?.lines ?? [];
    return lines.length === 1 && lines[0]?.quantity === '1' ? (lines[0].unitPrice ?? null) : null;
  }
  if (dayjs.isDayjs(value)) return value.format('YYYY-MM-DD');
  return (value as string | number | null | undefined) ?? null;
}

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
  const [form] = Form.useForm<InvoiceFormValues>();
  const finish = useIndexFinish();
  const release = useIndexRelease();
  const saveFailure = useSaveFailure();
  const actionFeedback = useActionFeedback();
  const proposals = detail.document?.proposals ?? null;
  const initial = useMemo(() => initialValues(proposals), [proposals]);
  const values = Form.useWatch([], form) as InvoiceFormValues | undefined;
  // A proposed field stays marked until the person changes it, or confirms the proposals.
  const [confirmed, setConfirmed] = useState(false);
  const proposed = confirmed
    ? []
    : proposable.filter((field) => {
        const wanted = proposedValue(proposals, field);
        if (wanted === null) return false;
        const current = values ? formValue(values, field) : wanted;
        return current === wanted;
      });

  const submit = async () => {
    let v: InvoiceFormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    // The document stays the uploaded one: finishing takes no `documentFileId`.
    const { documentFileId: _document, ...fields } = invoiceBody(v);
    const body = { ...fields, id: detail.invoice.id, rowVersion: detail.invoice.rowVersion } as IndexFinish;
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
            {file ? (
              <DocumentViewer fileId={file.id} height={640} />
            ) : (
              <Empty description={t('invoice.indexing.viewer.noDocument')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card>
            {proposals ? (
              <Alert
                type="info"
                showIcon
                title={t('invoice.indexing.capture.proposedHint')}
                description={
                  proposals.vendorId && proposals.vendorMatchedBy
                    ? t(`invoice.indexing.capture.vendorBy.${proposals.vendorMatchedBy}`, {
                        name: proposals.vendorName,
                      })
                    : undefined
                }
                action={
                  proposed.length > 0 ? (
                    <Button
                      size="small"
                      icon={<CheckOutlined />}
                      className="index-confirm"
                      onClick={() => setConfirmed(true)}
                    >
                      {t('invoice.indexing.capture.confirm')}
                    </Button>
                  ) : undefined
                }
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
            <InvoiceForm
              form={form}
              initialValues={initial}
              proposed={proposed}
              labels={
                proposals?.vendorId && proposals.vendorName
                  ? { vendor: { value: proposals.vendorId, label: proposals.vendorName } }
                  : {}
              }
              showDocument={false}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
