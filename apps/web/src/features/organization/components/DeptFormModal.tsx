import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptCreateSchema, type Dept, type DeptCreate, type DeptUpdate } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { useSave, useUserName } from '../api';
import { DeptTreeSelect } from './DeptTreeSelect';
import { showFailure } from './failure';
import { UserSelect } from './UserSelect';

type Values = Omit<DeptCreate, 'orgId'>;
const fields = deptCreateSchema.shape;

/** Create (optionally under a parent) or edit a department. */
export function DeptFormModal({
  open,
  dept,
  parentId,
  onClose,
  onStale,
}: {
  open: boolean;
  dept?: Dept;
  parentId?: number;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSave<DeptCreate | DeptUpdate>('Dept');
  const leader = useUserName(dept?.leaderId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (dept) form.setFieldsValue(dept);
    else if (parentId !== undefined) form.setFieldsValue({ parentId });
  }, [open, dept, parentId, form]);

  const what = t('organization.dept.what');
  return (
    <Modal
      open={open}
      title={dept ? t('organization.common.editTitle', { what }) : t('organization.common.createTitle', { what })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sort: 0, status: 'Active', parentId: null, leaderId: null }}
        onFinish={(values) => {
          const body = {
            ...values,
            parentId: values.parentId ?? null,
            leaderId: values.leaderId ?? null,
            orgId: dept?.orgId ?? null,
            ...(dept ? { id: dept.id, rowVersion: dept.rowVersion } : {}),
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
          <Col xs={24} md={12}>
            <Form.Item name="parentId" label={t('organization.common.parent')}>
              <DeptTreeSelect excludeId={dept?.id} placeholder={t('organization.dept.noParent')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="leaderId" label={t('organization.dept.leader')}>
              <UserSelect known={leader.data ? [leader.data] : []} />
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
