import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { positionCreateSchema, type Position, type PositionCreate, type PositionUpdate } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { useSave } from '../api';
import { showFailure } from './failure';

type Values = PositionCreate;
const fields = positionCreateSchema.shape;

/** Create or edit a position. */
export function PositionFormModal({
  open,
  position,
  onClose,
  onStale,
}: {
  open: boolean;
  position?: Position;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSave<PositionCreate | PositionUpdate>('Position');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (position) form.setFieldsValue(position);
  }, [open, position, form]);

  const what = t('organization.position.what');
  return (
    <Modal
      open={open}
      title={position ? t('organization.common.editTitle', { what }) : t('organization.common.createTitle', { what })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sort: 0, status: 'Active' }}
        onFinish={(values) => {
          const body = {
            ...values,
            description: values.description?.trim() ? values.description.trim() : null,
            ...(position ? { id: position.id, rowVersion: position.rowVersion } : {}),
          };
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
          <Col span={24}>
            <Form.Item
              name="description"
              label={t('organization.common.description')}
              rules={[schemaRule(fields.description)]}
            >
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </Col>
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
