import { Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleCreateSchema, roleDataScopes, type Role, type RoleCreate } from '@casedesk/shared';
import { HistorySection } from '../../../platform/audit/HistoryTab';
import { schemaRule } from '../../../platform/form-rules';
import { roleApi } from '../api';
import { DescriptionItem, NameItem, RecordFormModal, SortItem, textOrNull } from './RecordFormModal';

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

  return (
    <RecordFormModal<Values>
      open={open}
      form={form}
      api={roleApi}
      what={t('organization.role.what')}
      record={role}
      fill={role}
      initialValues={{ sort: 0, dataScope: 'projects', enabled: true }}
      toBody={(values) => ({
        ...values,
        description: textOrNull(values.description),
        ...(role ? {} : { permissions: [] }),
      })}
      width={560}
      onClose={onClose}
      onStale={() => {
        onStale();
        onClose();
      }}
      banner={
        role?.isSystem && (
          <Alert type="info" showIcon title={t('organization.role.systemHint')} style={{ marginBottom: 16 }} />
        )
      }
    >
      <NameItem rule={fields.name} maxLength={50} />
      <Form.Item required name="code" label={t('organization.common.code')} rules={[schemaRule(fields.code)]}>
        <Input maxLength={50} disabled={role?.isSystem} />
      </Form.Item>
      <DescriptionItem rule={fields.description} />
      <Form.Item name="dataScope" label={t('organization.role.dataScope')}>
        <Select options={roleDataScopes.map((value) => ({ value, label: t(`organization.role.scopes.${value}`) }))} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 24 }}>
        <SortItem fullWidth={false} />
        <Form.Item name="enabled" label={t('organization.common.enabled')} valuePropName="checked">
          <Switch disabled={role?.isSystem} />
        </Form.Item>
      </div>
      <HistorySection entity="Role" entityId={role?.id} valueKinds={{ dataScope: 'dataScope' }} />
    </RecordFormModal>
  );
}
