import { useEffect, type ReactNode } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { useSave, type Resource } from '../api';
import { showFailure } from './failure';

type Saved = { id: number; rowVersion: number };

/**
 * Create or edit a record with a name, a code, a sort and a status (departments, positions): the modal, the
 * save with its rowVersion and the failures; `children` are the record's own fields, between code and sort.
 */
export function CodeFormModal<Values extends object>({
  open,
  resource,
  what,
  record,
  fields,
  defaults,
  initial,
  toBody,
  width,
  onClose,
  onStale,
  children,
}: {
  open: boolean;
  resource: Resource;
  /** The record's name in titles ("department"). */
  what: string;
  record?: Saved & Partial<Values>;
  fields: { name: z.ZodType; code: z.ZodType };
  defaults: Partial<Values>;
  /** Values a new record starts with beyond the defaults (e.g. its parent). */
  initial?: Partial<Values>;
  toBody: (values: Values) => Record<string, unknown>;
  width: number;
  onClose: () => void;
  onStale: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSave<Record<string, unknown>>(resource);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (record) form.setFieldsValue(record as Parameters<typeof form.setFieldsValue>[0]);
    else if (initial) form.setFieldsValue(initial as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, record, initial, form]);

  return (
    <Modal
      open={open}
      title={record ? t('organization.common.editTitle', { what }) : t('organization.common.createTitle', { what })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={width}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sort: 0, status: 'Active', ...defaults }}
        onFinish={(values) => {
          const body = { ...toBody(values), ...(record ? { id: record.id, rowVersion: record.rowVersion } : {}) };
          save.mutate(body, {
            onSuccess: () => {
              feedback.success(t('server.operationSuccessful'));
              onClose();
            },
            onError: (error) =>
              showFailure(error, form, () => {
                onStale();
                onClose();
              }),
          });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item required name="name" label={t('organization.common.name')} rules={[schemaRule(fields.name)]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item required name="code" label={t('organization.common.code')} rules={[schemaRule(fields.code)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          {children}
          <Col xs={24} md={12}>
            <Form.Item name="sort" label={t('organization.common.sort')}>
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="status" label={t('organization.common.status.label')}>
              <Select
                options={(['Active', 'Inactive'] as const).map((value) => ({
                  value,
                  label: t(`organization.common.status.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
