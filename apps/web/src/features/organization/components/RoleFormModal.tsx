import { useEffect } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleCreateSchema, roleDataScopes, type Role, type RoleCreate, type RoleUpdate } from '@casedesk/shared';
import { feedback } from '../../../platform/feedback';
import { schemaRule } from '../../../platform/form-rules';
import { useSave } from '../api';
import { showFailure } from './failure';

type Values = Omit<RoleCreate, 'permissions'>;
const fields = roleCreateSchema.shape;

/** Create (no role) or edit a role's own fields; its permissions are set in the privilege configuration. */
export function RoleFormModal({
  open,
  role,
  onClose,
  onStale,
}: {
  open: boolean;
  role?: Role;
  onClose: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSave<RoleCreate | RoleUpdate>('Role');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (role) form.setFieldsValue(role);
  }, [open, role, form]);

  const what = t('organization.role.what');
  return (
    <Modal
      open={open}
      title={role ? t('organization.common.editTitle', { what }) : t('organization.common.createTitle', { what })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      {role?.isSystem && (
        <Alert type="info" showIcon title={t('organization.role.systemHint')} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ sort: 0, dataScope: 'projects', enabled: true }}
        onFinish={(values) => {
          const body = {
            ...values,
            description: values.description?.trim() ? values.description.trim() : null,
            ...(role ? { id: role.id, rowVersion: role.rowVersion } : { permissions: [] }),
          };
          save.mutate(body as RoleCreate | RoleUpdate, {
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
        <Form.Item required name="name" label={t('organization.common.name')} rules={[schemaRule(fields.name)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item required name="code" label={t('organization.common.code')} rules={[schemaRule(fields.code)]}>
          <Input maxLength={50} disabled={role?.isSystem} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('organization.common.description')}
          rules={[schemaRule(fields.description)]}
        >
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="dataScope" label={t('organization.role.dataScope')}>
          <Select options={roleDataScopes.map((value) => ({ value, label: t(`organization.role.scopes.${value}`) }))} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 24 }}>
          <Form.Item name="sort" label={t('organization.common.sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('organization.common.enabled')} valuePropName="checked">
            <Switch disabled={role?.isSystem} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
