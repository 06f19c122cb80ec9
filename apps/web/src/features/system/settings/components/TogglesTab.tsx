import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@casedesk/shared';
import { GroupForm } from './GroupForm';
import { requiredRule } from '../../../../platform/form-rules';
import { useLookup } from '../../../../platform/crud/resource-api';
import { useSeededName } from '../../../../platform/labels/labels';

export function TogglesTab({ settings, reload }: { settings: Settings; reload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const seeded = useSeededName();
  const roles = useLookup<{ code: string; name: string }>('Role', 'role:view').data ?? [];
  return (
    <GroupForm group="toggles" settings={settings} reload={reload}>
      <Form.Item
        name="lockout"
        label={t('settings.toggles.lockout')}
        extra={t('settings.toggles.lockoutHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['lockout']}>
        {({ getFieldValue }) => (
          <Form.Item name="lockoutAttempts" label={t('settings.toggles.lockoutAttempts')} rules={[requiredRule()]}>
            <InputNumber min={1} max={20} precision={0} disabled={!getFieldValue('lockout')} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item noStyle dependencies={['lockout']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="accountLockAddresses"
            label={t('settings.toggles.accountLockAddresses')}
            extra={t('settings.toggles.accountLockAddressesHelp')}
            rules={[requiredRule()]}
          >
            <InputNumber min={0} max={1000} precision={0} disabled={!getFieldValue('lockout')} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item
        name="privateTickets"
        label={t('settings.toggles.privateTickets')}
        extra={t('settings.toggles.privateTicketsHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="ssoButton"
        label={t('settings.toggles.ssoButton')}
        extra={t('settings.toggles.ssoButtonHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="webhookPrivateAddresses"
        label={t('settings.toggles.webhookPrivateAddresses')}
        extra={t('settings.toggles.webhookPrivateAddressesHelp')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="twoFactorRoles"
        label={t('settings.toggles.twoFactorRoles')}
        extra={t('settings.toggles.twoFactorRolesHelp')}
      >
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={roles.map((r) => ({ value: r.code, label: seeded('role', r.code, r.name) }))}
        />
      </Form.Item>
    </GroupForm>
  );
}
